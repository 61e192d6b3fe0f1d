import ArborCore
import ArborSession

/// A windowed result as an effect names it: the same result, compared by identity.
public struct WindowReference: Equatable, @unchecked Sendable {
    public let window: WindowedResult

    public init(_ window: WindowedResult) { self.window = window }

    public static func == (a: WindowReference, b: WindowReference) -> Bool { a.window === b.window }
}

/// More rows of a root row's cut to-many child, to fetch (`Effect.loadMoreChildren`).
public struct MoreRows: Equatable, Sendable {
    public var window: WindowReference
    public var row: Int
    public var key: String
}

/// A `ResultSource` over a `WindowedResult`: it answers from the windows in
/// memory and never queries, nor asks for anything: a row of a window not
/// loaded yet is nil (drawn as "loading…"). `update` names the windows the
/// screen needs (`AppState.missingWindows`) as effects the worker runs.
public struct WindowedResultSource: ResultSource, Sendable {
    public let reference: WindowReference
    public var window: WindowedResult { reference.window }

    public init(window: WindowedResult) {
        reference = WindowReference(window)
    }

    /// Only the children of root rows are cut (`WindowedResult.childCap`).
    public func moreRows(at path: NodePath) -> MoreRows? {
        guard path.steps.count == 2, let node = node(at: path), node.isTruncated,
            case .toMany(let key, _, _, _) = node
        else { return nil }
        return MoreRows(window: reference, row: path.steps[0], key: key)
    }

    public var table: String { window.plan.table }
    public var rowCount: Int? { window.knownRowCount }

    public func rows(in range: Range<Int>) -> [ResultRow] {
        range.compactMap(window.cachedRow)
    }

    public func node(at path: NodePath) -> ResultNode? {
        walk(path)?.node
    }

    public func childCount(of path: NodePath) -> Int? {
        walk(path)?.childCount
    }

    private func walk(_ path: NodePath) -> ArrayResultSource.Step? {
        guard let first = path.steps.first, let row = window.cachedRow(at: first) else { return nil }
        return ArrayResultSource.Step.walk(from: row, table: table, path: path)
    }
}
