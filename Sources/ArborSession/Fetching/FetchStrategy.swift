import ArborCore

/// How a statement's rows are fetched, decided once from its validated plan: the
/// session's fetches, the terminal's windows, the command line's formats, streams
/// and `--watch` switch on it rather than reading the plan's flags again.
public enum FetchStrategy: Hashable, Sendable {
    /// The rows of a query interface request that prefetches nothing: read from its
    /// statement as it steps (a cursor, windows by keyset or offset, JSON from the columns).
    case steppedRows
    /// The rows of a request with `including(all:)`: GRDB prefetches only in
    /// `fetchAll`/`fetchOne`, never through a cursor (T22), so they are fetched whole,
    /// a page at a time when streamed or windowed.
    case prefetchedRows
    /// Raw SQL rows (`Row.fetchAll(db, sql: …)`, `:sql SELECT …` in the terminal): read
    /// from the statement once SQLite says it only reads, windowed by `RawSQLPages`.
    case rawRows
    /// `fetchSet` of rows (of a request or raw SQL): fetched whole, each row once.
    case distinctRows(prefetches: Bool)
    /// `String.fetchAll(db, …)`: one value a row converted by GRDB, whose verdict
    /// needs every value (a NULL in the last row fails the fetch); `fetchSet` keeps each value once.
    case values(FetchedValueType, distinct: Bool)
    /// `AuthorInfo.fetchAll(db, request)`, `asRequest(of:)`: the rows decoded into the
    /// app's type with GRDB's decoder, checked whole as the app fetches them.
    case decoded(typePath: String, prefetches: Bool)

    public init(_ validated: ValidatedPlan) {
        let plan = validated.plan
        if let typePath = plan.decodedAs {
            self = .decoded(typePath: typePath, prefetches: plan.hasPrefetch)
        } else if let type = plan.valueType {
            self = .values(type, distinct: plan.isDeduplicated)
        } else if plan.isDeduplicated {
            self = .distinctRows(prefetches: plan.hasPrefetch)
        } else if plan.rawSQL != nil {
            self = .rawRows
        } else {
            self = plan.hasPrefetch ? .prefetchedRows : .steppedRows
        }
    }

    /// GRDB runs prefetch statements after the main one (a value fetch reads the main
    /// statement alone).
    public var runsPrefetches: Bool {
        switch self {
        case .prefetchedRows: true
        case .distinctRows(let prefetches), .decoded(_, let prefetches): prefetches
        case .steppedRows, .rawRows, .values: false
        }
    }

    /// The rows come with the statement's outcome, fetched whole as GRDB fetches them
    /// for the app (values, `fetchSet`), rather than through a cursor or windows.
    /// Raw SQL rows and decoded rows have their own paths (`stream`, the decoding check).
    public var isFetchedWithOutcome: Bool {
        switch self {
        case .values, .distinctRows, .rawRows: true
        case .steppedRows, .prefetchedRows, .decoded: false
        }
    }

    /// Nothing is converted or decoded before a row shows, and no prefetch waits for the
    /// parents: the rows can be written as the statement steps (JSON from the columns).
    public var readsRowsAsTheyStep: Bool { self == .steppedRows || self == .rawRows }

    /// The Swift type of a value fetch; nil for rows.
    public var valueType: FetchedValueType? {
        if case .values(let type, _) = self { return type }
        return nil
    }

    /// The app's type the rows decode into; nil for rows shown as they are.
    public var decodedTypePath: String? {
        if case .decoded(let typePath, _) = self { return typePath }
        return nil
    }
}
