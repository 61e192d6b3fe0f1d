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
        // One piece of advice for the table: its fix is one rebuild.
        var fixed: [String] = []
        var parentOf: [String: String] = [:]
        for fk in table.foreignKeys {
            guard let parent = context.schema.table(named: fk.destinationTable) else { continue }
            let candidates = fk.originColumns.filter { name in columns.contains { $0.sqlFolded == name.sqlFolded } }
            guard !candidates.isEmpty, candidates.allSatisfy({ !holdsNull.contains($0.sqlFolded) }) else { continue }
            // Each column once, with the first foreign key that uses it.
            columns.removeAll { column in candidates.contains { $0.sqlFolded == column.sqlFolded } }
            fixed += candidates
            for column in candidates { parentOf[column.sqlFolded] = parent.name }
        }
        guard !fixed.isEmpty else { return [] }
        // In the order of the table's columns (foreign keys come last written first).
        let order = table.columns.map(\.name.sqlFolded)
        fixed.sort { (order.firstIndex(of: $0.sqlFolded) ?? 0) < (order.firstIndex(of: $1.sqlFolded) ?? 0) }
        var parents: [String] = []
        for column in fixed {
            if let parent = parentOf[column.sqlFolded], !parents.contains(parent) { parents.append(parent) }
        }
        let name = SchemaText.name(table.name)
        let one = fixed.count == 1
        let columnList: String = fixed.map { "\(name).\(SchemaText.name($0))" }.joined(separator: ", ")
        let parentList: String = parents.map(SchemaText.name).joined(separator: " and its ")
        let verb: String = one ? "allows" : "allow"
        let pronoun: String = one ? "it" : "them"
        let what: String =
            "\(columnList) \(verb) NULL, yet every \(name) has its \(parentList): "
            + "declare \(pronoun) NOT NULL and SQLite will keep \(pronoun) so"
        let title = "Make \(table.name).\(fixed.joined(separator: ", ")) NOT NULL"
        return [
            Advice(
                rule: .nullableForeignKey, table: table.name, what: what, why: GuideWords.notNull,
                fix: AdviceFix(title: title, rebuild: fixed.map { .columnWords(column: $0, words: "NOT NULL") }))
        ]
    }

    /// True when `column` of `table` allows NULL, the table has rows, and none holds NULL.
    static func isAlwaysSet(_ column: String, in table: TableInfo, _ context: AdviceContext) throws -> Bool {
        guard let info = table.column(named: column), !info.isNotNull, info.primaryKeyIndex == 0, !info.isGenerated
        else { return false }
        let quotedTable = MigrationCode.sqlName(table.name)
        let sql =
            "SELECT EXISTS (SELECT 1 FROM \(quotedTable)) AND NOT EXISTS (SELECT 1 FROM \(quotedTable) WHERE "
            + "\(MigrationCode.sqlName(column)) IS NULL)"
        let answer: Bool?? = try skippingBrokenObjects { try Bool.fetchOne(context.db, sql: sql) }
        return answer == .some(.some(true))
    }
}
