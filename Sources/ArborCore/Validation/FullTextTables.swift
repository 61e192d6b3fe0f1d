extension Validator {
    /// `matching(_:)` filters on `table MATCH pattern`, which SQLite runs only on a
    /// full-text virtual table: say so before SQLite's "unable to use function MATCH".
    func checkFullText(table: String) throws {
        guard let info = schema.table(named: table) else { return }
        let module = info.sql.map(Self.virtualTableModule) ?? nil
        guard info.kind == .virtual, let module, module.hasPrefix("fts") else {
            throw fail(
                "`matching(_:)` needs a full-text table: `\(info.name)` is not an FTS5 virtual table",
                suggestion: "full-text tables are created with `CREATE VIRTUAL TABLE … USING fts5(…)`")
        }
    }

    /// `fts5` in `CREATE VIRTUAL TABLE t USING fts5(…)`, lowercased.
    static func virtualTableModule(_ sql: String) -> String? {
        let words = sql.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "(" })
        guard let using = words.firstIndex(of: "using"), using + 1 < words.count else { return nil }
        return String(words[using + 1])
    }
}
