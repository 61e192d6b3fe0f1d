import ArborCore
import GRDB
import GRDBSQLite

/// The rows of one raw SQL statement that reads (`Row.fetchAll(db, sql: …)`, a
/// `:sql SELECT …` line in the terminal), a page at a time, for `WindowedResult`.
///
/// A single SELECT (SQLite compiles it wrapped, with the same columns) is read as
/// `SELECT * FROM (…) LIMIT n OFFSET m` and counted as `SELECT count(*) FROM (…)`.
/// Any other statement that reads (`PRAGMA table_info(…)`, `EXPLAIN …`) is run again
/// for each page, the rows before it stepped over unread. Either way no statement
/// stays open between pages: an open read would hold the session's only connection
/// and, in rollback-journal mode, a lock that stops every writer.
struct RawSQLPages {
    /// The statement as SQLite compiled it, without its final `;`.
    let sql: String
    let arguments: StatementArguments
    /// The statement's own column names (a subquery would rename duplicates).
    let columns: [String]
    /// Read through `SELECT * FROM (…) LIMIT … OFFSET …`.
    let isWrapped: Bool

    /// Reads `statement` (already checked read-only) for its text, arguments and columns.
    init(_ statement: GRDB.Statement, _ db: Database) {
        sql = Self.body(of: statement.sql)
        arguments = statement.arguments
        columns = statement.columnNames
        isWrapped = Self.wraps(sql, columns: columns.count, statement: statement, db)
    }

    /// The text without trailing blanks and `;`.
    static func body(of sql: String) -> String {
        var text = Substring(sql)
        while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    /// Whether `sql` is one SELECT that SQLite reads the same through a subquery.
    static func wraps(_ sql: String, columns: Int, statement: GRDB.Statement, _ db: Database) -> Bool {
        let handle = statement.sqliteStatement
        guard sqlite3_stmt_readonly(handle) != 0, sqlite3_stmt_isexplain(handle) == 0, columns > 0 else { return false }
        guard let wrapped = try? db.makeStatement(sql: wrappedSQL(sql, limit: 1, offset: 0)) else { return false }
        return Int(sqlite3_column_count(wrapped.sqliteStatement)) == columns
    }

    /// A newline before `)`, so that a final `-- comment` does not swallow it.
    static func wrappedSQL(_ sql: String, limit: Int, offset: Int) -> String {
        "SELECT * FROM (\n\(sql)\n) LIMIT \(limit) OFFSET \(offset)"
    }

    /// The rows `offset..<offset + limit`, values cut at `valueLimit` bytes (`ValueCut`).
    func rows(_ db: Database, offset: Int, limit: Int, valueLimit: Int?) throws -> [ResultRow] {
        guard limit > 0 else { return [] }
        let statement = try db.makeStatement(
            sql: isWrapped ? Self.wrappedSQL(sql, limit: limit, offset: offset) : sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let skipped = isWrapped ? 0 : offset
        var index = 0
        var rows: [ResultRow] = []
        while rows.count < limit {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw Self.error(handle, code) }
            defer { index += 1 }
            if index < skipped { continue }
            var values: [DatabaseValue] = []
            var cutSizes: [Int: Int] = [:]
            for column in 0..<Int32(columns.count) {
                let (value, fullSize) = ValueCut.read(handle, column, limit: valueLimit)
                values.append(value)
                if let fullSize { cutSizes[Int(column)] = fullSize }
            }
            rows.append(ResultRow(names: columns, values: values, children: [], cutSizes: cutSizes))
        }
        return rows
    }

    /// How many rows the statement gives.
    func count(_ db: Database) throws -> Int {
        if isWrapped {
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\n\(sql)\n)", arguments: arguments) ?? 0
        }
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var count = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return count }
            guard code == SQLITE_ROW else { throw Self.error(handle, code) }
            count += 1
        }
    }

    static func error(_ handle: OpaquePointer, _ code: Int32) -> DatabaseError {
        let message = sqlite3_db_handle(handle).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }
}
