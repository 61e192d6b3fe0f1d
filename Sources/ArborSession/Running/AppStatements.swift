import ArborCore
import ArborLanguage
import Foundation
import GRDB
import GRDBSQLite

extension Session {
    /// The statements an app would run for `plan` as typed (`fetchAll`, or
    /// `fetchOne` when `single`): GRDB's main statement, then each prefetch in the
    /// order GRDB runs them, arguments inlined, labelled `main` and `prefetch KEY.PATH`.
    ///
    /// A prefetch lists its parents' keys (`WHERE "authorId" IN (1, 2, 3)`), so a
    /// request with `including(all:)` is run to know them: GRDB's `dumpRequest` runs
    /// it and hands over each statement with its key path (GRDB keeps the prefetch
    /// requests to itself otherwise). Without `including(all:)` nothing
    /// is fetched. `parentLimit` refuses requests whose root rows are more than that
    /// (every key would be bound into the prefetch statement).
    public func appStatements(_ plan: RequestPlan, single: Bool, parentLimit: Int? = nil) throws
        -> [CapturedStatement]
    {
        try appStatements(checked(plan, range: nil), single: single, parentLimit: parentLimit)
    }

    /// `appStatements` of a checked request (a `RequestResult`'s): nothing validated again.
    public func appStatements(_ checked: CheckedRequest, single: Bool, parentLimit: Int? = nil) throws
        -> [CapturedStatement]
    {
        let plan = checked.plan
        return try database.read { db in
            guard checked.strategy.runsPrefetches else {
                // One statement (raw SQL too): the request's own.
                let (_, prepared) = try self.prepared(checked.validated, db, single: single, range: nil)
                return [CapturedStatement(sql: Self.expandedSQL(prepared.statement), duration: 0, label: "main")]
            }
            let request = try Lowering().request(checked.validated)
            if single {
                // `fetchOne` prefetches for its one row, and `dumpRequest` knows only `fetchAll`:
                // the statements are traced, their key paths are those `dumpRequest` gives for
                // that one row (`LIMIT 1` at the same offset). One parent: no limit to check.
                let recorder = StatementRecorder()
                do {
                    db.trace(options: .profile) { recorder.record($0) }
                    defer { db.trace(options: [], nil) }
                    _ = try Row.fetchOne(db, request)
                }
                let oneRow = request.limit(plan.limit?.limit == 0 ? 0 : 1, offset: plan.limit?.offset)
                let headings = try Self.dumpedStatements(oneRow, db).map(\.heading)
                return recorder.statements.enumerated().map { i, statement in
                    let heading = headings.count == recorder.statements.count ? headings[i] : ""
                    return CapturedStatement(
                        sql: statement.sql, duration: 0,
                        label: i == 0 ? "main" : heading.isEmpty ? "prefetch" : "prefetch " + heading)
                }
            }
            if let parentLimit {
                let parents = try request.fetchCount(db)
                guard parents <= parentLimit else { throw AppStatementsTooLarge(parents: parents, limit: parentLimit) }
            }
            return try Self.dumpedStatements(request, db).map { captured in
                CapturedStatement(
                    sql: captured.sql, duration: 0,
                    label: captured.heading.isEmpty ? "main" : "prefetch " + captured.heading)
            }
        }
    }

    /// The statements `fetchAll` runs for `request`, each with the key path GRDB's
    /// `dumpRequest` writes before it (empty for the main statement).
    private static func dumpedStatements(_ request: QueryInterfaceRequest<Row>, _ db: Database) throws
        -> [(sql: String, heading: String)]
    {
        let capture = DumpCapture()
        try db.dumpRequest(request, format: StatementCapture(capture: capture), to: KeyPathStream(capture: capture))
        return capture.statements
    }
}

/// A request with more parents than the app's statements are worked out for.
public struct AppStatementsTooLarge: Error, CustomStringConvertible {
    public var parents: Int
    public var limit: Int
    public var description: String {
        "not worked out: the prefetch would list the keys of \(parents) rows (the limit is \(limit))"
    }
}

/// Shared by the stream `dumpRequest` writes to and the format it calls: the text
/// written since the last statement (a prefetch's key path), and the statements.
private final class DumpCapture {
    var text = ""
    var statements: [(sql: String, heading: String)] = []
}

/// What `dumpRequest` writes between statements: the key path of the next prefetch.
private struct KeyPathStream: TextOutputStream {
    let capture: DumpCapture
    mutating func write(_ string: String) { capture.text += string }
}

/// A `DumpFormat` that prints nothing and keeps each statement's SQL, with the
/// key path `dumpRequest` wrote before it.
private struct StatementCapture: DumpFormat {
    let capture: DumpCapture

    func writeRow(_ db: Database, statement: GRDB.Statement, to stream: inout DumpStream) throws {}

    mutating func finalize(_ db: Database, statement: GRDB.Statement, to stream: inout DumpStream) {
        var sql = statement.sql
        if let expanded = sqlite3_expanded_sql(statement.sqliteStatement) {
            sql = String(cString: expanded)
            sqlite3_free(expanded)
        }
        // `dumpRequest` writes "\n" and the key path's line before each prefetch.
        let heading = capture.text.trimmingCharacters(in: .newlines)
        capture.text = ""
        capture.statements.append((sql, heading))
    }
}
