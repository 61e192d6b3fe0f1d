import ArborLanguage
import ArborSession

/// Everything that can change the interface's state: input from the terminal,
/// the passing of time, and the results of effects.
public enum Message: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text pasted in the terminal (bracketed paste): it goes to the input, whole.
    case paste(String)
    case resize(width: Int, height: Int)
    /// The clock, in seconds (monotonic), sent while something is running.
    case tick(Double)
    /// A request finished (or failed, or was interrupted).
    case finished(generation: Int, outcomes: [Outcome], environment: Environment, elapsed: Double)
    /// The statements the app would run for request `generation`, worked out after
    /// it was shown; nil with a note when they could not be.
    case appStatements(generation: Int, statements: [CapturedStatement]?, note: String?)
    /// The app's statements of request `generation`, run once each (nil: that one failed).
    case measured(generation: Int, measures: [StatementMeasure?])
    /// The query plan asked for with `p` (or why there is none).
    case plan(title: String, text: String, isError: Bool)
    /// A window of a result was loaded: draw again.
    case windowLoaded
    /// A window could not be loaded (the schema changed meanwhile…): said, and it stays unloaded.
    case windowFailed(String)
    /// A table's row count arrived (nil: counting failed).
    case counted(table: String, count: Int?)
    /// A link's request was counted (nil: counting failed).
    case linkCounted(request: String, count: CappedCount?)
    /// A copy was made; says how.
    case copied(String)
    /// `:copy FILE` finished; the error when it failed.
    case wrote(path: String, error: String?)
    /// `:watch`: another process committed to the database (at `time`, the wall clock).
    case databaseChanged(time: String)
    /// `:watch` could not start or go on (`ended`), or reports a long lock.
    case watchProblem(String, ended: Bool)
    /// SIGTERM, SIGHUP or SIGINT from outside: leave.
    case terminate(signal: Int32)
}
