import ArborCore

/// A fetched result compared in Swift: `try request.fetchCount(db) == 0` (an `Int`
/// compared with an integer), `try Player.fetchOne(db, id: 1) != nil` (an optional
/// compared with nil). The session runs the fetch and gives the Bool.
public struct FetchComparison: Sendable {
    public enum Subject: Sendable {
        /// `fetchCount(db)`, compared with `op` to an integer.
        case count(SQLBinaryOperator, Int64)
        /// `fetchOne(db)`: `!= nil` when `isPresent`, `== nil` otherwise.
        case one(isPresent: Bool)
    }

    public var plan: RequestPlan
    public var subject: Subject

    /// The answer for a count.
    public func holds(count: Int) -> Bool {
        guard case .count(let op, let value) = subject else { return false }
        let count = Int64(count)
        switch op {
        case .equal: return count == value
        case .notEqual: return count != value
        case .less: return count < value
        case .lessOrEqual: return count <= value
        case .greater: return count > value
        case .greaterOrEqual: return count >= value
        default: return false
        }
    }
}

extension Evaluator {
    /// `fetched == value` or `value == fetched`, when one side is a fetched count or
    /// record; nil when neither side is fetched.
    func fetchComparison(_ op: BinaryOperator, _ l: Value, _ lhs: Expr, _ r: Value, _ rhs: Expr, range: SourceRange)
        throws -> Value?
    {
        let fetchedOnLeft: Bool
        switch (l, r) {
        case (.fetch, .fetch):
            throw ArborError("arbor compares a fetched result with a value, not with another fetch", at: range)
        case (.fetch, _): fetchedOnLeft = true
        case (_, .fetch): fetchedOnLeft = false
        default: return nil
        }
        guard case .fetch(let plan, let kind) = fetchedOnLeft ? l : r else { return nil }
        let other = fetchedOnLeft ? r : l
        let otherExpr = fetchedOnLeft ? rhs : lhs
        switch kind {
        case .count:
            guard let sqlOp = SQLBinaryOperator(rawValue: op.rawValue),
                [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(sqlOp)
            else {
                throw ArborError("a count (`Int`) is compared here with `==`, `!=`, `<`, `<=`, `>` or `>=`", at: range)
            }
            guard case .expression(.value(.integer(let value))) = other else {
                throw ArborError(
                    "a count (`Int`) compares with an integer, not \(other.kindName)", at: otherExpr.range)
            }
            return .fetchComparison(
                FetchComparison(plan: plan, subject: .count(fetchedOnLeft ? sqlOp : sqlOp.mirrored, value)))
        case .one:
            guard op == .equal || op == .notEqual, case .expression(.value(.null)) = other else {
                throw ArborError(
                    "a fetched record is compared here with `nil` only, as in `try Player.fetchOne(db, id: 1) != nil`",
                    at: range)
            }
            return .fetchComparison(FetchComparison(plan: plan, subject: .one(isPresent: op == .notEqual)))
        default:
            throw ArborError(
                "arbor compares a fetched count (`fetchCount`) or record (`fetchOne`), not this fetch", at: range)
        }
    }
}

extension SQLBinaryOperator {
    /// The comparison with its operands swapped: `0 < n` is `n > 0`.
    fileprivate var mirrored: SQLBinaryOperator {
        switch self {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: self
        }
    }
}
