import ArborCore
import Foundation

/// Swift text of GRDB migrations and declarations, with every name from the
/// database written as a Swift string literal (never as code).
enum MigrationCode {
    /// `migrator.registerMigration(title) { db in … }` around `lines`.
    static func migration(_ title: String, _ lines: [String]) -> String {
        (["migrator.registerMigration(\(string(title))) { db in"]
            + lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 } }
            + ["}"]).joined(separator: "\n")
    }

    static func string(_ s: String) -> String { SQLValue.swiftQuoted(s) }

    static func strings(_ list: [String]) -> String { "[" + list.map(string).joined(separator: ", ") + "]" }

    /// A name as SQL writes it, quotes doubled (GRDB's own quoting does not double them).
    static func sqlName(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func sqlNames(_ list: [String]) -> String { list.map(sqlName).joined(separator: ", ") }

    /// `try db.execute(sql: …)`, as a multi-line literal when the SQL has several lines.
    static func execute(_ sql: String) -> String {
        let plain =
            !sql.contains("\"\"\"") && !sql.contains("\\")
            && !sql.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" && $0 != "\t" }
        guard plain, sql.contains("\n") else { return "try db.execute(sql: \(string(sql)))" }
        let body = sql.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        return (["try db.execute(sql: \"\"\""] + body + ["    \"\"\")"]).joined(separator: "\n")
    }

    static func createIndex(on table: String, columns: [String]) -> String {
        if ([table] + columns).allSatisfy(GRDBQuoting.canQuote) {
            return "try db.create(indexOn: \(string(table)), columns: \(strings(columns)))"
        }
        // GRDB's own index name (`Database.defaultIndexName`, internal).
        let name = "index_\(table)_on_\(columns.joined(separator: "_"))"
        return execute("CREATE INDEX \(sqlName(name)) ON \(sqlName(table))(\(sqlNames(columns)))")
    }

    static func drop(table: String) -> String {
        GRDBQuoting.canQuote(table) ? "try db.drop(table: \(string(table)))" : execute("DROP TABLE \(sqlName(table))")
    }

    static func rename(table: String, to newName: String) -> String {
        GRDBQuoting.canQuote(table) && GRDBQuoting.canQuote(newName)
            ? "try db.rename(table: \(string(table)), to: \(string(newName)))"
            : execute("ALTER TABLE \(sqlName(table)) RENAME TO \(sqlName(newName))")
    }
}
