import ArborCore

/// Advice as `:advise` and `arbor DB --advise` print it: what, why (the guide's
/// words and where they are), then each fix, indented so that it can be copied.
public enum AdviceText {
    public static let none = "no advice: the schema follows the GRDB guides"

    public static func text(_ advice: [Advice]) -> String {
        guard !advice.isEmpty else { return none }
        return advice.map(text).joined(separator: "\n\n")
    }

    public static func text(_ advice: Advice) -> String {
        var lines = ["\(SchemaText.name(advice.table)): \(advice.what)"]
        lines.append("  why: \"\(advice.why.words)\" (\(advice.why.citation))")
        for (title, code) in [
            ("migration", advice.migration), ("declaration to paste", advice.declaration),
            ("in the app", advice.appCode),
        ] {
            guard let code else { continue }
            lines.append("  \(title):")
            lines += code.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "    " + TerminalText.escaped(String($0))
            }
        }
        return lines.joined(separator: "\n")
    }
}
