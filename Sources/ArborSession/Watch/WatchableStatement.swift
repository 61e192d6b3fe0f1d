import ArborCore
import ArborLanguage

extension Session {
    /// Why `text` can not be what `--watch` re-runs, before anything runs: a
    /// watch re-runs a request after each commit, so a `:command` (`:sql` that
    /// writes above all), a `let` or a declaration would run again and again.
    /// nil when every statement is an expression (a text that does not parse is
    /// left to the run, which marks the error).
    public func watchRefusal(_ text: String) -> String? {
        let parsed = Parser.parse(text, flags: flags)
        guard parsed.errors.isEmpty else { return nil }
        for statement in parsed.statements {
            switch statement {
            case .expression: continue
            case .command(let name, _, _):
                return "--watch re-runs a request after each commit: `:\(name)` is not one (nothing was run)"
            case .letBinding, .varBinding, .assignment, .declarations:
                return
                    "--watch re-runs a request: the last -c must be one, such as `Author.including(all: Author.books)` (nothing was run)"
            }
        }
        return nil
    }
}
