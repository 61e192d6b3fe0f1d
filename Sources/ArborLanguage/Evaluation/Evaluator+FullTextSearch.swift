import ArborCore

/// FTS5 full-text search: `FTS5Pattern(…)` and `matching(_:)`.
extension Evaluator {
    /// `FTS5Pattern(matchingAllTokensIn: "…")` and the other initializers GRDB 7.10 has.
    func fullTextPatternCall(_ arguments: [Argument], range: SourceRange) throws -> Value {
        let labels = arguments.labels
        guard arguments.count == 1 || (labels.first == "rawPattern" && arguments.count == 2),
            let label = labels.first ?? nil, let kind = FullTextPattern.Kind(rawValue: label)
        else {
            throw ArborError(
                "`FTS5Pattern` does not take the arguments \(labels.signature)", at: range,
                suggestion: "its initializers: "
                    + FullTextPattern.Kind.allCases.map { "`FTS5Pattern(\($0.rawValue):)`" }.joined(separator: ", "))
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
            kind: kind, text: try string(arguments[0].value), allowedColumns: allowedColumns)
        if kind == .rawPattern {
            // GRDB's initializer throws on invalid syntax: say it where the pattern is written.
            do {
                _ = try pattern.grdbPattern()
            } catch let error as ArborError {
                throw ArborError(error.message, at: arguments[0].value.range)
            }
        }
        return .fullTextPattern(pattern)
    }

    /// The argument of `matching(_:)`: an `FTS5Pattern`.
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
                "`matching` takes an `FTS5Pattern`, got \(value.kindName)", at: expr.range,
                suggestion: "`FTS5Pattern(matchingAllTokensIn: \"…\")`")
        }
    }
}
