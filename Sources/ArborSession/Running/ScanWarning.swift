import ArborCore
import Foundation

/// A full scan of a table by a statement that filters or joins it: the index that
/// would make it a search, as SQL and as a GRDB migration.
struct ScanWarning: Equatable {
    var table: String
    var columns: [String]

    /// The warnings for a statement, from the details of its query plan: every table
    /// it scans (by name or by alias, `SCAN Track`, `SCAN album1`) whose columns it
    /// filters, or, without a filter, joins, and no index starts with.
    static func warnings(sql: String, planDetails: [String], schema: SchemaGraph) -> [ScanWarning] {
        let upper = sql.uppercased()
        guard upper.contains(" WHERE ") || upper.contains(" JOIN ") else { return [] }
        let references = ColumnComparisons(sql)
        var warnings: [ScanWarning] = []
        for detail in planDetails where detail.hasPrefix("SCAN ") && !detail.contains(" USING ") {
            // `SCAN book`, `SCAN b` (an alias), `SCAN book AS b`.
            let words = detail.split(separator: " ").map(String.init)
            guard words.count >= 2 else { continue }
            let name = words.count >= 4 && words[2] == "AS" ? words[3] : words[1]
            guard let table = schema.table(named: references.tables[name.sqlFolded] ?? words[1]) else { continue }
            let compared = references.comparisons(of: table, qualifier: name)
            let filters = compared.filter { !$0.isJoin }.map(\.column)
            let columns = filters.isEmpty ? compared.map(\.column) : filters
            guard !columns.isEmpty, !isIndexed(columns, table),
                !warnings.contains(where: { $0.table == table.name && $0.columns == columns })
            else { continue }
            warnings.append(ScanWarning(table: table.name, columns: columns))
        }
        return warnings
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
