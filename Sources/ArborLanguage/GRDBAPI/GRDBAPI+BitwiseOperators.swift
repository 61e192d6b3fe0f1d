import ArborCore

/// GRDB's bitwise operators on expressions: `&`, `|`, `<<`, `>>` and prefix `~`
/// (`SQLSpecificExpressible`'s, in GRDB's `SQLOperators.swift`), run by their registry entries.
extension GRDBAPI {
    static let bitwiseOperators: [GRDBMember] =
        [SQLBinaryOperator.bitwiseAnd, .bitwiseOr, .leftShift, .rightShift].map { op in
            GRDBMember(
                .operator, op.rawValue, [CallForm([nil, nil])], on: [.expression],
                symbols: ["SQLSpecificExpressible.\(op.rawValue)(_:_:)"]
            ) { evaluator, call in
                guard case .array(let operands) = call.base, operands.count == 2,
                    case .expression(let left) = operands[0], case .expression(let right) = operands[1]
                else { throw ArborError("`\(op.rawValue)` takes two expressions", at: call.range) }
                return try evaluator.bitwise(op, left, call.argument(0), right, call.argument(1), range: call.range)
            }.yielding(.expression)
        }
        + [
            GRDBMember(.operator, "~", [CallForm([nil])], on: [.expression], symbols: ["SQLSpecificExpressible.~(_:)"])
            {
                evaluator, call in try evaluator.bitwiseNot(call.expression, operand: call.argument(0))
            }.yielding(.expression)
        ]
}

extension Evaluator {
    /// `left op right` for a bitwise `op`, through its registry entry.
    func bitwiseOperator(
        _ op: SQLBinaryOperator, _ left: SQLExpr, _ lhs: Expr, _ right: SQLExpr, _ rhs: Expr, range: SourceRange
    ) throws -> Value {
        guard let entry = GRDBAPI.members(named: op.rawValue, kind: .operator).first else {
            throw ArborError("GRDB has no `\(op.rawValue)` operator on requests' expressions", at: range)
        }
        let call = GRDBCall(
            name: op.rawValue, base: .array([.expression(left), .expression(right)]), receiver: nil,
            receiverKind: .expression,
            arguments: [
                Argument(label: nil, labelRange: nil, value: lhs), Argument(label: nil, labelRange: nil, value: rhs),
            ],
            range: range, nameRange: range)
        return try entry.build(self, call)
    }

    /// `~operand`, through its registry entry.
    func prefixBitwiseNot(_ value: SQLExpr, operand: Expr, range: SourceRange) throws -> Value {
        guard let entry = GRDBAPI.members(named: "~", kind: .operator).first else {
            throw ArborError("`~` is not supported", at: range)
        }
        let call = GRDBCall(
            name: "~", base: .expression(value), receiver: nil, receiverKind: .expression,
            arguments: [Argument(label: nil, labelRange: nil, value: operand)], range: range, nameRange: range)
        return try entry.build(self, call)
    }

    /// GRDB declares them on expressions, not on association aggregates, and Swift's
    /// own operators take integers: a real or a string literal on both sides does not compile.
    /// Two Swift integers are computed now, as Swift does.
    func bitwise(
        _ op: SQLBinaryOperator, _ left: SQLExpr, _ lhs: Expr, _ right: SQLExpr, _ rhs: Expr, range: SourceRange
    )
        throws -> Value
    {
        for (operand, expr) in [(left, lhs), (right, rhs)] where operand.containsAggregate {
            throw ArborError("GRDB has no `\(op.rawValue)` operator on association aggregates", at: expr.range)
        }
        if case .value(let a) = left, case .value(let b) = right {
            for (value, expr) in [(a, lhs), (b, rhs)] {
                if case .integer = value { continue }
                throw ArborError(
                    "`\(op.rawValue)` of two Swift values takes integers, not \(value.kindDescription)", at: expr.range)
            }
            if let folded = try ConstantFolding.fold(op, a, b, range: range) { return .expression(.value(folded)) }
        }
        return .expression(.binary(op, left, right))
    }

    /// `~Column("mask")`: `~"mask"`; `~5` is Swift's, computed now.
    func bitwiseNot(_ value: SQLExpr, operand: Expr) throws -> Value {
        switch value {
        case .value(.integer(let i)):
            return .expression(.value(.integer(~i)))
        case .value(let v):
            throw ArborError("`~` of a Swift value takes an integer, not \(v.kindDescription)", at: operand.range)
        case _ where value.containsAggregate:
            throw ArborError("GRDB has no `~` operator on association aggregates", at: operand.range)
        default:
            return .expression(.bitwiseNot(value))
        }
    }
}

extension SQLValue {
    /// "a string", "a real number", for messages.
    fileprivate var kindDescription: String {
        switch self {
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "a string"
        case .bool: "a Boolean"
        case .null: "nil"
        case .blob: "data"
        }
    }
}
