import GRDB

/// One result row: its base columns (GRDB's `grdb_` bookkeeping columns removed)
/// and its included children, in the order the request included them.
public struct ResultRow: Sendable {
    public var columns: [(name: String, value: DatabaseValue)]
    public var children: [ResultChild]

    public init(columns: [(name: String, value: DatabaseValue)], children: [ResultChild]) {
        self.columns = columns
        self.children = children
    }
}

public struct ResultChild: Sendable {
    public enum Value: Sendable {
        /// `nil` when the joined row is missing (all its values NULL).
        case toOne(ResultRow?)
        case toMany([ResultRow])
    }
    public var key: String
    public var table: String
    public var value: Value
}

/// Builds result rows from GRDB rows, reading scopes and prefetched rows by the
/// keys the plan declared at each level (GRDB's own lookup searches the whole
/// subtree, which would show a nested prefetch twice).
public struct ResultTreeBuilder: Sendable {
    public let tree: IncludeTree

    public init(plan: RequestPlan) {
        self.tree = IncludeTree(operations: plan.operations)
    }

    public func row(_ row: Row) -> ResultRow {
        Self.build(row, tree)
    }

    static func build(_ row: Row, _ tree: IncludeTree) -> ResultRow {
        var columns: [(name: String, value: DatabaseValue)] = []
        columns.reserveCapacity(row.count)
        for (name, value) in row where !name.hasPrefix("grdb_") {
            columns.append((name, value))
        }
        var children: [ResultChild] = []
        for child in tree.children {
            switch child.kind {
            case .toOne(let path):
                var scoped: Row? = row
                for name in path { scoped = scoped?.scopes[name] }
                let value = scoped.flatMap { $0.containsNonNullValue ? build($0, child.tree) : nil }
                children.append(ResultChild(key: child.key, table: child.table, value: .toOne(value)))
            case .toMany:
                let rows = row.prefetchedRows[child.key] ?? []
                children.append(
                    ResultChild(key: child.key, table: child.table, value: .toMany(rows.map { build($0, child.tree) })))
            }
        }
        return ResultRow(columns: columns, children: children)
    }
}
