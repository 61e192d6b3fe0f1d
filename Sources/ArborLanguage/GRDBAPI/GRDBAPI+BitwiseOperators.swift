import ArborCore

/// GRDB's bitwise operators on expressions: `&`, `|`, `<<`, `>>` and prefix `~`
/// (`SQLSpecificExpressible`'s, in GRDB's `SQLOperators.swift`; association
/// aggregates have none), as entries of the operator table.
extension GRDBAPI {
    static let bitwiseOperators: [GRDBOperator] =
        [SQLBinaryOperator.bitwiseAnd, .bitwiseOr, .leftShift, .rightShift].map { op in
            GRDBOperator(
                spelling: op.rawValue, fixity: .infix, symbols: ["SQLSpecificExpressible.\(op.rawValue)(_:_:)"],
                builds: .binary(op))
        }
        + [
            GRDBOperator(
                spelling: "~", fixity: .prefix, symbols: ["SQLSpecificExpressible.~(_:)"], builds: .bitwiseNot)
        ]
}

extension Evaluator {
    /// GRDB declares them on expressions, not on association aggregates, and Swift's
    /// own operators take integers: a real or a string literal on both sides does not compile.
    /// Two Swift integers are computed now, as Swift does.
    func bitwise(
        _ op: SQLBinaryOperator, _ left: SQLExpr, _ lhs: Expr, _ right: SQLExpr, _ rhs: Expr, range: SourceRange
    ) throws -> Value {
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
