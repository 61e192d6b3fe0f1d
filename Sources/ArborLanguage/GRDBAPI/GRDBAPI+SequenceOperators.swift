import ArborCore

/// GRDB's `joined(operator:)` of an array of expressions: `[a, b].joined(operator: .add)`.
extension GRDBAPI {
    static let sequenceMembers: [GRDBMember] =
        [
            GRDBMember(
                .method, "joined", [CallForm(["operator"])], on: [.sequence],
                symbols: ["Sequence.joined(operator:)"]
            ) { evaluator, call in
                try evaluator.joinedExpressions(call)
            }.yielding(.expression)
        ]
        // `.add`, `.concat`…: the operators `joined(operator:)` reads.
        + SQLJoinOperator.allCases.map { op in
            GRDBMember(
                .property, op.rawValue, on: [.typedArgument],
                symbols: ["SQLExpression.AssociativeBinaryOperator.\(op.rawValue)"]
            ) { _, _ in .implicitMember(op.rawValue) }
        }
}

extension Evaluator {
    /// `[a, b, c].joined(operator: .add)`: GRDB's associative operator over the
    /// expressions, flattened as GRDB flattens it (`a + b + c`).
    func joinedExpressions(_ call: GRDBCall) throws -> Value {
        let operatorExpr = call.argument(0)
        guard case .implicitMember(let name) = try evaluate(operatorExpr), let op = SQLJoinOperator(rawValue: name)
        else {
            throw ArborError(
                "`joined(operator:)` takes one of GRDB's associative operators", at: operatorExpr.range,
                suggestion: SQLJoinOperator.allCases.map { "`.\($0.rawValue)`" }.joined(separator: ", "))
        }
        guard case .array(let elements) = call.base else {
            throw ArborError("`joined(operator:)` is a method of an array of expressions", at: call.nameRange)
        }
        let operands = try elements.map { element -> SQLExpr in
            let operand = try sqlExpression(element, range: call.range)
            // GRDB's `joined(operator:)` takes `SQLExpressible` elements, which aggregates are not.
            try Self.refuseAggregate(operand, in: "joined(operator:)", range: call.range)
            return operand
        }
        return .expression(.joined(op, operands))
    }
}
