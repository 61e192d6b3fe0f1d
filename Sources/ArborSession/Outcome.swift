import ArborCore
import GRDB

/// What running one statement produced.
public enum Outcome: Sendable {
    /// A request's rows.
    case rows(RequestResult)
    /// `fetchCount()`.
    case count(Int, sql: String)
    /// `Book.exists(db, key: 1)`, `request.isEmpty(db)`: GRDB's answer, and the statement it ran.
    case boolean(Bool, sql: String)
    /// A value that is not a request (an association, a column, …), described.
    case description(String)
    /// A value the app's code computed from fetches it ran (`Statistics(pureWins: 3, …)` from
    /// three `fetchCount`s), described, with the statements those fetches ran, in order.
    case computed(String, statements: [String])
    /// `let name = …` or declarations: nothing on standard output.
    case silent(String)
    /// Output of a `:command`.
    case commandOutput(String)
    /// The statement failed; the errors carry ranges into `text`.
    case failure([ArborError], text: String)
}

/// One statement SQLite ran for a request (the main one, a prefetch, a window, a
/// page of children), or one the app would run for it.
public struct CapturedStatement: Sendable, Equatable {
    public var sql: String
    public var duration: Double
    /// What the statement is for, as the SQL pane names it: `main`, `prefetch books`,
    /// `window 2`, `more books of author 7`; empty when nothing says.
    public var label: String

    public init(sql: String, duration: Double, label: String = "") {
        self.sql = sql
        self.duration = duration
        self.label = label
    }
}

/// The rows of a request, with the SQL that produced them.
public struct RequestResult: Sendable {
    /// The request, validated once, with how it is fetched: printing, streaming or
    /// windowing the result goes on from it without validating again.
    public let checked: CheckedRequest
    public var plan: RequestPlan { checked.plan }
    public var strategy: FetchStrategy { checked.strategy }
    public var rows: [ResultRow]
    /// The main statement, arguments inlined as `sqlite3_expanded_sql` renders them.
    public var mainSQL: String
    /// Every statement run, main and prefetch, in order.
    public var statements: [CapturedStatement]
    public var isSingleRow: Bool
    /// `find(_:key:)`: no row is GRDB's `RecordError.recordNotFound`, not an empty result.
    public var requiresRow = false
    /// The rows are all in `rows`, fetched whole as GRDB fetches them for the app (raw SQL,
    /// values, `fetchSet`): shown as they are, never fetched again.
    public var isFetchedWhole = false
    /// A value fetch checked whole (every value converted, as GRDB does) but not kept:
    /// `Session.streamValues` converts them again as they are printed.
    public var valuesAreStreamed = false
    /// For an interactive view: the whole result, a window at a time (`rows` holds
    /// the first window).
    public var window: WindowedResult?
    /// The statements the app would run for the request as typed (GRDB's main
    /// statement, then each prefetch, unwindowed), labelled `main` and `prefetch KEY`;
    /// nil while they are not known (a prefetch needs its parents' keys: `Session.appStatements`).
    public var appStatements: [CapturedStatement]? = nil
    /// What GRDB will silently get wrong in this request (`RequestPitfalls`), with the fix.
    public var warnings: [Pitfall] = []
    /// For a fetch decoded as the app's type: how many rows decode, and what GRDB converts silently.
    public var decodingVerdict: DecodingVerdict? = nil
}
