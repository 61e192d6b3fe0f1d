import ArborCore

/// A foreign key whose columns start no index: every join and prefetch from the
/// parent scans the child table ("Trust SQLite More Than Yourself", note 8).
enum UnindexedForeignKeyRule {
    static func advice(_ table: TableInfo, _ context: AdviceContext) -> [Advice] {
        guard table.kind == .table else { return [] }
        var seen: Set<[String]> = []
        var result: [Advice] = []
        for fk in table.foreignKeys {
            guard let parent = context.schema.table(named: fk.destinationTable), !fk.originColumns.isEmpty else {
                continue
            }
            let folded = fk.originColumns.map(\.sqlFolded)
            guard !isIndexed(fk.originColumns, in: table), seen.insert(folded).inserted else { continue }
            let columns = SchemaText.names(fk.originColumns)
            result.append(
                Advice(
                    rule: .unindexedForeignKey, table: table.name,
                    what:
                        "the foreign key \(SchemaText.name(table.name))(\(columns)) → \(SchemaText.name(parent.name)) has no index: "
                        + "each join or prefetch from \(SchemaText.name(parent.name)) reads the whole \(SchemaText.name(table.name)) table",
                    why: GuideWords.index,
                    fix: AdviceFix(
                        title: "Index \(table.name).\(fk.originColumns.joined(separator: "_"))",
                        after: [MigrationCode.createIndex(on: table.name, columns: fk.originColumns)])))
        }
        return result
    }

    /// True when an index (or the primary key) starts with `columns`, in any order.
    /// A partial index does not count: SQLite can use it only for some queries.
    static func isIndexed(_ columns: [String], in table: TableInfo) -> Bool {
        let wanted = Set(columns.map(\.sqlFolded))
        var candidates: [[String?]] = table.indexes.filter { !$0.isPartial }.map(\.columns)
        candidates.append(table.primaryKey)
        return candidates.contains { index in
            index.count >= columns.count && Set(index.prefix(columns.count).map { $0?.sqlFolded ?? "" }) == wanted
        }
    }
}
