import GRDB

extension Lowering {
    /// The request GRDB fetches for `plan`: its raw SQL as a `SQLRequest<Row>`
    /// (`SQLRequest<Book>(sql:arguments:)`, `Book.fetchAll(db, sql:)`), or the
    /// query interface request.
    public func fetchRequest(_ plan: ValidatedPlan) throws -> AnyFetchRequest<Row> {
        if let fragment = plan.plan.rawSQL { return AnyFetchRequest(SQLRequest<Row>(literal: try sql(fragment))) }
        return AnyFetchRequest(try request(plan))
    }
}
