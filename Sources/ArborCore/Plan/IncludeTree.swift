/// The included associations of one level of a request, merged by key as GRDB
/// merges them: the structure of its result rows.
public struct IncludeTree: Hashable, Sendable {
    public struct Child: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case toOne(scopePath: [String])
            case toMany
        }
        public var key: String
        public var kind: Kind
        /// The table the child rows come from.
        public var table: String
        public var tree: IncludeTree
        /// For a to-many child: how many `grdb_` columns GRDB appends to its rows to
        /// group them (one per pivot key column), when the plan tells; nil when only
        /// the schema knows (a declared association without `using:`).
        public var addedColumns: Int? = nil
    }

    public var children: [Child] = []

    public init(operations: [RequestOperation]) {
        for operation in operations {
            switch operation {
            case .including(.all, let association):
                add(
                    Child(
                        key: association.key.plural, kind: .toMany, table: association.destination,
                        tree: IncludeTree(operations: association.operations),
                        addedColumns: association.pivotKeyColumnCount))
            case .including(_, let association):
                add(
                    Child(
                        key: association.key.singular, kind: .toOne(scopePath: association.scopePath),
                        table: association.destination, tree: IncludeTree(operations: association.operations)))
            case .joining(_, let association):
                // A joined association has no scope; what it includes hangs on this level's rows.
                for child in IncludeTree(operations: association.operations).children { add(child) }
            default:
                break
            }
        }
    }

    private mutating func add(_ child: Child) {
        if let i = children.firstIndex(where: { $0.key == child.key && $0.kind == child.kind }) {
            for grandChild in child.tree.children { children[i].tree.add(grandChild) }
        } else {
            children.append(child)
        }
    }
}

extension AssociationPlan {
    /// The number of key columns between the origin and the first pivot (the
    /// association itself when direct), when the plan spells the foreign key.
    var pivotKeyColumnCount: Int? {
        switch base {
        case .direct(_, _, _, _, let foreignKey): foreignKey.map { $0.originColumns.count }
        case .through(_, _, let pivot, _, _): pivot.pivotKeyColumnCount
        case .commonTable: nil
        }
    }
}
