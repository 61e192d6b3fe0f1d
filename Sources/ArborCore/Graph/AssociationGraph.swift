/// The associations of a schema as a graph (`:graph`, `arbor --graph`): tables are
/// nodes, each association is an edge from its origin to its destination. Built from
/// the association catalog (inferred and declared) and drawn by `GraphText`,
/// `MermaidGraph` and `DOTGraph`.
public struct AssociationGraph: Hashable, Sendable {
    public struct Node: Hashable, Sendable {
        /// The table as `sqlite_master` spells it.
        public var table: String
        /// How requests name it: its record type, or `Table("t")`.
        public var label: String
    }

    public struct Edge: Hashable, Sendable {
        public var origin: String
        public var destination: String
        /// The association's name on its origin (`books` of `Author.books`).
        public var name: String
        /// `Author.books`: how a request writes it.
        public var qualifiedName: String
        public var kind: AssociationKind
        /// GRDB's key (the name of included rows), which a declaration may set apart from the name.
        public var key: String
        /// The foreign key of a direct association. Nil for a through association, or when
        /// the schema can not tell which key a declaration without `using:` means.
        public var foreignKey: ForeignKeyColumns?
        /// `through: Book.bookTags, using: BookTag.tag`, as requests write them.
        public var through: Through?
        public var isDeclared: Bool
        /// True when the association joins two tables linked by several foreign keys
        /// of the same child: GRDB needs `using:` to tell them apart.
        public var isAmbiguous: Bool
    }

    /// The columns of the table that holds a foreign key, and the columns they reference.
    public struct ForeignKeyColumns: Hashable, Sendable {
        public var child: [String]
        public var parent: [String]
    }

    /// The two associations a through association goes along (`Book.bookTags`, `BookTag.tag`).
    public struct Through: Hashable, Sendable {
        public var pivot: String
        public var target: String
    }

    /// A child table with several foreign keys to one parent (the demo's `book` has
    /// `authorId` and `translatorId` to `author`).
    public struct AmbiguousPair: Hashable, Sendable {
        public var child: String
        public var parent: String
        /// The columns of each of those keys, in the child, in the order `CREATE TABLE` writes them.
        public var foreignKeys: [[String]]
    }

    /// The table the graph is drawn around, or nil for the whole schema.
    public var focus: String?
    /// The focus first (when there is one), then the other tables in schema order.
    public var nodes: [Node]
    /// Around a table: its own associations in catalog order, then those of the other
    /// tables that lead to it. Whole schema: every table's associations, table by table.
    public var edges: [Edge]
    /// The ambiguous pairs that an edge of the graph joins.
    public var ambiguousPairs: [AmbiguousPair]
    /// Why foreign keys of these tables make no association (`:associations` says it too).
    public var unusableForeignKeys: [String]

    /// The graph of every association of the schema, or of those that start or end at `focus`.
    /// `displayName` names a table as requests do (`Book`, `Table("line item")`).
    public static func build(
        schema: SchemaGraph, catalog: AssociationCatalog, displayName: (String) -> String, around focus: String? = nil
    ) -> AssociationGraph {
        let pairs = ambiguousPairs(in: schema)
        var edges: [Edge] = []
        var tablesInEdges: Set<String> = []
        let focusFolded = focus?.sqlFolded
        if let focus {
            edges += catalog.associations(of: focus).map { edge($0, schema: schema, pairs: pairs) }
        }
        // Around a table, only the tables that can have an association ending at it are read:
        // inferring a table's associations costs GRDB's inflections, and a schema may hold
        // thousands of tables.
        let candidates = focus.map { origins(endingAt: $0, schema: schema, catalog: catalog) }
        for table in schema.tables where table.name.sqlFolded != focusFolded {
            if let candidates, !candidates.contains(table.name.sqlFolded) { continue }
            for entry in catalog.associations(of: table.name) {
                if let focusFolded, entry.plan.destination.sqlFolded != focusFolded { continue }
                edges.append(edge(entry, schema: schema, pairs: pairs))
            }
        }
        for edge in edges {
            tablesInEdges.insert(edge.origin.sqlFolded)
            tablesInEdges.insert(edge.destination.sqlFolded)
        }

        var nodes: [Node] = []
        if let focus { nodes.append(Node(table: schema.table(named: focus)?.name ?? focus, label: displayName(focus))) }
        for table in schema.tables where table.name.sqlFolded != focusFolded {
            // The whole schema shows every plain table, even alone; views and virtual tables only when joined.
            let isShown =
                tablesInEdges.contains(table.name.sqlFolded) || (focus == nil && table.kind == .table)
            if isShown { nodes.append(Node(table: table.name, label: displayName(table.name))) }
        }
        // A declared association may lead to a name the schema spells otherwise: it is still a node.
        var shown = Set(nodes.map { $0.table.sqlFolded })
        for edge in edges where shown.insert(edge.destination.sqlFolded).inserted {
            nodes.append(Node(table: edge.destination, label: displayName(edge.destination)))
        }

        let joined = Set(edges.filter(\.isAmbiguous).map { pairKey($0) })
        var unusable: [String] = []
        var seen: Set<UnusableForeignKey> = []
        for table in focus.map({ [$0] }) ?? schema.tables.map(\.name) {
            for key in catalog.unusableForeignKeys(of: table) where seen.insert(key).inserted {
                unusable.append(key.reason)
            }
        }
        return AssociationGraph(
            focus: focus.map { schema.table(named: $0)?.name ?? $0 }, nodes: nodes, edges: edges,
            ambiguousPairs: pairs.values.sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(\.pair).filter {
                joined.contains(PairKey(child: $0.child.sqlFolded, parent: $0.parent.sqlFolded))
            },
            unusableForeignKeys: unusable)
    }

    /// The tables (folded) whose associations may end at `table`: those it references
    /// (their HasMany, HasOne), those that reference it (their BelongsTo), the other
    /// parents of those (HasManyThrough over a link table), and every table with declarations.
    static func origins(endingAt table: String, schema: SchemaGraph, catalog: AssociationCatalog) -> Set<String> {
        let folded = table.sqlFolded
        var origins = catalog.tablesWithDeclarations
        for fk in schema.table(named: table)?.foreignKeys ?? [] { origins.insert(fk.destinationTable.sqlFolded) }
        for child in schema.tables where child.foreignKeys.contains(where: { $0.destinationTable.sqlFolded == folded })
        {
            origins.insert(child.name.sqlFolded)
            for fk in child.foreignKeys { origins.insert(fk.destinationTable.sqlFolded) }
        }
        return origins
    }

    struct PairKey: Hashable {
        var child: String
        var parent: String
    }

    /// The (child, parent) of a direct edge: the table that holds the key first.
    static func pairKey(_ edge: Edge) -> PairKey {
        edge.kind == .belongsTo
            ? PairKey(child: edge.origin.sqlFolded, parent: edge.destination.sqlFolded)
            : PairKey(child: edge.destination.sqlFolded, parent: edge.origin.sqlFolded)
    }

    /// Every child table with several foreign keys to one existing parent, by pair.
    static func ambiguousPairs(in schema: SchemaGraph) -> [PairKey: (pair: AmbiguousPair, order: [Int])] {
        var result: [PairKey: (pair: AmbiguousPair, order: [Int])] = [:]
        for (position, child) in schema.tables.enumerated() where child.foreignKeys.count > 1 {
            var keysByParent: [String: [ForeignKeyInfo]] = [:]
            var parentOrder: [String] = []
            for fk in child.foreignKeys {
                guard let parent = schema.table(named: fk.destinationTable) else { continue }
                if keysByParent[parent.name.sqlFolded] == nil { parentOrder.append(parent.name.sqlFolded) }
                keysByParent[parent.name.sqlFolded, default: []].append(fk)
            }
            for (index, folded) in parentOrder.enumerated() {
                guard let keys = keysByParent[folded], keys.count > 1, let parent = schema.table(named: folded)
                else { continue }
                let pair = AmbiguousPair(
                    child: child.name, parent: parent.name,
                    foreignKeys: keys.sorted { $0.id > $1.id }.map(\.originColumns))
                result[PairKey(child: child.name.sqlFolded, parent: folded)] = (pair, [position, index])
            }
        }
        return result
    }

    static func edge(
        _ entry: AssociationCatalog.Entry, schema: SchemaGraph, pairs: [PairKey: (pair: AmbiguousPair, order: [Int])]
    ) -> Edge {
        let plan = entry.plan
        let kind = plan.base.kind
        var edge = Edge(
            origin: schema.table(named: plan.origin)?.name ?? plan.origin,
            destination: schema.table(named: plan.destination)?.name ?? plan.destination,
            name: entry.name, qualifiedName: plan.displayName, kind: kind,
            key: plan.isToMany ? plan.key.plural : plan.key.singular,
            foreignKey: nil, through: nil, isDeclared: entry.isDeclared, isAmbiguous: false)
        switch plan.base {
        case .direct(_, _, _, _, let spec):
            edge.isAmbiguous = pairs[pairKey(edge)] != nil
            edge.foreignKey = foreignKey(of: edge, spec: spec, schema: schema)
        case .through(_, _, let pivot, let target, _):
            edge.through = Through(pivot: pivot.displayName, target: target.displayName)
        case .commonTable:
            // Joined on its `on:` condition: no foreign key to draw.
            break
        }
        return edge
    }

    /// The columns of a direct association's key: as declared or inferred, with the parent's
    /// primary key when `to:` is left out, or the schema's one key between the tables
    /// when `using:` is (GRDB's own choice then).
    static func foreignKey(of edge: Edge, spec: ForeignKeySpec?, schema: SchemaGraph) -> ForeignKeyColumns? {
        let (childName, parentName) =
            edge.kind == .belongsTo ? (edge.origin, edge.destination) : (edge.destination, edge.origin)
        guard let child = schema.table(named: childName), let parent = schema.table(named: parentName) else {
            return spec.map { ForeignKeyColumns(child: $0.originColumns, parent: $0.destinationColumns ?? []) }
        }
        if let spec {
            return ForeignKeyColumns(child: spec.originColumns, parent: spec.destinationColumns ?? parent.primaryKey)
        }
        let keys = child.foreignKeys.filter { schema.table(named: $0.destinationTable)?.name == parent.name }
        guard keys.count == 1, let key = keys.first else { return nil }
        return ForeignKeyColumns(child: key.originColumns, parent: key.destinationColumns)
    }

    /// Node ids for diagrams, by folded table name: `t_` and the name for plain ASCII
    /// names (no Mermaid or DOT keyword starts with `t_`), `n` and the node's position
    /// otherwise. Ids that both languages read as one word, without quoting.
    public func nodeIDs() -> [String: String] {
        var ids: [String: String] = [:]
        for (position, node) in nodes.enumerated() where ids[node.table.sqlFolded] == nil {
            let isPlain =
                !node.table.isEmpty
                && node.table.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }
            ids[node.table.sqlFolded] = isPlain ? "t_" + node.table : "n\(position)"
        }
        return ids
    }
}
