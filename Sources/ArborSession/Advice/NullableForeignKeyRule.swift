import ArborCore
import GRDB

/// Foreign key columns that allow NULL while no row holds one: the schema does not
/// say what the data does, that every row has its parent ("Trust SQLite More Than
/// Yourself", note 7). An empty table says nothing, so it gets no advice.
enum NullableForeignKeyRule {
    static func advice(_ table: TableInfo, _ context: AdviceContext) throws -> [Advice] {
        guard table.kind == .table else { return [] }
        let nullable = table.foreignKeys.filter { context.schema.table(named: $0.destinationTable) != nil }
            .flatMap(\.originColumns)
            .filter { name in
                guard let column = table.column(named: name) else { return false }
                return !column.isNotNull && column.primaryKeyIndex == 0 && !column.isGenerated
            }
        var columns: [String] = []
        for name in nullable where !columns.contains(where: { $0.sqlFolded == name.sqlFolded }) { columns.append(name) }
        guard !columns.isEmpty else { return [] }
        // One statement per table: does it have rows, and which columns hold a NULL.
        let quotedTable = MigrationCode.sqlName(table.name)
        let sql =
            "SELECT EXISTS (SELECT 1 FROM \(quotedTable))"
            + columns.map { ", EXISTS (SELECT 1 FROM \(quotedTable) WHERE \(MigrationCode.sqlName($0)) IS NULL)" }
            .joined()
        guard let row = try skippingBrokenObjects({ try Row.fetchOne(context.db, sql: sql) }) ?? nil,
            row[0] as Bool? == true
        else { return [] }
        var holdsNull: Set<String> = []
        for (i, column) in columns.enumerated() where row[i + 1] as Bool? != false {
            holdsNull.insert(column.sqlFolded)
        }
        var result: [Advice] = []
        for fk in table.foreignKeys {
            guard let parent = context.schema.table(named: fk.destinationTable) else { continue }
            let candidates = fk.originColumns.filter { name in columns.contains { $0.sqlFolded == name.sqlFolded } }
            guard !candidates.isEmpty, candidates.allSatisfy({ !holdsNull.contains($0.sqlFolded) }) else { continue }
            // Each column once, with the first foreign key that uses it.
            columns.removeAll { column in candidates.contains { $0.sqlFolded == column.sqlFolded } }
            let what =
                "\(SchemaText.name(table.name)).\(SchemaText.names(candidates)) allows NULL, yet every \(SchemaText.name(table.name)) has its \(SchemaText.name(parent.name)): "
                + "declare it NOT NULL and SQLite will keep it so"
            let title = "Make \(table.name).\(candidates.joined(separator: ", ")) NOT NULL"
            result.append(
                Advice(
                    rule: .nullableForeignKey, table: table.name, what: what, why: GuideWords.notNull,
                    migration: try context.rebuild(table, .columns(candidates.map { ($0, "NOT NULL") }))
                        .map { MigrationCode.migration(title, $0) }))
        }
        return result
    }
}
