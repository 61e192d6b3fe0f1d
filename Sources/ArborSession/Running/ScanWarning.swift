import ArborCore
import Foundation

/// A full scan of a table by a statement that filters or joins it: the index that
/// would make it a search, as SQL and as a GRDB migration.
struct ScanWarning: Equatable {
    var table: String
    var columns: [String]

    /// The warnings for a statement, from the details of its query plan.
    static func warnings(sql: String, planDetails: [String], schema: SchemaGraph) -> [ScanWarning] {
        let upper = sql.uppercased()
        guard upper.contains(" WHERE ") || upper.contains(" JOIN ") else { return [] }
        var warnings: [ScanWarning] = []
        for detail in planDetails where detail.hasPrefix("SCAN ") && !detail.contains(" USING ") {
            // `SCAN book`, `SCAN book AS b`.
            let words = detail.split(separator: " ")
            guard words.count >= 2, let table = schema.table(named: String(words[1])) else { continue }
            let columns = filteredColumns(of: table, in: sql)
            guard !columns.isEmpty, !isIndexed(columns, table) else { continue }
            warnings.append(ScanWarning(table: table.name, columns: columns))
        }
        return warnings
    }

    /// The table's columns the statement compares (`"book"."authorId" =`, `"year" >`, `IN (…)`).
    static func filteredColumns(of table: TableInfo, in sql: String) -> [String] {
        var found: [String] = []
        for column in table.columns {
            let quoted = "\"" + column.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            var searchRange = sql.startIndex..<sql.endIndex
            while let range = sql.range(of: quoted, range: searchRange) {
                searchRange = range.upperBound..<sql.endIndex
                let after = sql[range.upperBound...].drop { $0 == " " }
                let compares = ["=", "<", ">", "IN ", "IN(", "IS ", "LIKE ", "BETWEEN "].contains {
                    after.hasPrefix($0)
                }
                if compares, !found.contains(column.name) { found.append(column.name) }
            }
        }
        return found
    }

    /// Whether an index (or the primary key) starts with one of the columns.
    static func isIndexed(_ columns: [String], _ table: TableInfo) -> Bool {
        var first = Set(table.indexes.compactMap { $0.columns.first.flatMap { $0 }?.sqlFolded })
        if let key = table.primaryKey.first { first.insert(key.sqlFolded) }
        return columns.contains { first.contains($0.sqlFolded) }
    }

    var indexName: String { "index_\(table)_on_\(columns[0])" }

    var text: String {
        let columnList = columns.prefix(1).map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            note: full scan of `\(table)`, which this statement filters on \(columns.map { "`\($0)`" }.joined(separator: ", ")): an index makes it a search
              CREATE INDEX "\(indexName)" ON "\(table)"(\(columnList));
              migrator.registerMigration("\(indexName)") { db in
                  try db.create(index: \(SQLValue.swiftQuoted(indexName)), on: \(SQLValue.swiftQuoted(table)), columns: [\(SQLValue.swiftQuoted(columns[0]))])
              }
            """
    }
}
