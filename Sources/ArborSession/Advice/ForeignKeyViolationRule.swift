import ArborCore
import GRDB

/// Rows whose foreign key names a parent row that does not exist
/// (`PRAGMA foreign_key_check`): what "consistent data" rules out. Each foreign key
/// gets one piece of advice with the count and a sample; the migration sets the
/// dangling keys to NULL when the columns allow it, else deletes the rows.
enum ForeignKeyViolationRule {
    static let sampleSize = 3

    /// `tables` nil: the whole database in one statement.
    static func advice(tables: [TableInfo]?, _ context: AdviceContext) throws -> [Advice] {
        var violations: [(table: String, fkid: Int, rowid: Int64?)] = []
        func check(_ sql: String) throws {
            for row in try Row.fetchAll(context.db, sql: sql) {
                violations.append((row[0] ?? "", row[3] ?? -1, row[1]))
            }
        }
        if let tables {
            for table in tables where table.kind == .table {
                try skippingBrokenObjects {
                    try check("PRAGMA foreign_key_check(\(MigrationCode.sqlName(table.name)))")
                }
            }
        } else if try skippingBrokenObjects({ try check("PRAGMA foreign_key_check") }) == nil {
            // One mismatched key (a parent without a unique key) fails the whole check: go table by table.
            violations = []
            for table in context.userTables where table.kind == .table {
                try skippingBrokenObjects {
                    try check("PRAGMA foreign_key_check(\(MigrationCode.sqlName(table.name)))")
                }
            }
        }
        var groups: [(table: String, fkid: Int, rowids: [Int64?])] = []
        for violation in violations {
            if let i = groups.firstIndex(where: { $0.table == violation.table && $0.fkid == violation.fkid }) {
                groups[i].rowids.append(violation.rowid)
            } else {
                groups.append((violation.table, violation.fkid, [violation.rowid]))
            }
        }
        return groups.compactMap { group -> Advice? in
            guard let table = context.schema.table(named: group.table),
                let fk = table.foreignKeys.first(where: { $0.id == group.fkid }),
                let parent = context.schema.table(named: fk.destinationTable),
                fk.destinationColumns.count == fk.originColumns.count
            else { return nil }
            return advice(table, fk: fk, parent: parent, rowids: group.rowids, context)
        }
    }

    private static func advice(
        _ table: TableInfo, fk: ArborCore.ForeignKeyInfo, parent: TableInfo, rowids: [Int64?], _ context: AdviceContext
    ) -> Advice {
        let count = rowids.count
        let sample = rowids.prefix(sampleSize).compactMap { $0 }.compactMap { rowid -> String? in
            let sql =
                "SELECT \(MigrationCode.sqlNames(fk.originColumns)) FROM \(MigrationCode.sqlName(table.name)) WHERE rowid = ?"
            guard let row = try? Row.fetchOne(context.db, sql: sql, arguments: [rowid]) else { return nil }
            let values = zip(fk.originColumns, row.databaseValues).map {
                "\(SchemaText.name($0.0)) = \(TerminalText.escaped($0.1.description))"
            }
            return "rowid \(rowid) (\(values.joined(separator: ", ")))"
        }
        let child = MigrationCode.sqlName(table.name)
        let parentName = MigrationCode.sqlName(parent.name)
        // The rows whose key is complete and matches no parent row, as SQLite checks it.
        let complete: [String] = fk.originColumns.map { "\(child).\(MigrationCode.sqlName($0)) IS NOT NULL" }
        let matches: [String] = zip(fk.originColumns, fk.destinationColumns).map { pair in
            "\(parentName).\(MigrationCode.sqlName(pair.1)) = \(child).\(MigrationCode.sqlName(pair.0))"
        }
        let condition: String =
            complete.joined(separator: " AND ") + " AND NOT EXISTS (SELECT 1 FROM \(parentName) WHERE "
            + matches.joined(separator: " AND ") + ")"
        let nullable = fk.originColumns.allSatisfy {
            table.column(named: $0).map { !$0.isNotNull && $0.primaryKeyIndex == 0 } ?? false
        }
        let delete = MigrationCode.execute("DELETE FROM \(child) WHERE \(condition)")
        let statement =
            nullable
            ? MigrationCode.execute(
                "UPDATE \(child) SET "
                    + fk.originColumns.map { "\(MigrationCode.sqlName($0)) = NULL" }.joined(separator: ", ")
                    + " WHERE \(condition)") : delete
        let deleteTitle = "Delete the \(table.name) rows whose \(parent.name) does not exist"
        let title =
            nullable ? "Set dangling \(table.name).\(fk.originColumns.joined(separator: ", ")) to NULL" : deleteTitle
        return Advice(
            rule: .foreignKeyViolation, table: table.name,
            what:
                "\(count) \(count == 1 ? "row" : "rows") of \(SchemaText.name(table.name)) \(count == 1 ? "has" : "have") a key "
                + "(\(SchemaText.names(fk.originColumns))) that matches no \(SchemaText.name(parent.name)) row"
                + (sample.isEmpty ? "" : ", such as " + sample.joined(separator: ", ")),
            why: GuideWords.consistentData,
            fix: AdviceFix(
                title: title, before: [statement], nulledColumns: nullable ? fk.originColumns : [],
                beforeWhenNotNull: [delete], titleWhenNotNull: deleteTitle))
    }
}
