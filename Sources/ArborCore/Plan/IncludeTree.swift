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
        /// The refinements of the association (merged when it is included twice):
        /// they shape the child's own rows.
        public var operations: [RequestOperation] = []
        /// `including(required:)`: the child is never missing.
        public var isRequired: Bool = false

        public init(
            key: String, kind: Kind, table: String, tree: IncludeTree, operations: [RequestOperation] = [],
            isRequired: Bool = false, addedColumns: Int? = nil
        ) {
            self.key = key
            self.kind = kind
            self.table = table
            self.tree = tree
            self.operations = operations
            self.isRequired = isRequired
            self.addedColumns = addedColumns
        }

        /// The child of a joined association, seen from the level that joins: a
        /// to-one is read under the join's scopes. (Prefetched rows are found by key
        /// at any depth, `Row.prefetchedRows`.)
        func underScopes(_ path: [String]) -> Child {
            guard case .toOne(let scopePath) = kind else { return self }
            var copy = self
            copy.kind = .toOne(scopePath: path + scopePath)
            return copy
        }
    }

    public var children: [Child] = []
    /// How many of the level's base columns, the last ones, are annotations
    /// (`AnnotationColumns`); nil when the plan can not tell.
    public var annotationColumns: Int? = 0

    /// The level of `table` refined by `operations`; with the `schema`, annotations
    /// of every column of a table are counted too.
    public init(operations: [RequestOperation], table: String = "", schema: SchemaGraph? = nil) {
        annotationColumns = AnnotationColumns.count(operations, table: table, schema: schema)
        for operation in operations {
            switch operation {
            case .including(.all, let association):
                add(
                    Child(
                        key: association.key.plural, kind: .toMany, table: association.destination,
                        tree: IncludeTree(
                            operations: association.operations, table: association.destination, schema: schema),
                        operations: association.operations, isRequired: false,
                        addedColumns: association.pivotKeyColumnCount))
            case .including(let kind, let association):
                add(
                    Child(
                        key: association.key.singular, kind: .toOne(scopePath: association.scopePath),
                        table: association.destination,
                        tree: IncludeTree(
                            operations: association.operations, table: association.destination, schema: schema),
                        operations: association.operations, isRequired: kind == .required))
            case .joining(_, let association):
                // A joined association is not shown, but GRDB keeps its scope
                // (SQLQualifiedRelation.rowAdapter): what it includes hangs on this
                // level's rows, read under the join's scope path.
                for child in IncludeTree(
                    operations: association.operations, table: association.destination, schema: schema
                ).children {
                    add(child.underScopes(association.scopePath))
                }
            default:
                break
            }
        }
    }

    private mutating func add(_ child: Child) {
        if let i = children.firstIndex(where: { $0.key == child.key && $0.kind == child.kind }) {
            // GRDB merges the two: required wins over optional, refinements add up.
            for grandChild in child.tree.children { children[i].tree.add(grandChild) }
            if children[i].tree.annotationColumns != child.tree.annotationColumns {
                // Two refinements' selections merged: the plan no longer says which columns they are.
                children[i].tree.annotationColumns = nil
            }
            children[i].operations += child.operations
            children[i].isRequired = children[i].isRequired || child.isRequired
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
