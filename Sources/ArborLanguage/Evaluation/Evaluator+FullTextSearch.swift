import ArborCore

/// Full-text search: `FTS5Pattern(…)`, `FTS3Pattern(…)` and `matching(_:)`.
extension Evaluator {
    /// `FTS5Pattern(matchingAllTokensIn: "…")`, `FTS3Pattern(matchingPhrase: "…")` and the
    /// other initializers GRDB 7.10 has (`allowedColumns:` and `matchingPrefixPhrase:` are FTS5's).
    func fullTextPatternCall(
        _ arguments: [Argument], syntax: FullTextPattern.Syntax = .fts5, range: SourceRange
    ) throws -> Value {
        let labels = arguments.labels
        let takesColumns = syntax == .fts5 && labels.first == "rawPattern" && arguments.count == 2
        guard arguments.count == 1 || takesColumns,
            let label = labels.first ?? nil, let kind = FullTextPattern.Kind(rawValue: label),
            syntax.kinds.contains(kind)
        else {
            throw ArborError(
                "`\(syntax.rawValue)` does not take the arguments \(labels.signature)", at: range,
                suggestion: "its initializers: "
                    + syntax.kinds.map { "`\(syntax.rawValue)(\($0.rawValue):)`" }.joined(separator: ", "))
        }
        let allowedColumns: [String]
        if arguments.count == 2 {
            guard arguments[1].label == "allowedColumns" else {
                throw ArborError("`FTS5Pattern(rawPattern:)` takes `allowedColumns:` second", at: arguments[1].range)
            }
            allowedColumns = try withScope({ $0.columnTable = nil }) { try columnNames(arguments[1].value) }
        } else {
            allowedColumns = []
        }
        let pattern = FullTextPattern(
            kind: kind, text: try string(arguments[0].value), allowedColumns: allowedColumns, syntax: syntax)
        if kind == .rawPattern { try validateRawPattern(pattern, at: arguments[0].value.range) }
        return .fullTextPattern(pattern)
    }

    /// GRDB's raw-pattern initializers throw on invalid syntax: say it where the pattern is written.
    func validateRawPattern(_ pattern: FullTextPattern, at range: SourceRange) throws {
        do {
            _ = try pattern.rawPattern()
        } catch let error as ArborError {
            throw ArborError(error.message, at: range)
        }
    }

    /// The argument of `matching(_:)`: an `FTS5Pattern` or an `FTS3Pattern`.
    func fullTextPattern(_ expr: Expr) throws -> FullTextPattern {
        let value = try evaluate(expr)
        switch value {
        case .fullTextPattern(let pattern):
            return pattern
        case .expression(.value(.null)):
            throw ArborError(
                "`matching(nil)` does not compile in Swift: GRDB has FTS3 and FTS5 overloads", at: expr.range,
                suggestion:
                    "pass an `FTS5Pattern(matchingAllTokensIn: \"…\")`; an empty text gives a nil pattern and no rows")
        default:
            throw ArborError(
                "`matching` takes an `FTS5Pattern` or an `FTS3Pattern`, got \(value.kindName)", at: expr.range,
                suggestion: "`FTS5Pattern(matchingAllTokensIn: \"…\")`")
        }
    }

    /// A pattern as an SQL argument (`arguments: [pattern]`): its text, as GRDB's
    /// `databaseValue` gives it, or NULL for a nil pattern.
    func fullTextPatternArgument(_ pattern: FullTextPattern, range: SourceRange) throws -> SQLValue {
        do {
            return try pattern.rawPattern().map(SQLValue.text) ?? .null
        } catch let error as ArborError {
            throw ArborError(error.message, at: range)
        }
    }
}
