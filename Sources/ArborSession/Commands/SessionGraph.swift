import ArborCore
import ArborLanguage

extension Session {
    /// The association graph of the session (`:graph`, `arbor --graph`): inferred and
    /// declared associations, of the whole schema or around `table` (a table name).
    public func associationGraph(around table: String? = nil) -> AssociationGraph {
        let environment = self.environment
        return AssociationGraph.build(
            schema: environment.schema, catalog: environment.catalog,
            displayName: { environment.displayName(ofTable: $0) }, around: table)
    }
}
