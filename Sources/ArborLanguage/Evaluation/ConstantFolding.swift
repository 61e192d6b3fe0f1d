import ArborCore

/// Operations on two literals compute their value, as Swift does at compile
/// time: `1900 + 1` binds `1901`, not `1900 + 1` in SQL.
enum ConstantFolding {
    static func fold(_ op: SQLBinaryOperator, _ l: SQLValue, _ r: SQLValue, range: SourceRange) throws -> SQLValue? {
        // Swift's `??` on values known now, whatever their types (`"California" ?? ""` too).
        if op == .nilCoalescing { return l == .null ? r : l }
        switch (l, r) {
        case (.integer(let a), .integer(let b)):
            return try integers(op, a, b, range: range)
        case (.integer, .real), (.real, .integer), (.real, .real):
            guard let a = l.double, let b = r.double else { return nil }
            return reals(op, a, b)
        case (.text(let a), .text(let b)):
            switch op {
            case .add: return .text(a + b)
            case .equal: return .bool(a == b)
            case .notEqual: return .bool(a != b)
            case .less: return .bool(a < b)
            case .lessOrEqual: return .bool(a <= b)
            case .greater: return .bool(a > b)
            case .greaterOrEqual: return .bool(a >= b)
            default: return nil
            }
        case (.bool(let a), .bool(let b)):
            switch op {
            case .and: return .bool(a && b)
            case .or: return .bool(a || b)
            case .equal: return .bool(a == b)
            case .notEqual: return .bool(a != b)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func integers(_ op: SQLBinaryOperator, _ a: Int64, _ b: Int64, range: SourceRange) throws
        -> SQLValue?
    {
        func checked(_ result: (Int64, Bool)) throws -> SQLValue {
            if result.1 { throw ArborError("arithmetic operation overflows", at: range) }
            return .integer(result.0)
        }
        switch op {
        case .add: return try checked(a.addingReportingOverflow(b))
        case .subtract: return try checked(a.subtractingReportingOverflow(b))
        case .multiply: return try checked(a.multipliedReportingOverflow(by: b))
        case .divide:
            if b == 0 { throw ArborError("division by zero", at: range) }
            return try checked(a.dividedReportingOverflow(by: b))
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        case .less: return .bool(a < b)
        case .lessOrEqual: return .bool(a <= b)
        case .greater: return .bool(a > b)
        case .greaterOrEqual: return .bool(a >= b)
        // Swift's smart shifts: any amount, a negative one shifting the other way.
        case .bitwiseAnd: return .integer(a & b)
        case .bitwiseOr: return .integer(a | b)
        case .leftShift: return .integer(a << b)
        case .rightShift: return .integer(a >> b)
        default: return nil
        }
    }

    private static func reals(_ op: SQLBinaryOperator, _ a: Double, _ b: Double) -> SQLValue? {
        switch op {
        case .add: return .real(a + b)
        case .subtract: return .real(a - b)
        case .multiply: return .real(a * b)
        case .divide: return .real(a / b)
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        case .less: return .bool(a < b)
        case .lessOrEqual: return .bool(a <= b)
        case .greater: return .bool(a > b)
        case .greaterOrEqual: return .bool(a >= b)
        default: return nil
        }
    }
}

extension SQLValue {
    var double: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .real(let d): d
        default: nil
        }
    }
}
