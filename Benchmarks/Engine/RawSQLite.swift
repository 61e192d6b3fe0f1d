import Foundation
import GRDBSQLite

/// The physical limit: SQLite's C API stepping a statement and reading every
/// column, with no Swift value built.
enum RawSQLite {
    /// Steps `sql` over the file at `path`; returns the number of rows and a
    /// checksum of what was read, so that nothing is optimized away.
    static func step(path: String, sql: String) -> (rows: Int, checksum: Int) {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return (0, 0) }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return (0, 0) }
        defer { sqlite3_finalize(statement) }
        var rows = 0
        var checksum = 0
        let count = sqlite3_column_count(statement)
        while sqlite3_step(statement) == SQLITE_ROW {
            rows += 1
            for i in 0..<count {
                switch sqlite3_column_type(statement, i) {
                case SQLITE_INTEGER: checksum &+= Int(sqlite3_column_int64(statement, i))
                case SQLITE_FLOAT: checksum &+= Int(sqlite3_column_double(statement, i))
                case SQLITE_TEXT:
                    _ = sqlite3_column_text(statement, i)
                    checksum &+= Int(sqlite3_column_bytes(statement, i))
                case SQLITE_BLOB:
                    _ = sqlite3_column_blob(statement, i)
                    checksum &+= Int(sqlite3_column_bytes(statement, i))
                default: break
                }
            }
        }
        return (rows, checksum)
    }
}
