import ArborCore
import ArborSession

/// A `ResultSource` over a `WindowedResult`: it answers from the windows in
/// memory and never queries on the UI thread. A row of a window not loaded yet
/// is nil (drawn as "loading…"), and its window is asked for with `load`, which
/// loads it on the session's worker and wakes the UI when it is there.
public struct WindowedResultSource: ResultSource, @unchecked Sendable {
    public let window: WindowedResult
    let load: @Sendable (Range<Int>) -> Void
    /// Fetches more rows of a root row's cut to-many child (row index, child key).
    let more: @Sendable (Int, String) -> Void

    public init(
        window: WindowedResult, load: @escaping @Sendable (Range<Int>) -> Void,
        more: @escaping @Sendable (Int, String) -> Void = { _, _ in }
    ) {
        self.window = window
        self.load = load
        self.more = more
    }

    /// Only the children of root rows are cut (`WindowedResult.childCap`).
    public func loadMore(at path: NodePath) -> Bool {
        guard path.steps.count == 2, let node = node(at: path), node.isTruncated,
            case .toMany(let key, _, _, _) = node
        else { return false }
        more(path.steps[0], key)
        return true
    }

    public var table: String { window.plan.table }
    public var rowCount: Int? { window.knownRowCount }

    public func rows(in range: Range<Int>) -> [ResultRow] {
        range.compactMap(root)
    }

    public func node(at path: NodePath) -> ResultNode? {
        walk(path)?.node
    }

    public func childCount(of path: NodePath) -> Int? {
        walk(path)?.childCount
    }

    private func root(_ index: Int) -> ResultRow? {
        if let row = window.cachedRow(at: index) { return row }
        if let range = window.windowToLoad(forRow: index) { load(range) }
        return nil
    }

    private func walk(_ path: NodePath) -> ArrayResultSource.Step? {
        guard let first = path.steps.first, let row = root(first) else { return nil }
        return ArrayResultSource.Step.walk(from: row, table: table, path: path)
    }
}
