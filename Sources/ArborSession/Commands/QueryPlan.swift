import ArborCore
import GRDB

/// `:explain`: SQLite's query plan for a statement, drawn as the `sqlite3` shell
/// draws `EXPLAIN QUERY PLAN`, under the statement itself; with `schema`, a note
/// for each full scan of a table the statement filters, with the index to create.
enum QueryPlan {
    static func text(of sql: String, in database: DatabaseQueue, schema: SchemaGraph? = nil) throws -> String {
        let steps = try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map {
                row -> (id: Int64, parent: Int64, detail: String) in
                (row["id"] ?? 0, row["parent"] ?? 0, row["detail"] ?? "")
            }
        }
        var lines = [sql + ";", "QUERY PLAN"]
        func draw(parent: Int64, prefix: String) {
            let children = steps.filter { $0.parent == parent && $0.id != parent }
            for (index, step) in children.enumerated() {
                let isLast = index == children.count - 1
                lines.append(prefix + (isLast ? "`--" : "|--") + step.detail)
                draw(parent: step.id, prefix: prefix + (isLast ? "   " : "|  "))
            }
        }
        draw(parent: 0, prefix: "")
        if let schema {
            for warning in ScanWarning.warnings(sql: sql, planDetails: steps.map(\.detail), schema: schema) {
                lines.append(warning.text)
            }
        }
        return lines.joined(separator: "\n")
    }
}
