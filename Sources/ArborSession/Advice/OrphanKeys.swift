import ArborCore
import GRDB

/// The rows of a table whose key columns name no row of the parent table, as
/// SQLite's foreign key check finds them: a key with a NULL column names nothing
/// and is not checked; the parent's columns are compared first, so their affinity
/// and collation decide, as for a foreign key. A migration that adds the foreign
/// key must deal with them first, or GRDB's check at its end refuses it.
struct OrphanKeys {
    /// The `WHERE` condition that selects them (table names quoted).
    var condition: String
    var count: Int
    /// Up to three distinct keys among them: `ArtistId = 9`.
    var sample: [String]

    static let sampleSize = 3

    /// Nil when the table can not be read (a broken view or a missing collation).
    static func find(
        in table: TableInfo, columns: [String], parent: TableInfo, parentColumns: [String], _ context: AdviceContext
    ) throws -> OrphanKeys? {
        let child = MigrationCode.sqlName(table.name)
        let parentName = MigrationCode.sqlName(parent.name)
        let complete = columns.map { "\(child).\(MigrationCode.sqlName($0)) IS NOT NULL" }
        let matches = zip(parentColumns, columns).map { pair in
            "\(parentName).\(MigrationCode.sqlName(pair.0)) = \(child).\(MigrationCode.sqlName(pair.1))"
        }
        let condition =
            complete.joined(separator: " AND ") + " AND NOT EXISTS (SELECT 1 FROM \(parentName) WHERE "
            + matches.joined(separator: " AND ") + ")"
        let found = try skippingBrokenObjects { () throws -> (count: Int, sample: [String]) in
            let count = try Int.fetchOne(context.db, sql: "SELECT count(*) FROM \(child) WHERE \(condition)") ?? 0
            guard count > 0 else { return (0, []) }
            let rows = try Row.fetchAll(
                context.db,
                sql:
                    "SELECT DISTINCT \(MigrationCode.sqlNames(columns)) FROM \(child) WHERE \(condition) "
                    + "ORDER BY \(MigrationCode.sqlNames(columns)) LIMIT \(sampleSize)"
            )
            let sample = rows.map { row in
                zip(columns, row.databaseValues).map {
                    "\(SchemaText.name($0.0)) = \(TerminalText.escaped($0.1.description))"
                }.joined(separator: ", ")
            }
            return (count, sample)
        }
        guard let found else { return nil }
        return OrphanKeys(condition: condition, count: found.count, sample: found.sample)
    }

    /// `2 rows of Song name no Artist row (ArtistId = 9, ArtistId = 12)`.
    func described(table: String, parent: String) -> String {
        let rows = count == 1 ? "1 row" : "\(count) rows"
        return "\(rows) of \(SchemaText.name(table)) \(count == 1 ? "names" : "name") no \(SchemaText.name(parent)) row"
            + (sample.isEmpty
                ? "" : " (" + sample.joined(separator: "; ") + (sample.count == Self.sampleSize ? "; …" : "") + ")")
    }
}
