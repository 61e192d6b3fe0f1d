import ArborCore
import ArborLanguage
import GRDB

/// Counting the rows of a request without reading a huge table to the end: at
/// most `cap + 1` rows are counted (GRDB's `limit(_:).fetchCount` counts a
/// `LIMIT` subquery), as Datasette does, and the caller shows "10,000+".
public struct CappedCount: Equatable, Sendable {
    public static let defaultCap = 10_000

    public var count: Int
    public var cap: Int

    public init(count: Int, cap: Int) {
        self.count = count
        self.cap = cap
    }

    public var isCapped: Bool { count > cap }
}

extension Session {
    /// Counts the rows of the request `text` (one request expression), at most `cap + 1`.
    public func cappedCount(of text: String, cap: Int = CappedCount.defaultCap) throws -> CappedCount {
        let parsed = Parser.parse(text, flags: flags)
        if let error = parsed.errors.first { throw error }
        guard parsed.statements.count == 1, case .expression(let expr)? = parsed.statements.first else {
            throw ArborError("not one request: \(text)")
        }
        let plan: RequestPlan
        switch try evaluator.evaluate(expr) {
        case .table(let table, let type, _): plan = evaluator.rootPlan(table, type: type)
        case .request(let request): plan = request
        default: throw ArborError("not a request: \(text)")
        }
        let request = try Lowering().request(checked(plan, range: expr.range).validated)
        let count = try database.read { db in try request.limit(cap + 1).fetchCount(db) }
        return CappedCount(count: count, cap: cap)
    }
}
