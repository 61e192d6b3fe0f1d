import ArborCore
import ArborSession

/// A `ResultSource` over rows already in memory (what `Session.run` returns today).
public struct ArrayResultSource: ResultSource {
    public let table: String
    let roots: [ResultRow]

    public init(table: String, rows: [ResultRow]) {
        self.table = table
        self.roots = rows
    }

    public init(_ result: RequestResult) {
        self.init(table: result.plan.table, rows: result.rows)
    }

    public var rowCount: Int? { roots.count }

    public func rows(in range: Range<Int>) -> [ResultRow] {
        Array(roots[range.clamped(to: 0..<roots.count)])
    }

    public func node(at path: NodePath) -> ResultNode? {
        walk(path)?.node
    }

    public func childCount(of path: NodePath) -> Int? {
        walk(path)?.childCount
    }

    /// A node with the data needed to go further down.
    enum Step {
        case row(String, ResultRow)
        case toOne(String, String, ResultRow?)
        case toMany(String, String, [ResultRow], total: Int?)

        var node: ResultNode {
            switch self {
            case .row(let table, let row): .row(table: table, row)
            case .toOne(let key, let table, let row): .toOne(key: key, table: table, row)
            case .toMany(let key, let table, let rows, let total):
                .toMany(key: key, table: table, count: rows.count, total: total)
            }
        }

        var childCount: Int {
            switch self {
            case .row(_, let row): row.children.count
            case .toOne(_, _, let row): row?.children.count ?? 0
            case .toMany(_, _, let rows, _): rows.count
            }
        }

        /// The node at `path` under the root row `root` (the path's first step).
        static func walk(from root: ResultRow, table: String, path: NodePath) -> Step? {
            var step = Step.row(table, root)
            for index in path.steps.dropFirst() {
                guard let next = step.child(index) else { return nil }
                step = next
            }
            return step
        }

        func child(_ index: Int) -> Step? {
            switch self {
            case .row(_, let row), .toOne(_, _, let row?):
                guard row.children.indices.contains(index) else { return nil }
                let child = row.children[index]
                switch child.value {
                case .toOne(let row): return .toOne(child.key, child.table, row)
                case .toMany(let rows): return .toMany(child.key, child.table, rows, total: child.totalCount)
                }
            case .toOne(_, _, nil):
                return nil
            case .toMany(_, let table, let rows, _):
                guard rows.indices.contains(index) else { return nil }
                return .row(table, rows[index])
            }
        }
    }

    func walk(_ path: NodePath) -> Step? {
        guard let first = path.steps.first, roots.indices.contains(first) else { return nil }
        return Step.walk(from: roots[first], table: table, path: path)
    }
}
