import ArborCore
import ArborLanguage

/// `:advise [T]`, `:advise --quiet RULE`, `:advise --unquiet RULE`: the advice on the
/// schema or a table, or a rule kept quiet for this database (or heard again).
struct AdviseCommand {
    let session: Session

    func run(_ argument: String, range: SourceRange, table: (String) throws -> TableInfo) throws -> Outcome {
        let words = argument.split(separator: " ").map(String.init)
        if let option = words.first, option.hasPrefix("--") {
            guard option == "--quiet" || option == "--unquiet" else {
                throw ArborError(
                    "unknown option `\(TerminalText.escaped(option))` of `:advise`", at: range,
                    suggestion: "write `:advise --quiet RULE` or `:advise --unquiet RULE`")
            }
            guard words.count == 2, let rule = Advice.Rule(name: words[1]) else {
                throw ArborError(
                    words.count < 2
                        ? "name the rule after `\(option)`"
                        : "no advice rule named `\(TerminalText.escaped(words.dropFirst().joined(separator: " ")))`",
                    at: range,
                    suggestion: "the rules: " + Advice.Rule.allCases.map(\.name).joined(separator: ", "))
            }
            let isQuiet = option == "--quiet"
            try session.setQuiet(rule, isQuiet)
            return .commandOutput(
                isQuiet
                    ? "`\(rule.name)` (\(rule.rawValue)) is quiet for this database; `:advise --unquiet \(rule.name)` shows it again"
                    : "`\(rule.name)` (\(rule.rawValue)) is shown again for this database")
        }
        let name = argument.isEmpty ? nil : try table(argument).name
        return .commandOutput(
            AdviceText.text(
                try session.advice(table: name), folding: name == nil, quiet: session.quietAdviceRules))
    }
}
