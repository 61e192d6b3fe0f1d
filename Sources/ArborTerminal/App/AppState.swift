import ArborCore
import ArborLanguage
import ArborSession

/// Where keys go.
public enum Focus: Hashable, Sendable {
    case input, schema, results, children, sql
}

/// A full-screen text shown over the panes: help, a row's values, a command's output.
public struct Overlay: Sendable, Equatable {
    public var title: String
    public var lines: [[Span]]
    public var top = 0
    /// Lines wrap between spans (words), never inside one: for SQL.
    public var wrapsWords = false
    /// The block chosen with Tab (an index of `blocks`); nil: the first block in view.
    public var chosenBlock: Int?

    public init(title: String, lines: [[Span]], wrapsWords: Bool = false) {
        self.title = title
        self.lines = lines
        self.wrapsWords = wrapsWords
    }
}

/// The request being run.
public struct Running: Sendable, Equatable {
    public var generation: Int
    public var text: String
    public var started: Double
    public var cancelling = false
}

/// Timing and counts of the last request, for the status line and the results title.
public struct LastRun: Sendable, Equatable {
    /// nil while the rows are being counted (after the first window is shown).
    public var rows: Int?
    public var elapsed: Double
    public var statements: Int
}

/// A line for the status bar that replaces the key hints for a while.
public struct Notice: Sendable, Equatable {
    public var text: String
    public var isError: Bool
}

/// Ctrl-R: the query and the history entry it found.
public struct HistorySearch: Sendable, Equatable {
    public var query = ""
    public var match: Int?
    /// The line before the search, restored by Esc.
    public var original: String
}

/// The errors of the last statement, underlined in the input while its text is unchanged.
public struct InputError: Sendable, Equatable {
    public var text: String
    public var errors: [ArborError]
}

/// The whole state of the interface (the Elm architecture's model).
public struct AppState: Sendable {
    public var width: Int
    public var height: Int
    public var focus: Focus = .input
    public var schema: SchemaState
    public var results: ResultsState?
    public var miller: MillerState?
    public var sql = SQLState()
    /// The log of the statements the shown result runs (windows, pages), read
    /// into the SQL pane as it grows; and the request that result came from.
    public var sqlLog: StatementLog?
    public var shownGeneration: Int?
    public var input = LineEditor()
    public var history: History
    /// The history entry shown by ↑/↓, and the line typed before browsing.
    public var historyIndex: Int?
    public var historyDraft = ""
    public var search: HistorySearch?
    /// `/`: the find prompt, and the last query (`n` repeats it).
    public var find: FindPrompt?
    public var lastFind = ""
    /// `c` in the table view: the letters typed next go to a column (`ColumnJump`).
    public var columnJump: ColumnJump?
    public var completions: [String] = []
    public var inputError: InputError?
    public var overlay: Overlay?
    public var running: Running?
    /// `:watch` is on.
    public var watch: WatchState?
    /// The links of the row the children pane shows (`RowLinks`), counted on demand.
    public var links: RowLinks?
    /// What points to each table, made once per schema (and declarations): nil until needed.
    public var reverseAssociations: ReverseAssociations?
    public var generation = 0
    public var now: Double = 0
    public var last: LastRun?
    public var notice: Notice?
    /// What Tab completes against: the environment of the last run.
    public var completionEnvironment: Environment
    /// What `y`/`Y`/`J` copied last, for `:copy FILE`.
    public var lastCopied: String?
    public var colors = true
    /// Requests to try on this database's tables (F1, the empty results pane).
    public var examples: [String]
    /// The results as a tree or a table (`t`, `:format`): kept for the next results.
    public var resultsFormat = ResultsFormat.tree
    /// F2: the schema pane shown or hidden whatever the width, or by the width.
    public var schemaPane = SchemaPanePreference.automatic
    /// Whether a windowed result is shown a window at a time (the runtime loads the
    /// windows `missingWindows` names); false in tests, where results are read whole.
    public var readsWindows = false

    public init(
        width: Int, height: Int, environment: Environment, history: History = History()
    ) {
        self.width = width
        self.height = height
        self.schema = SchemaState(environment: environment)
        self.history = history
        examples = RequestExamples.of(environment)
        completionEnvironment = environment
    }

    public var layout: Layout {
        Layout(
            width: width, height: height, childrenOpen: miller != nil, focus: focus, schemaPane: schemaPane,
            errorHeight: shownError.map { ErrorView.height($0, width: width, screenHeight: height) } ?? 0)
    }

    /// The errors of the last statement while its text is in the input unchanged.
    public var shownError: InputError? {
        guard let inputError, inputError.text == input.text, !inputError.errors.isEmpty, search == nil else {
            return nil
        }
        return inputError
    }
}
