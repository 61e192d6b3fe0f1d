import ArborCore
import ArborLanguage
import GRDB

extension Session {
    /// Fetches a request's rows one at a time, without holding the whole result:
    /// through a cursor when the request prefetches nothing, else page by page
    /// (GRDB can only prefetch with `fetchAll`, T22). With a `valueLimit`, long texts
    /// and blobs are read cut (`ValueCut`). Returns the main statement's SQL.
    @discardableResult
    public func stream(
        _ plan: RequestPlan, range: SourceRange?, pageSize: Int = 1000, valueLimit: Int? = nil,
        _ body: (ResultRow) throws -> Void
    ) throws -> String {
        try stream(checked(plan, range: range), range: range, pageSize: pageSize, valueLimit: valueLimit, body)
    }

    /// `stream` of a checked request (a `RequestResult`'s): nothing validated again.
    @discardableResult
    public func stream(
        _ checked: CheckedRequest, range: SourceRange?, pageSize: Int = 1000, valueLimit: Int? = nil,
        _ body: (ResultRow) throws -> Void
    ) throws -> String {
        switch checked.strategy {
        case .rawRows:
            return try streamRawRows(checked.validated, range: range, valueLimit: valueLimit, body)
        case .values:
            // Values: checked whole, then converted again as they are given.
            return try streamValues(checked, range: range, checked: false) { column, value in
                try body(ResultRow(names: [column], values: [value], children: []))
            }
        case .decoded, .distinctRows:
            // The app decodes (or compares) every row before it sees one: a row that fails shows nothing.
            let result = try request(checked, range: range, single: false, fetch: true, valueLimit: valueLimit)
            for row in result.rows { try body(row) }
            return result.mainSQL
        case .steppedRows:
            return try streamSteppedRows(checked.validated, valueLimit: valueLimit, body)
        case .prefetchedRows:
            return try streamPages(checked.validated, pageSize: pageSize, valueLimit: valueLimit, body)
        }
    }

    /// Rows through a cursor, as the statement steps.
    private func streamSteppedRows(
        _ validated: ValidatedPlan, valueLimit: Int?, _ body: (ResultRow) throws -> Void
    ) throws -> String {
        let builder = ResultTreeBuilder(plan: validated.plan, valueLimit: valueLimit, schema: environment.schema)
        let request = try Lowering().request(validated)
        let mainSQL = try database.read { db in try Self.expandedSQL(request, db, single: false) }
        try database.read { db in
            try checkSchemaUnchanged(db)
            let prepared = try request.makePreparedRequest(db, forSingleResult: false)
            if let layout = try StatementLayout(
                tree: builder.tree, statement: prepared.statement, adapter: prepared.adapter,
                valueLimit: valueLimit)
            {
                try layout.forEachRow(prepared.statement, body)
                return
            }
            let cursor = try Row.fetchCursor(db, request)
            while let row = try cursor.next() { try body(builder.row(row)) }
        }
        return mainSQL
    }

    /// Rows GRDB prefetches for: page by page, each with `fetchAll` (T22), within the
    /// request's own limit and offset, if it has them.
    private func streamPages(
        _ validated: ValidatedPlan, pageSize: Int, valueLimit: Int?, _ body: (ResultRow) throws -> Void
    ) throws -> String {
        let builder = ResultTreeBuilder(plan: validated.plan, valueLimit: valueLimit, schema: environment.schema)
        let mainSQL = try database.read { db in
            try Self.expandedSQL(Lowering().request(validated), db, single: false)
        }
        let own = validated.plan.limit
        var offset = own?.offset ?? 0
        var remaining = own?.limit ?? Int.max
        while remaining > 0 {
            let size = min(pageSize, remaining)
            let page = try Lowering().request(validated.limited(size, offset: offset))
            let rows = try database.read { db in
                try checkSchemaUnchanged(db)
                return try Row.fetchAll(db, page)
            }
            for row in rows { try body(builder.row(row)) }
            if rows.count < size { break }
            offset += rows.count
            remaining -= rows.count
        }
        return mainSQL
    }
}

extension Session {
    /// `Row.fetchAll(db, sql: …)` on the command line: the rows one at a time from the
    /// statement, checked read-only first as `:sql` checks it.
    func streamRawRows(
        _ validated: ValidatedPlan, range: SourceRange?, valueLimit: Int?, _ body: (ResultRow) throws -> Void
    ) throws -> String {
        let builder = ResultTreeBuilder(plan: validated.plan, valueLimit: valueLimit, schema: environment.schema)
        return try database.read { db in
            try checkSchemaUnchanged(db)
            let (_, prepared) = try self.prepared(validated, db, range: range)
            let cursor = try Row.fetchCursor(prepared.statement, adapter: prepared.adapter)
            while let row = try cursor.next() { try body(builder.row(row)) }
            return Self.expandedSQL(prepared.statement)
        }
    }
}
