import ArborCore
import ArborSession
import GRDB

/// What changed between two results of a watched request, by primary key:
/// rows added, values changed, and how many rows left each list. Also maps the
/// old result's open nodes and selection to where the same rows are now, so that
/// the tree keeps its expansion and cursor when rows come and go before them.
///
/// Only rows in memory are compared (a windowed result's loaded windows): a
/// row beyond them is neither added nor removed.
public struct WatchMarks: Sendable, Equatable {
    public var added: Set<NodePath> = []
    /// The columns whose values changed, by row.
    public var changed: [NodePath: Set<String>] = [:]
    /// How many rows a list lost, by the list's node (the root list: `removedRoots`).
    public var removed: [NodePath: Int] = [:]
    public var removedRoots = 0

    public init() {}

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty && removedRoots == 0 }

    /// `+1 −2 ~3`: rows added, rows removed, values changed.
    public var summary: String {
        let removedCount = removedRoots + removed.values.reduce(0, +)
        let changedCount = changed.values.reduce(0) { $0 + $1.count }
        var parts: [String] = []
        if !added.isEmpty { parts.append("+\(added.count)") }
        if removedCount > 0 { parts.append("−\(removedCount)") }
        if changedCount > 0 { parts.append("~\(changedCount)") }
        return parts.isEmpty ? "no visible change" : parts.joined(separator: " ")
    }
}

/// The rows of a result in memory, each node named by the primary keys on its way
/// down (`author 1 › books › book 7`), which survive rows moving.
struct IdentifiedTree {
    enum Step: Hashable {
        case row(table: String, key: [DatabaseValue])
        case child(String)
    }

    var pathOf: [[Step]: NodePath] = [:]
    var identityOf: [NodePath: [Step]] = [:]
    var rowOf: [NodePath: ResultRow] = [:]
    /// Root rows in memory, and whether they are all of them.
    var rootCount = 0
    var isComplete = true

    init(_ source: any ResultSource, primaryKey: (String) -> [String]) {
        if let windowed = source as? WindowedResultSource {
            while windowed.window.cachedRow(at: rootCount) != nil { rootCount += 1 }
            isComplete = windowed.window.knownRowCount == rootCount
        } else {
            rootCount = source.rowCount ?? 0
        }
        for index in 0..<rootCount {
            visit(source, NodePath([index]), parent: [], primaryKey: primaryKey)
        }
    }

    private mutating func visit(
        _ source: any ResultSource, _ path: NodePath, parent: [Step], primaryKey: (String) -> [String]
    ) {
        guard let node = source.node(at: path) else { return }
        let step: Step
        switch node {
        case .row(let table, let row):
            step = .row(table: table, key: Self.key(of: row, columns: primaryKey(table)))
        case .toOne(let key, _, _), .toMany(let key, _, _, _):
            step = .child(key)
        }
        let identity = parent + [step]
        pathOf[identity] = path
        identityOf[path] = identity
        if let row = node.row { rowOf[path] = row }
        for i in 0..<(source.childCount(of: path) ?? 0) {
            visit(source, path.child(i), parent: identity, primaryKey: primaryKey)
        }
    }

    /// The primary key's values; every value when the table has none we can see.
    static func key(of row: ResultRow, columns: [String]) -> [DatabaseValue] {
        let indexes = columns.compactMap { row.names.firstIndex(of: $0) }
        guard !columns.isEmpty, indexes.count == columns.count else { return row.values }
        return indexes.map { row.values[$0] }
    }
}

extension WatchMarks {
    /// The marks of `new` against `old`, and a function that moves a path of `old`
    /// to the same row in `new` (nil when the row is gone).
    static func compare(
        old: any ResultSource, new: any ResultSource, primaryKey: (String) -> [String]
    ) -> (marks: WatchMarks, move: (NodePath) -> NodePath?) {
        let before = IdentifiedTree(old, primaryKey: primaryKey)
        let after = IdentifiedTree(new, primaryKey: primaryKey)
        // Roots past what both have in memory may just have moved out of a window.
        let comparedRoots =
            before.isComplete && after.isComplete ? Int.max : max(0, min(before.rootCount, after.rootCount) - 10)
        var marks = WatchMarks()
        for (identity, path) in after.pathOf {
            guard let row = after.rowOf[path] else { continue }
            if let oldPath = before.pathOf[identity] {
                guard let oldRow = before.rowOf[oldPath] else {
                    marks.added.insert(path)  // a to-one that was nil
                    continue
                }
                let columns = Self.changedColumns(oldRow, row)
                if !columns.isEmpty { marks.changed[path] = columns }
            } else if case .row? = identity.last {
                let parentKnown =
                    identity.count == 1
                    ? path.steps[0] < comparedRoots : before.pathOf[Array(identity.dropLast())] != nil
                if parentKnown { marks.added.insert(path) }
            }
        }
        for (identity, oldPath) in before.pathOf where after.pathOf[identity] == nil {
            guard case .row? = identity.last else { continue }
            if identity.count == 1 {
                if oldPath.steps[0] < comparedRoots { marks.removedRoots += 1 }
            } else if let parent = after.pathOf[Array(identity.dropLast())] {
                marks.removed[parent, default: 0] += 1
            }
        }
        let move: (NodePath) -> NodePath? = { path in
            before.identityOf[path].flatMap { after.pathOf[$0] }
        }
        return (marks, move)
    }

    /// The columns whose values differ; every column when the rows differ in shape.
    static func changedColumns(_ old: ResultRow, _ new: ResultRow) -> Set<String> {
        guard old.names == new.names else { return Set(new.names) }
        var changed: Set<String> = []
        for (i, name) in new.names.enumerated() where old.values[i] != new.values[i] { changed.insert(name) }
        return changed
    }
}
