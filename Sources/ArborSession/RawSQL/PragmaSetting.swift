import Foundation
import GRDB
import GRDBSQLite

/// `PRAGMA [schema.]name = value` (or `name(value)`) run by `:sql` under `--write`:
/// it changes no row, so what it did is said with the setting's value read back.
/// Only SQLite's settings are read back: querying some other pragmas acts
/// (`incremental_vacuum`, `optimize`…).
enum PragmaSetting {
    static let settings: Set<String> = [
        "analysis_limit", "application_id", "auto_vacuum", "automatic_index", "busy_timeout", "cache_size",
        "cache_spill", "cell_size_check", "checkpoint_fullfsync", "defer_foreign_keys", "encoding", "foreign_keys",
        "fullfsync", "hard_heap_limit", "ignore_check_constraints", "journal_mode", "journal_size_limit",
        "legacy_alter_table", "locking_mode", "max_page_count", "mmap_size", "page_size", "query_only",
        "read_uncommitted", "recursive_triggers", "reverse_unordered_selects", "schema_version", "secure_delete",
        "soft_heap_limit", "synchronous", "temp_store", "threads", "trusted_schema", "user_version",
        "wal_autocheckpoint", "writable_schema",
    ]

    /// The setting's name, as `schema.name` when the statement names a schema, when
    /// `sql` assigns one of SQLite's settings.
    static func name(in sql: String) -> String? {
        var rest = Substring(sql)
        skipBlanksAndComments(&rest)
        guard rest.prefix(6).uppercased() == "PRAGMA", rest.dropFirst(6).first?.isWhitespace == true else {
            return nil
        }
        rest = rest.dropFirst(6)
        skipBlanksAndComments(&rest)
        var name = takeWord(&rest)
        skipBlanksAndComments(&rest)
        if rest.first == "." {
            rest = rest.dropFirst()
            skipBlanksAndComments(&rest)
            name += "." + takeWord(&rest)
        }
        skipBlanksAndComments(&rest)
        guard rest.first == "=" || rest.first == "(",
            let last = name.split(separator: ".").last, settings.contains(last.lowercased())
        else { return nil }
        return name
    }

    /// The current value of the setting, read as text.
    static func value(of name: String, _ connection: SQLiteConnection?) -> String? {
        var statement: SQLiteStatement?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, "PRAGMA \(name)", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
        else { return nil }
        return String(cString: text)
    }

    private static func takeWord(_ rest: inout Substring) -> String {
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        rest = rest.dropFirst(word.count)
        return String(word)
    }

    private static func skipBlanksAndComments(_ rest: inout Substring) {
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else {
                    rest = ""
                    return
                }
                rest = rest[end.upperBound...]
            } else {
                return
            }
        }
    }
}
