import ArborCore
import ArborLanguage
import Foundation
import GRDB

/// One statement of a request run once as the app would run it, for the SQL pane:
/// how long it took, how many rows it gave, and the tables its plan scans in full
/// although the statement filters or joins them (`ScanWarning`).
public struct StatementMeasure: Sendable, Equatable {
    public var rows: Int
    public var duration: Double
    public var scannedTables: [String]

    public init(rows: Int, duration: Double, scannedTables: [String] = []) {
        self.rows = rows
        self.duration = duration
        self.scannedTables = scannedTables
    }
}

extension Session {
    /// Runs `sql` (a statement GRDB wrote for the request) to its last row, and reads its plan.
    public func measure(_ sql: String) throws -> StatementMeasure {
        try database.read { db in
            let details = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { row -> String in
                row["detail"] ?? ""
            }
            let scans = ScanWarning.warnings(sql: sql, planDetails: details, schema: environment.schema)
            let start = DispatchTime.now().uptimeNanoseconds
            let cursor = try Row.fetchCursor(db, sql: sql)
            var rows = 0
            while try cursor.next() != nil { rows += 1 }
            let duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return StatementMeasure(rows: rows, duration: duration, scannedTables: scans.map(\.table))
        }
    }

    /// `:explain` of one statement: its plan as the `sqlite3` shell draws it, with a
    /// note and the index to create for each full scan of a table it filters.
    public func planText(of sql: String) throws -> String {
        try QueryPlan.text(of: sql, in: database, schema: environment.schema)
    }
}
