/// What `update` asks the runtime to do; the state itself never touches the
/// database, the clipboard or the file system.
public enum Effect: Equatable, Sendable {
    /// Run `text` in the session; the result comes back as `.finished` with `generation`.
    case run(text: String, generation: Int)
    /// Interrupt request `generation` (and older ones) if it is running, skip it if it is waiting.
    case interrupt(generation: Int)
    /// Run the app's statements of request `generation` once each, in the background,
    /// for their durations, row counts and full scans (`.measured`).
    case measure(generation: Int, statements: [String])
    /// `p` in the SQL pane: the query plan of `sql`, worked out in the background (`.plan`).
    case explain(sql: String, title: String)
    /// Load the root rows `range` of a windowed result (one window) and post `.windowLoaded`:
    /// the screen needs them (`AppState.missingWindows`).
    case loadWindow(WindowReference, Range<Int>)
    /// Fetch more rows of a cut to-many child and post `.windowLoaded`.
    case loadMoreChildren(MoreRows)
    /// Count the rows of these tables in the background, one `.counted` each.
    case countRows([String])
    /// Count these requests (the links of the row in the children pane), capped, one `.linkCounted` each.
    case countLinks([String])
    /// Copy to the clipboard (OSC 52, then a clipboard tool); `what` names it for the status line.
    case copy(text: String, what: String)
    /// `:copy FILE`.
    case write(text: String, path: String)
    case saveHistory(History)
    /// `:watch`: start (or stop) waking the interface when another process commits.
    case watch(Bool)
    /// Ctrl-Z.
    case suspend
    /// Ctrl-L: redraw the whole screen.
    case redraw
    case quit
}
