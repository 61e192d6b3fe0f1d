/// GRDB's schema API as data: what one statement of a migration asks GRDB to do,
/// read from the app's Swift source (`MigrationReading`) and replayed on GRDB's own
/// `TableDefinition` and `TableAlteration` (`SchemaReplay`), so that the DDL is GRDB's.
public enum SchemaCall: Sendable, Equatable {
    /// `db.create(table:options:) { t in … }`; `options` holds GRDB's option names
    /// (`ifNotExists`, `temporary`, `withoutRowID`, `strict`).
    case createTable(name: String, options: Set<String>, members: [TableMember])
    /// `db.alter(table:) { t in … }`.
    case alterTable(name: String, changes: [TableChange])
    /// `db.create(index:on:columns:…)`, `db.create(indexOn:columns:…)` (no name: GRDB's default).
    case createIndex(IndexCall)
    case dropTable(String)
    case dropIndex(String)
    case dropIndexOn(table: String, columns: [String])
    case dropView(String)
    case renameTable(String, to: String)
    /// `db.create(view:options:columns:as:)`: the request is kept as SQL.
    case createView(name: String, options: Set<String>, columns: [String]?, sql: String)
    /// `db.create(view:as:)` with a query-interface request, built again with GRDB's own
    /// request API so that the SQL is GRDB's.
    case createViewRequest(name: String, options: Set<String>, columns: [String]?, request: ViewRequest)
    /// `db.create(virtualTable:options:using: FTS5()) { t in … }`.
    case createFTS5(name: String, options: Set<String>, table: FTS5Call)
    /// `db.create(virtualTable:options:using: FTS4()) { t in … }`.
    case createFTS4(name: String, options: Set<String>, table: FTS4Call)
    /// `db.dropFTS4SynchronizationTriggers(forTable:)`.
    case dropFTS4SynchronizationTriggers(table: String)
    /// `db.create(virtualTable:using: "module(args)")` or FTS3/R-Tree: kept as
    /// the module text GRDB would write after `USING`.
    case createVirtualTable(name: String, ifNotExists: Bool, module: String)
    /// `db.execute(sql:arguments:)` and `db.execute(literal:)`, with literal arguments.
    case execute(sql: String, arguments: [LiteralValue])
}

/// A value written as a literal in the source.
public enum LiteralValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)
}

/// A SQL expression written with GRDB's operators (`check { $0 > 0 }`, `generatedAs(a + b)`,
/// an index condition), kept as a tree that `SchemaReplay` rebuilds with GRDB's own operators.
public indirect enum SchemaExpression: Sendable, Equatable {
    /// `Column("name")`, or `$0` in a column's `check`.
    case column(String)
    case value(LiteralValue)
    /// `SQL(sql:)`, `sql:` arguments: raw SQL.
    case sql(String)
    /// `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, `+`, `-`, `*`, `/`.
    case binary(String, SchemaExpression, SchemaExpression)
    case not(SchemaExpression)
    case negated(SchemaExpression)
    /// `length(x)`, `abs(x)`, `x.lowercased`, …: GRDB's function of the same name.
    case function(String, [SchemaExpression])
    /// `[a, b].contains(x)`.
    case contains([SchemaExpression], SchemaExpression)
    /// `x.like(pattern)`.
    case like(SchemaExpression, SchemaExpression)
}

/// `Database.ForeignKeyAction`, `Database.ConflictResolution`: GRDB's case names.
public typealias GRDBCaseName = String

public struct ColumnCall: Sendable, Equatable {
    public var name: String
    /// `Database.ColumnType`'s raw value (`TEXT`, `INTEGER`, `VARCHAR(20)`); nil when untyped.
    public var type: String?
    public var modifiers: [ColumnModifier]
}

public enum ColumnModifier: Sendable, Equatable {
    case notNull(onConflict: GRDBCaseName?)
    case unique(onConflict: GRDBCaseName?)
    case primaryKey(onConflict: GRDBCaseName?, autoincrement: Bool)
    case indexed
    case defaults(LiteralValue)
    case defaultsSQL(String)
    /// `Database.CollationName` (`nocase`, `rtrim`, `binary`) or a custom collation's name.
    case collate(String)
    case check(SchemaExpression)
    case checkSQL(String)
    case references(
        table: String, column: String?, onDelete: GRDBCaseName?, onUpdate: GRDBCaseName?, deferred: Bool)
    case generatedAs(SchemaExpression, stored: Bool)
    case generatedAsSQL(String, stored: Bool)
}

/// What the body of `create(table:)` declares, in order.
public indirect enum TableMember: Sendable, Equatable {
    case column(ColumnCall)
    /// `t.column(sql:)`.
    case columnSQL(String)
    /// `t.primaryKey(_:_:onConflict:)`: a typed primary key column.
    case primaryKeyColumn(ColumnCall, onConflict: GRDBCaseName?)
    /// `t.autoIncrementedPrimaryKey(_:onConflict:)`.
    case autoIncrementedPrimaryKey(ColumnCall, onConflict: GRDBCaseName?)
    /// `t.primaryKey([...], onConflict:)`.
    case primaryKey([String], onConflict: GRDBCaseName?)
    /// `t.primaryKey(onConflict:) { … }`.
    case primaryKeyBody([TableMember], onConflict: GRDBCaseName?)
    /// `t.belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)` with `.notNull()` / `.unique()`.
    case belongsTo(BelongsToCall)
    case foreignKey(
        columns: [String], table: String, destination: [String]?, onDelete: GRDBCaseName?,
        onUpdate: GRDBCaseName?, deferred: Bool)
    case uniqueKey([String], onConflict: GRDBCaseName?)
    case check(SchemaExpression)
    case checkSQL(String)
    case constraintSQL(String)
}

public struct BelongsToCall: Sendable, Equatable {
    public var name: String
    public var table: String?
    public var onDelete: GRDBCaseName?
    public var onUpdate: GRDBCaseName?
    public var deferred: Bool
    public var indexed: Bool
    public var notNull: GRDBCaseName??
    public var unique: Bool
}

/// What the body of `alter(table:)` changes, in order.
public enum TableChange: Sendable, Equatable {
    case add(ColumnCall)
    case addColumnSQL(String)
    case rename(String, to: String)
    case drop(String)
}

public struct IndexCall: Sendable, Equatable {
    /// nil for `create(indexOn:columns:)`: GRDB names it.
    public var name: String?
    public var table: String
    public var columns: [String]
    /// `create(index:on:expressions:)`.
    public var expressions: [SchemaExpression]?
    public var unique: Bool
    public var ifNotExists: Bool
    public var condition: SchemaExpression?
}

/// The body of `create(virtualTable:using: FTS5())`.
public struct FTS5Call: Sendable, Equatable {
    public var columns: [FTS5Column] = []
    /// The tokenizer's components (`["porter", "unicode61", "remove_diacritics", "2"]`).
    public var tokenizer: [String]?
    public var content: String?
    public var contentRowID: String?
    public var synchronizedTable: String?
    public var prefixes: [Int]?
    public var columnSize: Int?
    public var detail: String?

    public init() {}
}

/// The body of `create(virtualTable:using: FTS4())`.
public struct FTS4Call: Sendable, Equatable {
    public var columns: [FTS4Column] = []
    public var tokenizer: FTS4Tokenizer?
    public var content: String?
    public var compress: String?
    public var uncompress: String?
    public var matchinfo: String?
    public var prefixes: [Int]?
    public var synchronizedTable: String?

    public init() {}
}

public struct FTS4Column: Sendable, Equatable {
    public var name: String
    public var indexed: Bool
    public var isLanguageID: Bool
}

/// GRDB's `FTS3TokenizerDescriptor`s: `.simple`, `.porter`, `.unicode61(…)`.
public enum FTS4Tokenizer: Sendable, Equatable {
    case simple
    case porter
    /// `keepsDiacritics`: `.unicode61(diacritics: .keep)`.
    case unicode61(keepsDiacritics: Bool, separators: Set<Character>, tokenCharacters: Set<Character>)
}

public struct FTS5Column: Sendable, Equatable {
    public var name: String
    public var indexed: Bool
}

/// `Player.select(…).filter(…).order(…).limit(…)`: a simple query-interface request.
public struct ViewRequest: Sendable, Equatable {
    public var table: String
    /// nil: all columns.
    public var selection: [SchemaExpression]?
    public var filters: [SchemaExpression] = []
    public var orderings: [ViewOrdering] = []
    public var limit: Int?
}

public struct ViewOrdering: Sendable, Equatable {
    public var expression: SchemaExpression
    /// nil when the request names no direction (GRDB then writes none).
    public var descending: Bool?
}
