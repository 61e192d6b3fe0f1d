import ArborCore

/// GRDB's bitwise operators on expressions: `&`, `|`, `<<`, `>>` and prefix `~`
/// (`SQLSpecificExpressible`'s, in GRDB's `SQLOperators.swift`).
extension Evaluator {
    /// GRDB declares them on expressions, not on association aggregates, and Swift's
    /// own operators take integers: a real or a string literal on both sides does not compile.
    static func checkBitwiseOperands(
        _ op: SQLBinaryOperator, _ left: SQLExpr, _ lhs: Expr, _ right: SQLExpr, _ rhs: Expr
    ) throws {
        for (operand, expr) in [(left, lhs), (right, rhs)] where operand.containsAggregate {
            throw ArborError("GRDB has no `\(op.rawValue)` operator on association aggregates", at: expr.range)
        }
        if case .value(let a) = left, case .value(let b) = right {
            for (value, expr) in [(a, lhs), (b, rhs)] {
                if case .integer = value { continue }
                throw ArborError(
                    "`\(op.rawValue)` of two Swift values takes integers, not \(value.kindDescription)", at: expr.range)
            }
        }
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
