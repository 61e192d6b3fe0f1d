import ArborCore

/// What names mean in a session: the schema, record types, associations,
/// `let` bindings and the static values of pasted declarations.
public struct Environment: Sendable {
    public var schema: SchemaGraph
    public var typeNames: RecordTypeNames
    public var catalog: AssociationCatalog
    public var bindings: [String: Value] = [:]
    /// Static values of declared types (`Book.authorForeignKey`), by type name.
    public var statics: [String: [String: Value]] = [:]
    /// Numbers `TableAlias()` calls, so that each alias stays distinct.
    public var nextAliasID = 1
    /// The table each `TableAlias` was attached to: GRDB traps when one alias
    /// refers to two tables, even across requests (T2).
    public var aliasTables: [Int: String] = [:]

    public init(schema: SchemaGraph) {
        self.schema = schema
        self.typeNames = RecordTypeNames(schema: schema)
        self.catalog = AssociationCatalog(convention: Convention(schema: schema, typeNames: typeNames))
    }

    /// The record type name of a table, or `Table("t")`.
    public func displayName(ofTable table: String) -> String {
        typeNames.type(forTable: table) ?? "Table(\(SQLValue.swiftQuoted(table)))"
    }
}
