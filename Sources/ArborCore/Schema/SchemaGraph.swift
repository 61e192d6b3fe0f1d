import GRDB

/// The tables, views, keys and indexes of one database, read in a handful of
/// queries (SQLite's table-valued pragma functions joined to `sqlite_master`),
/// whatever the number of tables.
public struct SchemaGraph: Sendable {
    /// Tables and views in creation order (`sqlite_master.rowid`).
    public private(set) var tables: [TableInfo]
    private var indexByLowercasedName: [String: Int]

    public init(tables: [TableInfo]) {
        self.tables = tables
        var index: [String: Int] = [:]
        for (i, table) in tables.enumerated() where index[table.name.sqlFolded] == nil {
            index[table.name.sqlFolded] = i
        }
        self.indexByLowercasedName = index
    }

    /// The table or view named `name`, compared case-insensitively as SQLite does.
    public func table(named name: String) -> TableInfo? {
        indexByLowercasedName[name.sqlFolded].map { tables[$0] }
    }

    /// Reads the schema of the main database of `db`.
    public static func load(_ db: Database) throws -> SchemaGraph {
        try SchemaIntrospection(db).load()
    }
}

public struct TableInfo: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case table, view, virtual, shadow }

    /// The fields, in one reference shared by copies (`CopyOnWrite`): `SchemaGraph.table(named:)`
    /// gives a copy, asked for each association a load declares.
    private var storage: CopyOnWrite<Fields>

    private struct Fields: Sendable, Hashable {
        var name: String
        var kind: Kind
        var isWithoutRowID: Bool
        var columns: [ColumnInfo]
        var primaryKey: [String]
        var foreignKeys: [ForeignKeyInfo]
        var uniqueIndexes: [[String]]
        var sql: String?
        var indexes: [IndexInfo]
    }

    public init(
        name: String, kind: Kind, isWithoutRowID: Bool, columns: [ColumnInfo], primaryKey: [String],
        foreignKeys: [ForeignKeyInfo], uniqueIndexes: [[String]], sql: String?, indexes: [IndexInfo] = []
    ) {
        storage = CopyOnWrite(
            Fields(
                name: name, kind: kind, isWithoutRowID: isWithoutRowID, columns: columns, primaryKey: primaryKey,
                foreignKeys: foreignKeys, uniqueIndexes: uniqueIndexes, sql: sql, indexes: indexes))
    }

    public var name: String {
        get { storage.fields.name }
        set { storage.fields.name = newValue }
        _modify { yield &storage.fields.name }
    }
    public var kind: Kind {
        get { storage.fields.kind }
        set { storage.fields.kind = newValue }
        _modify { yield &storage.fields.kind }
    }
    public var isWithoutRowID: Bool {
        get { storage.fields.isWithoutRowID }
        set { storage.fields.isWithoutRowID = newValue }
        _modify { yield &storage.fields.isWithoutRowID }
    }
    public var columns: [ColumnInfo] {
        get { storage.fields.columns }
        set { storage.fields.columns = newValue }
        _modify { yield &storage.fields.columns }
    }
    /// The primary key columns in key order; `["rowid"]` for a table without
    /// declared key; empty for a view.
    public var primaryKey: [String] {
        get { storage.fields.primaryKey }
        set { storage.fields.primaryKey = newValue }
        _modify { yield &storage.fields.primaryKey }
    }
    public var foreignKeys: [ForeignKeyInfo] {
        get { storage.fields.foreignKeys }
        set { storage.fields.foreignKeys = newValue }
        _modify { yield &storage.fields.foreignKeys }
    }
    /// Unique indexes (and UNIQUE constraints) on plain columns, partial ones excluded.
    public var uniqueIndexes: [[String]] {
        get { storage.fields.uniqueIndexes }
        set { storage.fields.uniqueIndexes = newValue }
        _modify { yield &storage.fields.uniqueIndexes }
    }
    public var sql: String? {
        get { storage.fields.sql }
        set { storage.fields.sql = newValue }
        _modify { yield &storage.fields.sql }
    }
    /// Every index, by name (`PRAGMA index_list`).
    public var indexes: [IndexInfo] {
        get { storage.fields.indexes }
        set { storage.fields.indexes = newValue }
        _modify { yield &storage.fields.indexes }
    }

    public var isView: Bool { kind == .view }
    /// Full-text (and most virtual) tables have a rowid too.
    public var hasRowID: Bool { (kind == .table && !isWithoutRowID) || kind == .virtual }

    /// The column named `name`, case-insensitively.
    public func column(named name: String) -> ColumnInfo? {
        columns.first { $0.name.sqlEquals(name) }
    }

    /// True when `columns` are exactly the primary key or a unique index, in any order.
    public func isUniqueKey(_ columns: [String]) -> Bool {
        let set = Set(columns.map { $0.sqlFolded })
        guard set.count == columns.count else { return false }
        if !primaryKey.isEmpty, Set(primaryKey.map { $0.sqlFolded }) == set { return true }
        return uniqueIndexes.contains { Set($0.map { $0.sqlFolded }) == set }
    }
}

/// One index of a table, as `PRAGMA index_list` and `index_info` describe it.
public struct IndexInfo: Sendable, Hashable {
    public var name: String
    /// The indexed columns in order; nil for an expression.
    public var columns: [String?]
    public var isUnique: Bool
    public var isPartial: Bool
    /// `c` (CREATE INDEX), `u` (UNIQUE constraint) or `pk` (the primary key's own).
    public var origin: String
}

public struct ColumnInfo: Sendable, Hashable {
    public var name: String
    public var type: String
    public var isNotNull: Bool
    public var defaultValueSQL: String?
    /// 1-based position in the primary key, 0 when not part of it.
    public var primaryKeyIndex: Int
    /// `pragma_table_xinfo.hidden`: 2 and 3 are generated columns.
    public var hidden: Int

    public var isGenerated: Bool { hidden == 2 || hidden == 3 }
}

public struct ForeignKeyInfo: Sendable, Hashable {
    /// `PRAGMA foreign_key_list` id.
    public var id: Int
    /// The parent table as the schema spells it (which may differ in case from
    /// its `sqlite_master` name, or not exist at all).
    public var destinationTable: String
    public var originColumns: [String]
    /// The parent columns; resolved to the parent's primary key when the schema omits them.
    /// Empty when they cannot be resolved (missing parent table).
    public var destinationColumns: [String]

    public init(id: Int, destinationTable: String, originColumns: [String], destinationColumns: [String]) {
        self.id = id
        self.destinationTable = destinationTable
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
    }
}
