/// What points to each table: for every table T and association A of T whose
/// destination is table X, the pair (T, A) under X. Built once per schema (and
/// declarations), so that showing a row's references costs a dictionary look-up.
public struct ReverseAssociations: Sendable {
    public struct Reference: Hashable, Sendable {
        /// The table that holds the association.
        public var origin: String
        public var association: AssociationCatalog.Entry
    }

    private var byDestination: [String: [Reference]] = [:]

    public init(schema: SchemaGraph, catalog: AssociationCatalog) {
        for table in schema.tables where table.kind == .table || table.kind == .view {
            for entry in catalog.associations(of: table.name) {
                byDestination[entry.plan.destination.sqlFolded, default: []].append(
                    Reference(origin: table.name, association: entry))
            }
        }
    }

    /// The associations of other tables (or of `table` itself) that lead to `table`.
    public func pointing(at table: String) -> [Reference] {
        byDestination[table.sqlFolded] ?? []
    }
}
