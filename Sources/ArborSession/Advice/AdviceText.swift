import ArborCore

/// Advice as `:advise` and `arbor DB --advise` print it: grouped by table,
/// costliest first; each piece what, why (the guide's words and where they are),
/// then each fix, indented so that it can be copied. On the whole schema the
/// demoted rules (table names, views without a primary key) fold into one note
/// each, so that they do not bury what the app pays for.
public enum AdviceText {
    public static let none = "no advice: the schema follows the GRDB guides"

    /// `folding` on the whole schema; `quiet` the rules kept quiet, named at the end.
    public static func text(_ advice: [Advice], folding: Bool = false, quiet: Set<Advice.Rule> = []) -> String {
        var blocks: [String] = []
        var shown = advice
        if folding {
            for rule in Advice.Rule.allCases where rule.isDemoted {
                let items = advice.filter { $0.rule == rule }
                guard items.count > 1 else { continue }
                shown.removeAll { $0.rule == rule }
                blocks.append(folded(rule, items))
            }
        }
        blocks.insert(
            contentsOf: shown.map { item in
                let covers =
                    item.migration != nil && shown.contains { $0.isInSharedMigration && $0.table == item.table }
                return text(item, migrationCoversMore: covers)
            }, at: 0)
        if blocks.isEmpty { blocks.append(none) }
        if !quiet.isEmpty {
            let names = Advice.Rule.allCases.filter(quiet.contains).map(\.name)
            blocks.append(
                "quiet for this database: " + names.joined(separator: ", ")
                    + " (`:advise --unquiet \(names[0])` shows it again)")
        }
        return blocks.joined(separator: "\n\n")
    }

    /// `migrationCoversMore`: the migration makes the fixes of the table's next pieces of advice too.
    public static func text(_ advice: Advice, migrationCoversMore: Bool = false) -> String {
        var lines = ["\(SchemaText.name(advice.table)): \(advice.what)"]
        lines.append("  why: \"\(advice.why.words)\" (\(advice.why.citation))")
        if advice.isInSharedMigration {
            lines.append("  migration: in the one migration for \(SchemaText.name(advice.table)), above")
        }
        let migrationTitle =
            migrationCoversMore ? "migration (every fix of \(SchemaText.name(advice.table)) below too)" : "migration"
        for (title, code) in [
            (migrationTitle, advice.migration), ("declaration to paste", advice.declaration),
            ("in the app", advice.appCode),
        ] {
            guard let code else { continue }
            lines.append("  \(title):")
            lines += code.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "    " + TerminalText.escaped(String($0))
            }
        }
        lines.append("  quiet: `:advise --quiet \(advice.rule.name)`")
        return lines.joined(separator: "\n")
    }

    /// One note for every piece of advice of a demoted rule.
    static func folded(_ rule: Advice.Rule, _ items: [Advice]) -> String {
        let names = items.map { SchemaText.name($0.table) }
        let list = names.count > 8 ? names.prefix(7).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
        let what: String
        let heading: String
        switch rule {
        case .viewPrimaryKey:
            heading = "views without a primary key"
            what =
                "\(items.count) views have no primary key (\(list)): GRDB can not `filter(key:)` them, count "
                + "associations to them or infer a foreign key to them, unless the app's configuration names their key columns"
        default:
            heading = "table names"
            what =
                "\(items.count) table names are not singular camelCase (\(list)): GRDB keys their rows by the "
                + "table name, so each association to them must spell its key out"
        }
        return [
            "\(heading): " + what,
            "  why: \"\(items[0].why.words)\" (\(items[0].why.citation))",
            "  `:advise \(names[0])` shows the fixes for one; `:advise --quiet \(rule.name)` keeps these quiet here",
        ].joined(separator: "\n")
    }
}
