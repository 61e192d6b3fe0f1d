import ArborCore
import ArborLanguage
import GRDB

extension Session {
    /// `try request.fetchCount(db) == 0`, `try Player.fetchOne(db, id: 1) != nil`: the
    /// fetch runs as GRDB runs it, and Swift's comparison gives the Bool.
    func outcome(of comparison: FetchComparison, range: SourceRange) throws -> Outcome {
        switch comparison.subject {
        case .count:
            let (count, sql) = try scalar(comparison.plan, range: range) { db, validated in
                try Lowering().fetchRequest(validated).fetchCount(db)
            }
            return .boolean(comparison.holds(count: count), sql: sql)
        case .one(let isPresent):
            let result = try request(comparison.plan, range: range, single: true, fetch: true)
            return .boolean(result.rows.isEmpty != isPresent, sql: result.mainSQL)
        }
    }
}
