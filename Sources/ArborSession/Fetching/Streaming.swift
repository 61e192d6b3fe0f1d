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
        if plan.streamsRawRows { return try streamRawRows(plan, range: range, valueLimit: valueLimit, body) }
        if plan.valueType != nil, plan.decodedAs == nil {
            // Values: checked whole, then converted again as they are given.
            return try streamValues(plan, range: range, checked: false) { column, value in
                try body(ResultRow(names: [column], values: [value], children: []))
            }
        }
        if plan.isFetchedWhole {
            // The app decodes (or converts) every row before it sees one: a row that fails shows nothing.
            let result = try request(plan, range: range, single: false, fetch: true, valueLimit: valueLimit)
            for row in result.rows { try body(row) }
            return result.mainSQL
        }
        try Validator(schema: environment.schema, range: range).validate(plan)
        let builder = ResultTreeBuilder(plan: plan, valueLimit: valueLimit, schema: environment.schema)
        let request = try Lowering().request(plan)
        let mainSQL = try database.read { db in try Self.expandedSQL(request, db, single: false) }
        guard plan.hasPrefetch else {
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
        // Pages within the request's own limit and offset, if it has them.
        let own = plan.limit
        var offset = own?.offset ?? 0
        var remaining = own?.limit ?? Int.max
        while remaining > 0 {
            let size = min(pageSize, remaining)
            let page = try Lowering().request(plan.appending(.limit(size, offset: offset)))
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
        _ plan: RequestPlan, range: SourceRange?, valueLimit: Int?, _ body: (ResultRow) throws -> Void
    ) throws -> String {
        try Validator(schema: environment.schema, range: range).validate(plan)
        let builder = ResultTreeBuilder(plan: plan, valueLimit: valueLimit, schema: environment.schema)
        return try database.read { db in
            try checkSchemaUnchanged(db)
            let prepared = try Lowering().fetchRequest(plan).makePreparedRequest(db, forSingleResult: false)
            try RawSQL(session: self).checkReads(prepared.statement.sqliteStatement, range: range, inRequest: true)
            let cursor = try Row.fetchCursor(prepared.statement, adapter: prepared.adapter)
            while let row = try cursor.next() { try body(builder.row(row)) }
            return Self.expandedSQL(prepared.statement)
        }
    }
}
