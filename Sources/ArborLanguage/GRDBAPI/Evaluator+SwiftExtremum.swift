import ArborCore

extension Evaluator {
    /// `max(1, maxSaveAttempt)`: Swift's own `max`/`min` of values known now, not GRDB's.
    /// GRDB's multi-argument `max(_:_:_:)` takes an SQL expression first (a column, `SQL`…),
    /// so Swift chooses its standard library's function when the first argument is a plain
    /// number or string, and the request holds the result (`"saveAttempt" <= 3`). Nil when
    /// the first argument is an SQL expression: then the call is GRDB's `MAX(a, b, …)`.
    func swiftExtremum(_ function: SQLFunction, of arguments: [Argument]) throws -> Value? {
        guard arguments.count > 1, function == .min || function == .max else { return nil }
        let first = try evaluate(arguments[0].value)
        guard case .expression(.value(let firstValue)) = first, Self.isComparable(firstValue) else { return nil }
        var values = [firstValue]
        for argument in arguments.dropFirst() {
            guard case .expression(.value(let value)) = try evaluate(argument.value), Self.isComparable(value) else {
                throw ArborError(
                    "Swift's `\(function.rawValue)` compares values of one type; GRDB's `\(function.rawValue)` of several values takes an SQL expression first",
                    at: argument.value.range,
                    suggestion: "write the column first: `\(function.rawValue)(Column(\"a\"), 1)`")
            }
            values.append(value)
        }
        let result = try values.dropFirst().reduce(firstValue) { best, value in
            guard let order = Self.compare(value, best) else {
                throw ArborError(
                    "Swift's `\(function.rawValue)` compares values of one type, not \(best) and \(value)",
                    at: arguments[0].value.range)
            }
            // Swift's `max` keeps the later of equal values, `min` the earlier: equal values are one value here.
            return function == .max ? (order > 0 ? value : best) : (order < 0 ? value : best)
        }
        // Beside a `Double`, Swift's integer literals are `Double`s too.
        if case .integer(let i) = result, values.contains(where: { if case .real = $0 { true } else { false } }) {
            return .expression(.value(.real(Double(i))))
        }
        return .expression(.value(result))
    }

    private static func isComparable(_ value: SQLValue) -> Bool {
        switch value {
        case .integer, .real, .text: true
        default: false
        }
    }
}
