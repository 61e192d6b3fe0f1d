import ArborCore
import ArborLanguage

extension AppState {
    /// Tab completion: the language's `Completer` against the session's current
    /// environment (kept as data in the state, not as a closure).
    func completion(_ text: String, _ cursor: Int) -> CompletionResult {
        Completer.complete(text, cursor: cursor, environment: completionEnvironment)
    }
}
