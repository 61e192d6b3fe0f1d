import ArborCore
import GRDB
import GRDBSQLite

extension RawSQL {
    /// A `:sql` line in the terminal that is one statement reading rows, as the plan of a
    /// raw SQL request (`Row.fetchAll(db, sql: …)`): the results pane then reads it a
    /// window at a time, as it reads any request (`RawSQLPages`). Nil for anything else
    /// (several statements, a write), which runs as `:sql` always runs.
    func windowedPlan(_ sql: String) throws -> RequestPlan? {
        guard !sql.isEmpty else { return nil }
        let readsRows = try session.database.read { db -> Bool in
            let connection = db.sqliteConnection
            let bytes = Array(sql.utf8CString)
            return bytes.withUnsafeBufferPointer { buffer -> Bool in
                guard let base = buffer.baseAddress else { return false }
                var statement: SQLiteStatement?
                var tail: UnsafePointer<CChar>?
                defer { sqlite3_finalize(statement) }
                guard sqlite3_prepare_v2(connection, base, -1, &statement, &tail) == SQLITE_OK, let statement,
                    sqlite3_stmt_readonly(statement) != 0, sqlite3_column_count(statement) > 0,
                    sqlite3_bind_parameter_count(statement) == 0
                else { return false }
                // Nothing but blanks and comments after it.
                var next: SQLiteStatement?
                defer { sqlite3_finalize(next) }
                guard let tail, sqlite3_prepare_v2(connection, tail, -1, &next, nil) == SQLITE_OK else { return false }
                return next == nil
            }
        }
        guard readsRows else { return nil }
        var plan = RequestPlan(table: "")
        plan.rawSQL = SQLFragment([.sql(sql, arguments: SQLArguments())])
        return plan
    }
}
