import ArborCore
import GRDB

extension Session {
    /// The request GRDB fetches for a validated plan and its prepared statement; raw SQL
    /// is checked read-only first, as `:sql` checks it (`range` underlines the refusal).
    func prepared(_ validated: ValidatedPlan, _ db: Database, single: Bool = false, range: SourceRange?) throws
        -> (request: AnyFetchRequest<Row>, prepared: PreparedRequest)
    {
        let request = try Lowering().fetchRequest(validated)
        let prepared = try request.makePreparedRequest(db, forSingleResult: single)
        if validated.plan.rawSQL != nil {
            try RawSQL(session: self).checkReads(prepared.statement.sqliteStatement, range: range, inRequest: true)
        }
        return (request, prepared)
    }
}
