import ArborCore

/// GRDB API that arbor does not run yet: using it says so, by name, rather than
/// "unknown", so that a user knows the code is right and the tool is behind.
enum UnsupportedGRDB {
    /// Request and association methods.
    static let methods: [String: String] = [
        "adapted": "`adapted` (row adapters)",
        "prefetch": "`prefetch`",
        "tracking": "`tracking` (database observation)",
        "publisher": "`publisher` (database observation)",
        "observe": "`observe` (database observation)",
        "values": "`values` (database observation)",
        "fetchCursor": "`fetchCursor` (cursors)|`fetchAll` shows the same rows",
    ]

    /// Types and functions named at top level.
    static let functions: [String: String] = [
        "ValueObservation": "`ValueObservation` (database observation)",
        "DatabaseRegionObservation": "`DatabaseRegionObservation` (database observation)",
        "FTS3Pattern": "`FTS3Pattern` (FTS3/FTS4 full-text search)|full-text search takes `FTS5Pattern(…)`",
        "ScopeAdapter": "`ScopeAdapter` (row adapters)",
        "ColumnMapping": "`ColumnMapping` (row adapters)",
        "SuffixRowAdapter": "`SuffixRowAdapter` (row adapters)",
        "RangeRowAdapter": "`RangeRowAdapter` (row adapters)",
    ]

    /// "`with` (common table expressions) is not supported yet", with the advice after a `|`.
    static func error(_ what: String, at range: SourceRange) -> ArborError {
        let parts = what.split(separator: "|", maxSplits: 1).map(String.init)
        return ArborError("\(parts[0]) is not supported yet", at: range, suggestion: parts.count > 1 ? parts[1] : nil)
    }
}
