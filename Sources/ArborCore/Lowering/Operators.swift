import GRDB

/// Applies operators and functions with GRDB's own overloads, choosing the
/// overload Swift would choose for the same operands (`== true` and `== nil`
/// compile differently from `== 1`).
enum Operators {
    static func binary(_ op: SQLBinaryOperator, _ lhs: LoweredValue, _ rhs: LoweredValue) throws -> LoweredValue {
        switch (lhs, rhs) {
        case (.aggregate(let a), .aggregate(let b)):
            return .aggregate(try aggregates(op, a, b))
        case (.aggregate(let a), let value):
            return .aggregate(try aggregate(op, a, value, aggregateOnLeft: true))
        case (let value, .aggregate(let b)):
            return .aggregate(try aggregate(op, b, value, aggregateOnLeft: false))
        default:
            return .expression(try expressions(op, lhs, rhs))
        }
    }

    private static func expressions(_ op: SQLBinaryOperator, _ lhs: LoweredValue, _ rhs: LoweredValue) throws
        -> SQLExpression
    {
        // `x == true`, `x == nil` and their mirrors use GRDB's dedicated overloads.
        switch (op, lhs, rhs) {
        case (.equal, let l, .value(.bool(let b))): return try expression(l) == b
        case (.equal, .value(.bool(let b)), let r): return b == (try expression(r))
        case (.notEqual, let l, .value(.bool(let b))): return try expression(l) != b
        case (.notEqual, .value(.bool(let b)), let r): return b != (try expression(r))
        case (.equal, let l, .value(.null)): return try expression(l) == nil
        case (.equal, .value(.null), let r): return nil == (try expression(r))
        case (.notEqual, let l, .value(.null)): return try expression(l) != nil
        case (.notEqual, .value(.null), let r): return nil != (try expression(r))
        case (.identical, let l, .value(.null)): return try expression(l) === nil
        case (.notIdentical, let l, .value(.null)): return try expression(l) !== nil
        default: break
        }
        let l = try expression(lhs)
        let r = try expression(rhs)
        switch op {
        case .equal: return l == r
        case .notEqual: return l != r
        case .identical: return l === r
        case .notIdentical: return l !== r
        case .less: return l < r
        case .lessOrEqual: return l <= r
        case .greater: return l > r
        case .greaterOrEqual: return l >= r
        case .and: return l && r
        case .or: return l || r
        case .add: return l + r
        case .subtract: return l - r
        case .multiply: return l * r
        case .divide: return l / r
        case .nilCoalescing: return l ?? r
        case .bitwiseAnd: return l & r
        case .bitwiseOr: return l | r
        case .leftShift: return l << r
        case .rightShift: return l >> r
        }
    }

    private static func aggregates(
        _ op: SQLBinaryOperator, _ l: AssociationAggregate<Row>, _ r: AssociationAggregate<Row>
    ) throws -> AssociationAggregate<Row> {
        switch op {
        case .equal: return l == r
        case .notEqual: return l != r
        case .identical: return l === r
        case .notIdentical: return l !== r
        case .less: return l < r
        case .lessOrEqual: return l <= r
        case .greater: return l > r
        case .greaterOrEqual: return l >= r
        case .and: return l && r
        case .or: return l || r
        case .add: return l + r
        case .subtract: return l - r
        case .multiply: return l * r
        case .divide: return l / r
        case .nilCoalescing: throw ArborError("`??` takes a value on its right, not an aggregate")
        case .bitwiseAnd, .bitwiseOr, .leftShift, .rightShift: throw bitwiseOnAggregate(op)
        }
    }

    private static func aggregate(
        _ op: SQLBinaryOperator, _ a: AssociationAggregate<Row>, _ value: LoweredValue, aggregateOnLeft: Bool
    ) throws -> AssociationAggregate<Row> {
        switch (op, value) {
        case (.equal, .value(.bool(let b))): return aggregateOnLeft ? a == b : b == a
        case (.notEqual, .value(.bool(let b))): return aggregateOnLeft ? a != b : b != a
        case (.equal, .value(.null)): return aggregateOnLeft ? a == nil : nil == a
        case (.notEqual, .value(.null)): return aggregateOnLeft ? a != nil : nil != a
        case (.identical, .value(.null)): return aggregateOnLeft ? a === nil : nil === a
        case (.notIdentical, .value(.null)): return aggregateOnLeft ? a !== nil : nil !== a
        default: break
        }
        let v = try expression(value)
        if aggregateOnLeft {
            switch op {
            case .equal: return a == v
            case .notEqual: return a != v
            case .identical: return a === v
            case .notIdentical: return a !== v
            case .less: return a < v
            case .lessOrEqual: return a <= v
            case .greater: return a > v
            case .greaterOrEqual: return a >= v
            case .and: return a && v
            case .or: return a || v
            case .add: return a + v
            case .subtract: return a - v
            case .multiply: return a * v
            case .divide: return a / v
            case .nilCoalescing: return a ?? v
            case .bitwiseAnd, .bitwiseOr, .leftShift, .rightShift: throw bitwiseOnAggregate(op)
            }
        }
        switch op {
        case .equal: return v == a
        case .notEqual: return v != a
        case .identical: return v === a
        case .notIdentical: return v !== a
        case .less: return v < a
        case .lessOrEqual: return v <= a
        case .greater: return v > a
        case .greaterOrEqual: return v >= a
        case .and: return v && a
        case .or: return v || a
        case .add: return v + a
        case .subtract: return v - a
        case .multiply: return v * a
        case .divide: return v / a
        case .nilCoalescing: throw ArborError("`??` needs a value on its left when its right side is an aggregate")
        case .bitwiseAnd, .bitwiseOr, .leftShift, .rightShift: throw bitwiseOnAggregate(op)
        }
    }

    /// GRDB declares `&`, `|`, `<<` and `>>` on expressions only.
    private static func bitwiseOnAggregate(_ op: SQLBinaryOperator) -> ArborError {
        ArborError("GRDB has no `\(op.rawValue)` operator on association aggregates")
    }

    private static func expression(_ value: LoweredValue) throws -> SQLExpression {
        guard let e = value.expression else { throw ArborError("unexpected aggregate") }
        return e
    }

    /// `(lo...hi).contains(x)` and `(lo..<hi).contains(x)`, with Swift ranges of the
    /// bounds' own type, as GRDB builds them.
    static func range(closed: Bool, _ lower: SQLExpr, _ upper: SQLExpr, _ subject: SQLExpr, lowering: Lowering)
        throws -> SQLExpression
    {
        let element = try expression(lowering.lower(subject))
        func make<V: Comparable & SQLExpressible>(_ lo: V, _ hi: V) throws -> SQLExpression {
            guard lo <= hi else { throw ArborError("a range's lower bound must not be greater than its upper bound") }
            return closed ? (lo...hi).contains(element) : (lo..<hi).contains(element)
        }
        switch (lower, upper) {
        case (.value(.integer(let lo)), .value(.integer(let hi))): return try make(lo, hi)
        case (.value(.real(let lo)), .value(.real(let hi))): return try make(lo, hi)
        case (.value(.integer(let lo)), .value(.real(let hi))): return try make(Double(lo), hi)
        case (.value(.real(let lo)), .value(.integer(let hi))): return try make(lo, Double(hi))
        case (.value(.text(let lo)), .value(.text(let hi))): return try make(lo, hi)
        default: throw ArborError("range bounds must be two numbers or two strings")
        }
    }

    /// GRDB's aggregate functions with `filter:` (`SUM(x) FILTER (WHERE …)`).
    static func filteredAggregate(_ function: SQLFunction, _ x: SQLExpression, filter: SQLExpression) throws
        -> SQLExpression
    {
        switch function {
        case .average: average(x, filter: filter)
        case .sum: sum(x, filter: filter)
        case .total: total(x, filter: filter)
        case .min: min(x, filter: filter)
        case .max: max(x, filter: filter)
        default: throw ArborError("`\(function.rawValue)` takes no `filter:`")
        }
    }

    static func function(_ function: SQLFunction, _ arguments: [LoweredValue], lowering: Lowering) throws
        -> LoweredValue
    {
        if arguments.count == 1, case .aggregate(let a) = arguments[0] {
            switch function {
            case .abs: return .aggregate(abs(a))
            case .length: return .aggregate(length(a))
            default: throw ArborError("`\(function.rawValue)` does not apply to an association aggregate")
            }
        }
        if function == .julianDay || function == .dateTime {
            return .expression(try dateFunction(function, arguments, lowering: lowering))
        }
        let args = try arguments.map(expression)
        func single() throws -> SQLExpression {
            guard args.count == 1, let arg = args.first else {
                throw ArborError("`\(function.rawValue)` takes one argument")
            }
            return arg
        }
        switch function {
        case .abs: return .expression(abs(try single()))
        case .length: return .expression(length(try single()))
        case .lowercased: return .expression(try single().lowercased)
        case .uppercased: return .expression(try single().uppercased)
        case .capitalized: return .expression(try single().capitalized)
        case .localizedLowercased: return .expression(try single().localizedLowercased)
        case .localizedUppercased: return .expression(try single().localizedUppercased)
        case .localizedCapitalized: return .expression(try single().localizedCapitalized)
        case .average: return .expression(average(try single()))
        case .count: return .expression(count(try single()))
        case .countDistinct: return .expression(count(distinct: try single()))
        case .sum: return .expression(sum(try single()))
        case .total: return .expression(total(try single()))
        case .min:
            if args.count == 1 { return .expression(min(try single())) }
            switch args.count {
            case 2: return .expression(min(args[0], args[1]))
            case 3: return .expression(min(args[0], args[1], args[2]))
            case 4: return .expression(min(args[0], args[1], args[2], args[3]))
            default: throw ArborError("`min` takes one to four arguments")
            }
        case .max:
            if args.count == 1 { return .expression(max(try single())) }
            switch args.count {
            case 2: return .expression(max(args[0], args[1]))
            case 3: return .expression(max(args[0], args[1], args[2]))
            case 4: return .expression(max(args[0], args[1], args[2], args[3]))
            default: throw ArborError("`max` takes one to four arguments")
            }
        case .coalesce:
            guard !args.isEmpty else { throw ArborError("`coalesce` takes at least one argument") }
            return .expression(coalesce(args))
        case .julianDay, .dateTime:
            return .expression(try dateFunction(function, arguments, lowering: lowering))
        }
    }

    /// `julianDay(date, modifiers…)`: the modifiers stay GRDB's `SQLDateModifier`s.
    private static func dateFunction(_ function: SQLFunction, _ arguments: [LoweredValue], lowering: Lowering) throws
        -> SQLExpression
    {
        guard let first = arguments.first else { throw ArborError("`\(function.rawValue)` takes a date") }
        let modifiers = try arguments.dropFirst().map { argument -> SQLExpr in
            guard case .value(let v) = argument else {
                throw ArborError("`\(function.rawValue)` takes GRDB's date modifiers, as in `.startOfYear`")
            }
            return .value(v)
        }
        return try DateFunctionLowering.lower(function, try expression(first), modifiers: modifiers)
    }
}
