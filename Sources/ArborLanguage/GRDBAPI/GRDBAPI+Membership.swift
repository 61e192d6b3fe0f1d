import ArborCore

/// GRDB's `contains(_:)` of arrays and ranges of values (`SQLOperators.swift`):
/// `[1, 2].contains(Column("id"))` is `"id" IN (1, 2)`, `(1...3).contains(Column("id"))`
/// is `"id" BETWEEN 1 AND 3`.
extension GRDBAPI {
    static let membershipMembers: [GRDBMember] = [
        GRDBMember(.method, "contains", [CallForm([nil])], on: [.sequence], symbols: ["Sequence.contains(_:)"]) {
            evaluator, call in
            guard case .array(let elements) = call.base else { throw call.unexpectedReceiver }
            let subject = try evaluator.containedExpression(call)
            let list = try elements.map { try evaluator.sqlExpression($0, range: call.range) }
            for element in list { try Evaluator.refuseAggregate(element, in: "contains", range: call.range) }
            return .expression(.inList(list, subject))
        }.yielding(.expression),
        GRDBMember(
            .method, "contains", [CallForm([nil])], on: [.range],
            symbols: ["Range.contains(_:)", "ClosedRange.contains(_:)"]
        ) { evaluator, call in
            guard case .range(let lower, let upper, let closed) = call.base else { throw call.unexpectedReceiver }
            let subject = try evaluator.containedExpression(call)
            for bound in [lower, upper] { try Evaluator.refuseAggregate(bound, in: "contains", range: call.range) }
            return .expression(
                closed
                    ? .closedRange(lower: lower, upper: upper, subject)
                    : .halfOpenRange(lower: lower, upper: upper, subject))
        }.yielding(.expression),
    ]
}

extension Evaluator {
    /// The argument of `contains(_:)`: an expression that is not an association aggregate.
    func containedExpression(_ call: GRDBCall) throws -> SQLExpr {
        let argument = call.argument(0)
        let subject = try sqlExpression(evaluate(argument), range: argument.range)
        try Self.refuseAggregate(subject, in: "contains", range: argument.range)
        return subject
    }
}
