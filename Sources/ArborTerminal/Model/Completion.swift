import ArborCore
import ArborLanguage

/// Tab completion: the input and the cursor (a UTF-8 offset) in, the range
/// to replace and the candidates out. A closure, so that tests (and other
/// completion sources) can stand in for the language's `Completer`.
public typealias CompletionFunction = @Sendable (_ text: String, _ cursor: Int) -> CompletionResult

extension AppState {
    /// The language's completion against the session's current environment.
    public static func completion(environment: Environment) -> CompletionFunction {
        { text, cursor in Completer.complete(text, cursor: cursor, environment: environment) }
    }
}
