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

    public var name: String
    public var kind: Kind
    public var isWithoutRowID: Bool
    public var columns: [ColumnInfo]
    /// The primary key columns in key order; `["rowid"]` for a table without
    /// declared key; empty for a view.
    public var primaryKey: [String]
    public var foreignKeys: [ForeignKeyInfo]
    /// Unique indexes (and UNIQUE constraints) on plain columns, partial ones excluded.
    public var uniqueIndexes: [[String]]
    public var sql: String?
    /// Every index, by name (`PRAGMA index_list`).
    public var indexes: [IndexInfo] = []

    public var isView: Bool { kind == .view }
    /// Full-text (and most virtual) tables have a rowid too.
    public var hasRowID: Bool { (kind == .table && !isWithoutRowID) || kind == .virtual }

    /// The column named `name`, case-insensitively.
    public func column(named name: String) -> ColumnInfo? {
        let lowered = name.sqlFolded
        return columns.first { $0.name.sqlFolded == lowered }
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
