import GRDB

extension Lowering {
    /// `[a, b, c].joined(operator: .add)` with GRDB's own `joined(operator:)`: GRDB gives
    /// the operator's neutral value for no operand and the operand alone for one.
    func joined(_ op: SQLJoinOperator, _ operands: [SQLExpr]) throws -> SQLExpression {
        let expressions = try operands.map { operand -> SQLExpression in
            guard let e = try lower(operand).expression else {
                throw ArborError("`joined(operator:)` takes expressions, not association aggregates")
            }
            return e
        }
        return expressions.joined(operator: Self.grdbOperator(op))
    }

    static func grdbOperator(_ op: SQLJoinOperator) -> SQLExpression.AssociativeBinaryOperator {
        switch op {
        case .add: .add
        case .multiply: .multiply
        case .and: .and
        case .or: .or
        case .concat: .concat
        case .bitwiseAnd: .bitwiseAnd
        case .bitwiseOr: .bitwiseOr
        }
    }
}
