/// One kind of waste found in a trace, with the request that replaces it and what
/// it costs before and after.
public struct TraceFinding: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A loop that reads an association's rows one parent row at a time.
        case nPlusOne = "n+1"
        /// The same statement run again with the same values.
        case repeated
        /// `fetchCount` then `fetchAll` of the same rows.
        case countThenFetch = "count-then-fetch"
        /// A full scan of a table the statement filters, for want of an index.
        case scan
    }

    public var kind: Kind
    /// What was found, in one sentence.
    public var summary: String
    /// The request that replaces the statements, as an app writes it; nil when there is none to write.
    public var request: String?
    /// The association a loop walks (`Author.books`).
    public var association: String?
    /// Statements run by the app, and by the fix.
    public var before: Int
    public var after: Int
    /// Seconds they take on the database, measured by running them (or from the
    /// profile lines when they can not be run); nil when unknown.
    public var beforeSeconds: Double?
    public var afterSeconds: Double?
    /// Whether the app's statements were timed on the database rather than read from
    /// the log (the fix is always timed on the database, when it can run).
    public var measured: Bool
    /// Lines of the log, the first occurrence's (at most `WasteFinder.keptLines`).
    public var lines: [Int]
    /// How many times the log shows it.
    public var occurrences: Int
    /// What else to say: how it was confirmed, the index to create, why nothing could be measured.
    public var notes: [String]
    /// False for what is reported but is no waste to fail on (a scan of a small table).
    public var isWaste: Bool

    public init(
        kind: Kind, summary: String, request: String? = nil, association: String? = nil, before: Int, after: Int,
        beforeSeconds: Double? = nil, afterSeconds: Double? = nil, measured: Bool = false, lines: [Int],
        occurrences: Int = 1, notes: [String] = [], isWaste: Bool = true
    ) {
        self.kind = kind
        self.summary = summary
        self.request = request
        self.association = association
        self.before = before
        self.after = after
        self.beforeSeconds = beforeSeconds
        self.afterSeconds = afterSeconds
        self.measured = measured
        self.lines = lines
        self.occurrences = occurrences
        self.notes = notes
        self.isWaste = isWaste
    }
}
