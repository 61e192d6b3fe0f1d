import ArborCore
import ArborLanguage
import GRDB
import GRDBSQLite

extension Session {
    /// The rows of a request that GRDB fetches all at once for the app, and that arbor
    /// shows whole: raw SQL (`Book.fetchAll(db, sql: …)`, `SQLRequest<Row>(…)`),
    /// values (`String.fetchAll(db, request)`, one column of converted values) and
    /// `fetchSet` (equal rows once). Raw SQL runs only when SQLite says it reads, as `:sql`.
    /// Without `keepsValues`, a value fetch converts every value to reach GRDB's verdict
    /// and keeps none (`RequestResult.valuesAreStreamed`).
    func wholeRows(
        _ checked: CheckedRequest, range: SourceRange?, single: Bool, fetch: Bool, keepsValues: Bool = true,
        warnings: [Pitfall]
    ) throws -> RequestResult {
        let builder = ResultTreeBuilder(plan: checked.plan, valueLimit: nil, schema: environment.schema)
        return try database.read { db in
            let (request, prepared) = try self.prepared(checked.validated, db, single: single, range: range)
            let mainSQL = Self.expandedSQL(prepared.statement)
            var result = RequestResult(
                checked: checked, rows: [], mainSQL: mainSQL, statements: [], isSingleRow: single, window: nil,
                warnings: warnings)
            guard fetch else { return result }
            let recorder = StatementRecorder()
            db.trace(options: .profile) { event in recorder.record(event) }
            defer { db.trace(options: [], nil) }
            do {
                if case .values(let type, let distinct) = checked.strategy {
                    let column = prepared.statement.columnNames.first ?? ""
                    let fetched = FetchedValues(db: db, request: request, single: single, unique: distinct)
                    if keepsValues {
                        guard let values = try fetched.fetch(type) else {
                            throw ArborError("`\(type.swiftName)` values are not supported yet", at: range)
                        }
                        result.rows = values.map { ResultRow(names: [column], values: [$0], children: []) }
                    } else {
                        guard try fetched.checking.forEach(type, { _ in }) else {
                            throw ArborError("`\(type.swiftName)` values are not supported yet", at: range)
                        }
                        result.valuesAreStreamed = true
                    }
                } else {
                    var rows = single ? try Row.fetchOne(db, request).map { [$0] } ?? [] : try Row.fetchAll(db, request)
                    if case .distinctRows = checked.strategy {
                        var seen = Set<Row>()
                        rows = rows.filter { seen.insert($0).inserted }
                    }
                    result.rows = rows.map(builder.row)
                }
            } catch let error as RowDecodingError {
                // GRDB's own words: the value, its column, the row and the SQL.
                throw ArborError("\(error)", at: range)
            } catch var error as ArborError where error.range == nil {
                error.range = range
                throw error
            }
            var statements = recorder.statements.enumerated().map { i, statement in
                CapturedStatement(sql: statement.sql, duration: statement.duration, label: i == 0 ? "main" : "prefetch")
            }
            // The recorder keeps SELECTs only: raw SQL may be a PRAGMA or read `sqlite_master`.
            if statements.isEmpty { statements = [CapturedStatement(sql: mainSQL, duration: 0, label: "main")] }
            result.statements = statements
            result.appStatements = statements.map { CapturedStatement(sql: $0.sql, duration: 0, label: $0.label) }
            result.isFetchedWhole = true
            return result
        }
    }

    /// `exists(db, key:)`, `isEmpty(db)`, `fetchCount(db)` of any request, raw SQL included:
    /// GRDB's answer and the statement it ran.
    func scalar<T>(
        _ plan: RequestPlan, range: SourceRange?, _ body: (Database, ValidatedPlan) throws -> T
    ) throws -> (T, sql: String) {
        let validated = try checked(plan, range: range).validated
        return try database.read { db in
            let (_, prepared) = try self.prepared(validated, db, range: range)
            let recorder = StatementRecorder()
            db.trace(options: .profile) { event in recorder.record(event) }
            defer { db.trace(options: [], nil) }
            let value = try body(db, validated)
            // The statement GRDB ran for it (`SELECT COUNT(*) …`), else the request's own.
            let sql = recorder.statements.last?.sql ?? Self.expandedSQL(prepared.statement)
            return (value, sql)
        }
    }

    /// A statement's SQL with its arguments inlined, as `sqlite3_expanded_sql` renders it.
    public static func expandedSQL(_ statement: GRDB.Statement) -> String {
        guard let expanded = sqlite3_expanded_sql(statement.sqliteStatement) else { return statement.sql }
        defer { sqlite3_free(expanded) }
        return String(cString: expanded)
    }
}
