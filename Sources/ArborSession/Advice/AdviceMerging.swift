import ArborCore

/// The stage after the rules: advice ordered by what it costs the app and grouped
/// by table, and the fixes of each table made into one migration. Two migrations
/// that each rebuild a table from its original statement undo each other, and an
/// index made before a rebuild is lost by it: one migration per table, applied in
/// the order given, leaves none of the advice it fixes behind.
enum AdviceMerging {
    static func merged(_ advice: [Advice], _ context: AdviceContext) throws -> [Advice] {
        // Groups by table, in the schema's order; demoted rules after every other group.
        var groups: [[Advice]] = []
        var demoted: [Advice] = []
        for item in advice {
            if item.rule.isDemoted {
                demoted.append(item)
            } else if let i = groups.firstIndex(where: { $0[0].table.sqlFolded == item.table.sqlFolded }) {
                groups[i].append(item)
            } else {
                groups.append([item])
            }
        }
        groups = groups.map { group in group.enumerated().sorted { rank($0, $1) }.map(\.element) }
        // A table's costliest advice places its group (the schema's order between equals).
        groups = groups.enumerated().sorted { a, b in
            a.element[0].rule.cost != b.element[0].rule.cost
                ? a.element[0].rule.cost < b.element[0].rule.cost : a.offset < b.offset
        }.map(\.element)
        demoted = demoted.enumerated().sorted { rank($0, $1) }.map(\.element)
        var result: [Advice] = []
        for group in groups { result += try oneMigration(group, context) }
        for item in demoted { result += try oneMigration([item], context) }
        return result
    }

    private static func rank(_ a: (offset: Int, element: Advice), _ b: (offset: Int, element: Advice)) -> Bool {
        a.element.rule.cost != b.element.rule.cost ? a.element.rule.cost < b.element.rule.cost : a.offset < b.offset
    }

    /// The group with its fixes as one migration, on the first piece of advice that has a fix.
    private static func oneMigration(_ group: [Advice], _ context: AdviceContext) throws -> [Advice] {
        var group = group
        guard let table = group.first.flatMap({ context.schema.table(named: $0.table) }) else { return group }
        var fixed = group.indices.filter { group[$0].fix != nil }
        var rebuilt: [String] = []
        let changes = fixed.flatMap { group[$0].fix?.rebuild ?? [] }
        if !changes.isEmpty {
            if let lines = try context.rebuild(table, changes) {
                rebuilt = lines
            } else {
                // A statement arbor can not rebuild: the fixes that need it get no migration.
                for i in fixed where group[i].fix?.rebuild.isEmpty == false { group[i].fix = nil }
                fixed = fixed.filter { group[$0].fix != nil }
            }
        }
        guard let first = fixed.first else { return group }
        let fixes = fixed.compactMap { group[$0].fix }
        let notNull = Set(fixes.flatMap(\.notNullColumns).map(\.sqlFolded))
        var lines: [String] = []
        var titles: [String] = []
        for fix in fixes {
            let nullsANotNullColumn = fix.nulledColumns.contains { notNull.contains($0.sqlFolded) }
            lines += nullsANotNullColumn ? fix.beforeWhenNotNull : fix.before
            titles.append(nullsANotNullColumn ? fix.titleWhenNotNull : fix.title)
        }
        lines += rebuilt
        for fix in fixes {
            for line in fix.after where !lines.contains(line) { lines.append(line) }
        }
        let title =
            titles.count == 1 ? titles[0] : "Fix \(table.name): " + titles.map(lowercasedFirst).joined(separator: ", ")
        for i in fixed {
            group[i].fix = nil
            group[i].isInSharedMigration = i != first
        }
        group[first].migration = MigrationCode.migration(title, lines)
        return group
    }

    private static func lowercasedFirst(_ s: String) -> String {
        guard let head = s.first else { return s }
        return head.lowercased() + s.dropFirst()
    }
}
