import ArborCore
import ArborLanguage
import GRDB

extension Session {
    /// `String.fetchAll(db, …)` and its kin (a value fetch, not `fetchOne`) one value at
    /// a time, in bounded memory: GRDB's verdict is reached first by converting every
    /// value without keeping it (a NULL in row 900,000 of a non-optional fetch fails the
    /// whole fetch, with nothing given), then the values are converted again and given
    /// to `body` as they come, with the column's name. `checked`: the first pass already ran (`RequestResult.valuesAreStreamed`).
    /// `fetchSet` holds the set of values seen, as GRDB's `Set` does. Returns the statement's SQL.
    @discardableResult
    public func streamValues(
        _ plan: RequestPlan, range: SourceRange? = nil, checked: Bool,
        _ body: (_ column: String, _ value: DatabaseValue) throws -> Void
    ) throws -> String {
        try streamValues(self.checked(plan, range: range), range: range, checked: checked, body)
    }

    /// `streamValues` of a checked request (a `RequestResult`'s): nothing validated again.
    @discardableResult
    public func streamValues(
        _ request: CheckedRequest, range: SourceRange? = nil, checked: Bool,
        _ body: (_ column: String, _ value: DatabaseValue) throws -> Void
    ) throws -> String {
        guard case .values(let type, let distinct) = request.strategy else {
            throw ArborError("this request fetches rows, not values", at: range)
        }
        return try database.read { db in
            try checkSchemaUnchanged(db)
            let (fetchRequest, prepared) = try self.prepared(request.validated, db, range: range)
            let mainSQL = Self.expandedSQL(prepared.statement)
            let column = prepared.statement.columnNames.first ?? ""
            let fetched = FetchedValues(db: db, request: fetchRequest, single: false, unique: distinct)
            do {
                if !checked, try !fetched.checking.forEach(type, { _ in }) {
                    throw ArborError("`\(type.swiftName)` values are not supported yet", at: range)
                }
                let known = try fetched.forEach(type) { value in
                    try body(column, value)
                }
                if !known { throw ArborError("`\(type.swiftName)` values are not supported yet", at: range) }
            } catch let error as RowDecodingError {
                // GRDB's own words, as `wholeRows` gives them.
                throw ArborError("\(error)", at: range)
            }
            return mainSQL
        }
    }
}
