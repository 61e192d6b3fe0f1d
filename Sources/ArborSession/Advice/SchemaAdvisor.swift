import ArborCore
import ArborLanguage
import GRDB

/// Schema advice as its own stage: the schema and the session's declarations in,
/// a list of `Advice` out, each rule in its own file. Reads the database only to
/// count (does a column hold NULL) and, when asked, to run `PRAGMA foreign_key_check`.
public struct SchemaAdvisor {
    public var schema: SchemaGraph
    public var environment: Environment
    /// `PRAGMA foreign_key_check` reads every row of every table with a foreign key.
    public var checksForeignKeys: Bool
    /// Ctrl-C: checked before each table (the SQL of a rule is SQLite's to interrupt).
    public var cancellation: Cancellation?
    /// Rules the user keeps quiet (`:advise --quiet RULE`): their advice is left out, fixes too.
    public var quiet: Set<Advice.Rule> = []

    public init(schema: SchemaGraph, environment: Environment, checksForeignKeys: Bool = true) {
        self.schema = schema
        self.environment = environment
        self.checksForeignKeys = checksForeignKeys
    }

    /// The advice on every table and view (`table` nil), or on one: grouped by table,
    /// costliest first (`AdviceMerging`), each table's fixes in one migration.
    public func advice(_ db: Database, table: String? = nil) throws -> [Advice] {
        let context = AdviceContext(schema: schema, environment: environment, db: db)
        let tables = context.userTables.filter { table == nil || $0.name.sqlFolded == table?.sqlFolded }
        var result: [Advice] = []
        for table in tables {
            try cancellation?.check()
            result += MissingPrimaryKeyRule.advice(table, context)
            result += TableNameRule.advice(table, context)
            result += try KeyWithoutForeignKeyRule.advice(table, context)
            result += SeveralForeignKeysRule.advice(table, context)
            result += UnindexedForeignKeyRule.advice(table, context)
            result += try NullableForeignKeyRule.advice(table, context)
        }
        if checksForeignKeys {
            result += try ForeignKeyViolationRule.advice(tables: table == nil ? nil : tables, context)
        }
        return try AdviceMerging.merged(result.filter { !quiet.contains($0.rule) }, context)
    }
}

extension Session {
    /// The advice on the open schema (or one table), with the session's declarations.
    public func advice(table: String? = nil, checksForeignKeys: Bool = true) throws -> [Advice] {
        var advisor = SchemaAdvisor(
            schema: environment.schema, environment: environment, checksForeignKeys: checksForeignKeys)
        advisor.cancellation = cancellation
        advisor.quiet = quietAdviceRules
        return try database.read { db in try advisor.advice(db, table: table) }
    }
}
