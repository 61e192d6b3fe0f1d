import Foundation
import GRDB

/// A database's schema as the drift comparison sees it: tables with their columns
/// (type, nullability, default), primary key, foreign keys (with their actions),
/// indexes and unique constraints; views; triggers. GRDB's `grdb_migrations`, SQLite's
/// own tables and the shadow tables of full-text tables are left out.
public struct SchemaSnapshot: Sendable, Equatable {
    public var tables: [TableShape]
    public var views: [ViewShape]
    public var triggers: [TriggerShape]

    public func table(_ name: String) -> TableShape? { tables.first { $0.name.lowercased() == name.lowercased() } }
}

public struct TableShape: Sendable, Equatable {
    public var name: String
    /// The module text of a virtual table (`fts5(title, body, tokenize='porter')`), else nil.
    public var virtualModule: String?
    public var isWithoutRowID: Bool
    public var isStrict: Bool
    public var columns: [ColumnShape]
    /// In key order; empty without a declared key.
    public var primaryKey: [String]
    /// `INTEGER PRIMARY KEY AUTOINCREMENT`.
    public var isAutoIncremented: Bool
    public var foreignKeys: [ForeignKeyShape]
    /// `CREATE INDEX` indexes and `UNIQUE` constraints (the primary key's own index is the key).
    public var indexes: [IndexShape]
    public var sql: String
}

public struct ColumnShape: Sendable, Equatable {
    public var name: String
    public var type: String
    public var isNotNull: Bool
    /// As `PRAGMA table_info` gives it (outer parentheses removed by SQLite).
    public var defaultSQL: String?
    /// 2 (virtual) and 3 (stored) are generated columns.
    public var hidden: Int
}

public struct ForeignKeyShape: Sendable, Equatable {
    public var columns: [String]
    public var table: String
    /// The parent columns, resolved to the parent's primary key when the schema omits them.
    public var destination: [String]
    /// As SQLite says them: `NO ACTION`, `CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT`.
    public var onDelete: String
    public var onUpdate: String
    /// True when the schema names the parent columns itself.
    public var namesDestination: Bool
}

public struct IndexShape: Sendable, Equatable {
    public var name: String
    /// nil for an expression.
    public var columns: [String?]
    public var isUnique: Bool
    /// `c` (CREATE INDEX) or `u` (a UNIQUE constraint).
    public var origin: String
    /// The `WHERE` of a partial index, as written.
    public var condition: String?
    public var sql: String?
}

public struct ViewShape: Sendable, Equatable {
    public var name: String
    public var columns: [String]
    /// The `SELECT` after `AS`.
    public var select: String
    public var sql: String
}

public struct TriggerShape: Sendable, Equatable {
    public var name: String
    public var table: String
    public var sql: String
}

extension SchemaSnapshot {
    /// Reads the main schema of `db`.
    public static func read(_ db: Database) throws -> SchemaSnapshot {
        let shadows = Set(
            try String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'")
                .map { $0.lowercased() })
        let flags = Dictionary(
            try Row.fetchAll(db, sql: "SELECT name, wr, strict FROM pragma_table_list WHERE schema = 'main'").map {
                row -> (String, (Bool, Bool)) in
                let name: String = row["name"] ?? ""
                let wr: Int = row["wr"] ?? 0
                let strict: Int = row["strict"] ?? 0
                return (name.lowercased(), (wr != 0, strict != 0))
            }, uniquingKeysWith: { first, _ in first })
        let entries = try Row.fetchAll(
            db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        var tables: [TableShape] = []
        var views: [ViewShape] = []
        var triggers: [TriggerShape] = []
        var indexSQL: [String: String] = [:]
        for entry in entries {
            let type: String = entry["type"] ?? ""
            let name: String = entry["name"] ?? ""
            let sql: String = entry["sql"] ?? ""
            let lowered = name.lowercased()
            if lowered.hasPrefix("sqlite_") || lowered == "grdb_migrations" || shadows.contains(lowered) { continue }
            switch type {
            case "table":
                let isVirtual = sql.range(of: "CREATE VIRTUAL TABLE", options: [.caseInsensitive, .anchored]) != nil
                let (withoutRowID, strict) = flags[lowered] ?? (false, false)
                tables.append(
                    try table(
                        name, sql: sql, virtualModule: isVirtual ? Self.module(of: sql) : nil,
                        withoutRowID: withoutRowID, strict: strict, db: db))
            case "view":
                let columns =
                    (try? String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?)", arguments: [name]))
                views.append(ViewShape(name: name, columns: columns ?? [], select: Self.afterAS(sql), sql: sql))
            case "trigger":
                triggers.append(TriggerShape(name: name, table: entry["tbl_name"] ?? "", sql: sql))
            case "index":
                indexSQL[lowered] = sql
            default: break
            }
        }
        for i in tables.indices {
            for j in tables[i].indexes.indices {
                let sql = indexSQL[tables[i].indexes[j].name.lowercased()]
                tables[i].indexes[j].sql = sql
                if let sql { tables[i].indexes[j].condition = Self.whereClause(sql) }
            }
        }
        return SchemaSnapshot(tables: tables, views: views, triggers: triggers)
    }

    private static func table(
        _ name: String, sql: String, virtualModule: String?, withoutRowID: Bool, strict: Bool, db: Database
    ) throws -> TableShape {
        var shape = TableShape(
            name: name, virtualModule: virtualModule, isWithoutRowID: withoutRowID, isStrict: strict, columns: [],
            primaryKey: [], isAutoIncremented: SQLWords.contains(sql, "AUTOINCREMENT"), foreignKeys: [], indexes: [],
            sql: sql)
        // A virtual table whose module this SQLite lacks can not be read: its SQL is compared.
        guard let columns = try? Row.fetchAll(db, sql: "SELECT * FROM pragma_table_xinfo(?)", arguments: [name]) else {
            return shape
        }
        var keyed: [(Int, String)] = []
        for row in columns {
            let hidden: Int = row["hidden"] ?? 0
            if hidden == 1 { continue }  // a virtual table's hidden column
            let column = ColumnShape(
                name: row["name"] ?? "", type: row["type"] ?? "", isNotNull: (row["notnull"] ?? 0) != 0,
                defaultSQL: row["dflt_value"], hidden: hidden)
            shape.columns.append(column)
            let pk: Int = row["pk"] ?? 0
            if pk > 0 { keyed.append((pk, column.name)) }
        }
        shape.primaryKey = keyed.sorted { $0.0 < $1.0 }.map(\.1)
        guard virtualModule == nil else { return shape }
        let keys = try Row.fetchAll(
            db, sql: "SELECT * FROM pragma_foreign_key_list(?) ORDER BY id DESC, seq", arguments: [name])
        var byID: [(Int, ForeignKeyShape)] = []
        for row in keys {
            let id: Int = row["id"] ?? 0
            let to: String? = row["to"]
            if let last = byID.last, last.0 == id {
                byID[byID.count - 1].1.columns.append(row["from"] ?? "")
                if let to { byID[byID.count - 1].1.destination.append(to) }
            } else {
                byID.append(
                    (
                        id,
                        ForeignKeyShape(
                            columns: [row["from"] ?? ""], table: row["table"] ?? "", destination: to.map { [$0] } ?? [],
                            onDelete: row["on_delete"] ?? "NO ACTION", onUpdate: row["on_update"] ?? "NO ACTION",
                            namesDestination: to != nil)
                    ))
            }
        }
        shape.foreignKeys = byID.map(\.1)
        for i in shape.foreignKeys.indices where shape.foreignKeys[i].destination.isEmpty {
            // `REFERENCES parent`: the parent's primary key.
            let parent = shape.foreignKeys[i].table
            let key = try? String.fetchAll(
                db, sql: "SELECT name FROM pragma_table_xinfo(?) WHERE pk > 0 ORDER BY pk", arguments: [parent])
            shape.foreignKeys[i].destination = key ?? []
        }
        let indexes = try Row.fetchAll(db, sql: "SELECT * FROM pragma_index_list(?) ORDER BY name", arguments: [name])
        for row in indexes {
            let origin: String = row["origin"] ?? "c"
            guard origin != "pk" else { continue }
            let indexName: String = row["name"] ?? ""
            let columns = try Row.fetchAll(
                db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [indexName]
            ).map { row -> String? in row["name"] }
            shape.indexes.append(
                IndexShape(
                    name: indexName, columns: columns, isUnique: (row["unique"] ?? 0) != 0, origin: origin,
                    condition: nil, sql: nil))
        }
        return shape
    }

    /// `fts5(a, b)` of `CREATE VIRTUAL TABLE t USING fts5(a, b)`.
    static func module(of sql: String) -> String {
        guard let using = sql.range(of: " USING ", options: .caseInsensitive) else { return sql }
        return String(sql[using.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `SELECT` of `CREATE VIEW v AS SELECT …`.
    static func afterAS(_ sql: String) -> String {
        guard let range = SQLWords.firstWord(sql, "AS") else { return sql }
        return String(sql[range.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The condition of `CREATE INDEX … WHERE condition`.
    static func whereClause(_ sql: String) -> String? {
        guard let range = SQLWords.firstWord(sql, "WHERE") else { return nil }
        return String(sql[range.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Words of SQL found outside its quoted names and strings.
enum SQLWords {
    static func contains(_ sql: String, _ word: String) -> Bool { firstWord(sql, word) != nil }

    /// The range of the first `word` (case-insensitive, whole word) outside quotes.
    static func firstWord(_ sql: String, _ word: String) -> Range<String.Index>? {
        var quote: Character?
        var index = sql.startIndex
        let upper = word.uppercased()
        while index < sql.endIndex {
            let c = sql[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" || c == "`" || c == "[" {
                quote = c == "[" ? "]" : c
            } else if c.isLetter, index == sql.startIndex || !Self.isWordCharacter(sql[sql.index(before: index)]) {
                var end = index
                while end < sql.endIndex, Self.isWordCharacter(sql[end]) { end = sql.index(after: end) }
                if sql[index..<end].uppercased() == upper { return index..<end }
                index = end
                continue
            }
            index = sql.index(after: index)
        }
        return nil
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// SQL with runs of white space made one space, for comparing what two schemas wrote.
    static func normalized(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
