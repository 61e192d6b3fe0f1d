import ArborCore

/// GRDB API that arbor does not run yet: using it says so, by name, rather than
/// "unknown", so that a user knows the code is right and the tool is behind.
enum UnsupportedGRDB {
    /// Request and association methods (GRDB's `FetchRequest.adapted(_:)`). Observation is
    /// not here: GRDB's requests have no observation methods; `ValueObservation` has them.
    static let methods: [String: String] = [
        "adapted": "`adapted` (row adapters)"
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

    /// Methods of an expression that GRDB does not have, which Swift code would not
    /// compile: refused with GRDB's spelling of what was meant.
    static let notGRDB: [String: Refusal] = [
        "between": Refusal(
            message: "GRDB has no `between`: a range contains the value",
            suggestion: "write `(lower...upper).contains(Column(\"x\"))`, which GRDB turns into `BETWEEN`")
    ]

    struct Refusal {
        var message: String
        var suggestion: String

        func error(at range: SourceRange) -> ArborError { ArborError(message, at: range, suggestion: suggestion) }
    }

    /// "`with` (common table expressions) is not supported yet", with the advice after a `|`.
    static func error(_ what: String, at range: SourceRange) -> ArborError {
        let parts = what.split(separator: "|", maxSplits: 1).map(String.init)
        return ArborError("\(parts[0]) is not supported yet", at: range, suggestion: parts.count > 1 ? parts[1] : nil)
    }
}
