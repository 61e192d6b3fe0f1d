import ArborCore
import Foundation
import GRDB
import GRDBSQLite

/// `:sql STATEMENT; …`: raw SQL, run as it stands, statement by statement.
///
/// Without `--write` the connection is read-only (SQLite's `SQLITE_OPEN_READONLY`,
/// or `query_only` for the demo), and each compiled statement must be one that
/// SQLite itself says reads (`sqlite3_stmt_readonly`) and that returns rows:
/// that refuses writes and DDL, `VACUUM INTO` (which writes a new file even
/// read-only), `ATTACH` (which could create one), `PRAGMA` settings and
/// transactions, whatever their spelling. With `--write` every statement runs,
/// says what it changed, and the schema is read again when it changed.
struct RawSQL {
    let session: Session

    /// Rows shown for one statement: `:sql` is for a look, requests are for browsing.
    static let rowLimit = 1000
    /// Every row, each value whole: for the data formats (`--format csv`…), not for a look.
    var readsWhole = false
    /// With `readsWhole`: each statement's rows go here as SQLite steps them, none held.
    var rowSink: (any RawSQLRowSink)?

    typealias Effect = RawSQLEffect

    func run(_ sql: String, range: SourceRange) throws -> Outcome {
        if session.windowsRawSQL, let plan = try windowedPlan(sql) {
            return .rows(try session.request(plan, range: range, single: false, fetch: false))
        }
        let (effects, notes) = try effects(sql, range: range)
        // A blank line between the results of two statements.
        return .commandOutput(effects.map(Self.text).joined(separator: "\n\n") + notes.map { "\n" + $0 }.joined())
    }

    /// What each statement did, and the notes on what followed (a reload, a rollback).
    func effects(_ sql: String, range: SourceRange) throws -> (effects: [Effect], notes: [String]) {
        guard !sql.isEmpty else {
            throw ArborError("write a statement after `:sql`, as in `:sql SELECT count(*) FROM book`", at: range)
        }
        // The argument is the end of the command's range (the lexer trims it).
        let argumentStart = range.upperBound - sql.utf8.count
        var effects: [Effect] = []
        var failure: ArborError?
        var notes: [String] = []
        let versionBefore = session.isWritable ? try session.database.read(Self.schemaVersion) : 0
        do {
            if session.isWritable {
                try session.database.writeWithoutTransaction { db in
                    defer { if let note = Self.rollBackOpenTransaction(db) { notes.append(note) } }
                    try runStatements(sql, in: db, argumentStart: argumentStart, effects: &effects)
                }
            } else {
                try session.database.read { db in
                    // Reads change no schema, so every statement is checked before the first runs.
                    try runStatements(sql, in: db, argumentStart: argumentStart, effects: &effects, checkOnly: true)
                    try runStatements(sql, in: db, argumentStart: argumentStart, effects: &effects)
                }
            }
        } catch let error as ArborError {
            failure = error
        }
        if session.isWritable, try session.database.read(Self.schemaVersion) != versionBefore {
            notes += try session.reloadSchema()
        }
        if var failure {
            let ran = effects.count
            if ran > 0 {
                let changes = effects.reduce(0) { total, effect in
                    switch effect {
                    case .changes(let n), .rows(_, _, _, let n?): total + n
                    default: total
                    }
                }
                failure.suggestion =
                    "the \(ran == 1 ? "statement" : "\(ran) statements") before it ran"
                    + (session.isWritable ? " (\(Self.rows(changes)) changed)" : "")
                    + ([""] + notes).joined(separator: "; ")
            }
            throw failure
        }
        guard !effects.isEmpty else {
            throw ArborError("no SQL statement after `:sql`, only blanks or comments", at: range)
        }
        return (effects, notes)
    }

    /// Compiles and runs each statement of `sql` in turn (a statement may need
    /// the tables an earlier one created), stopping at the first error.
    private func runStatements(
        _ sql: String, in db: Database, argumentStart: Int, effects: inout [Effect], checkOnly: Bool = false
    ) throws {
        let connection = db.sqliteConnection
        let bytes = Array(sql.utf8CString)
        let end = bytes.count - 1  // the trailing NUL
        var offset = 0
        while offset < end {
            var statement: SQLiteStatement?
            var tailOffset = end
            let code = bytes.withUnsafeBufferPointer { buffer -> CInt in
                guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(connection, base + offset, CInt(end - offset), &statement, &tail)
                if let tail { tailOffset = tail - base }
                return code
            }
            defer { sqlite3_finalize(statement) }
            let range = Self.trimmedRange(bytes, offset, code == SQLITE_OK ? tailOffset : end, base: argumentStart)
            guard code == SQLITE_OK else {
                throw ArborError(Self.errorMessage(connection), at: range)
            }
            offset = max(tailOffset, offset + 1)
            // Whitespace and comments compile to no statement.
            guard let statement else { continue }
            try check(statement, range: range)
            if !checkOnly { effects.append(try execute(statement, connection: connection, range: range)) }
        }
    }

    /// Refuses what the session may not run, by SQLite's reading of the compiled statement.
    private func check(_ statement: SQLiteStatement, range: SourceRange) throws {
        guard sqlite3_bind_parameter_count(statement) == 0 else {
            throw ArborError("`:sql` takes no parameters (`?`, `:name`): write the values in the statement", at: range)
        }
        try checkReads(statement, range: range)
    }

    /// Refuses, on a read-only session, a statement that writes or returns no rows, with
    /// the same words for `:sql` and for the raw SQL of requests (`Book.fetchAll(db, sql: …)`).
    /// A request never writes, even with `--write` (only `:sql` does).
    func checkReads(_ statement: SQLiteStatement?, range: SourceRange?, inRequest: Bool = false) throws {
        // `EXPLAIN …` lists the program of its statement and never runs it.
        if (session.isWritable && !inRequest) || sqlite3_stmt_isexplain(statement) != 0 { return }
        let reopen =
            session.path == nil
            ? "the demo database is read-only; open a copy of a file with `--write` to change it"
            : "reopen with `arbor --write \(session.path ?? "")` to run it"
        guard sqlite3_stmt_readonly(statement) != 0 else {
            if session.isWritable {
                throw ArborError(
                    "this statement writes: arbor runs requests and never writes through them", at: range,
                    suggestion: "`:sql` runs it, since arbor was started with `--write`")
            }
            throw ArborError(
                "this statement writes (data, schema or a file), and the database is open read-only", at: range,
                suggestion: reopen)
        }
        guard sqlite3_column_count(statement) > 0 else {
            if inRequest {
                throw ArborError(
                    "this statement returns no rows: a request fetches rows", at: range,
                    suggestion: "`:sql` runs other statements")
            }
            throw ArborError(
                "this statement returns no rows; a read-only session runs only statements that read rows "
                    + "(not ATTACH, PRAGMA settings or transactions)",
                at: range, suggestion: reopen)
        }
    }

    private func execute(_ statement: SQLiteStatement, connection: SQLiteConnection?, range: SourceRange) throws
        -> Effect
    {
        let changesBefore = sqlite3_total_changes(connection)
        let schemaBefore = Self.schemaCookie(connection)
        let autocommitBefore = sqlite3_get_autocommit(connection)
        let columnCount = sqlite3_column_count(statement)
        let columns = (0..<columnCount).map { index in
            sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "?"
        }
        var rows: [ResultRow] = []
        var isCut = false
        let writes = sqlite3_stmt_readonly(statement) == 0
        let sink = readsWhole && columnCount > 0 ? rowSink : nil
        sink?.begin(columns: columns)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw ArborError(Self.stepErrorMessage(code, connection), at: range)
            }
            if let sink {
                let values = (0..<columnCount).map { ValueCut.read(statement, $0, limit: nil).0 }
                try sink.row(ResultRow(names: columns, values: values, children: []))
            } else if readsWhole || rows.count < Self.rowLimit {
                // Long texts and blobs are kept as their first bytes and size: what the table shows.
                var values: [DatabaseValue] = []
                var cutSizes: [Int: Int] = [:]
                for index in 0..<columnCount {
                    let (value, fullSize) = ValueCut.read(
                        statement, index, limit: readsWhole ? nil : ValueCut.printLimit)
                    values.append(value)
                    if let fullSize { cutSizes[Int(index)] = fullSize }
                }
                rows.append(ResultRow(names: columns, values: values, children: [], cutSizes: cutSizes))
            } else {
                isCut = true
                // A statement that writes (`… RETURNING`) runs to its end; a read can stop here.
                if !writes { break }
            }
        }
        sink?.end()
        // The statement's own rows, as the sqlite3 shell counts them (`sqlite3_changes`):
        // not the rows its triggers or foreign key actions changed. `sqlite3_changes`
        // keeps the last write's count through statements that write nothing, hence the test.
        let changedAtAll = sqlite3_total_changes(connection) != changesBefore
        let changes = changedAtAll ? Int(sqlite3_changes(connection)) : 0
        if columnCount > 0 {
            return .rows(columns: columns, rows: rows, isCut: isCut, changes: writes ? changes : nil)
        }
        // DDL first: `DROP TABLE` deletes the table's rows too.
        if Self.schemaCookie(connection) != schemaBefore { return .schemaChange }
        if let name = sqlite3_sql(statement).flatMap({ PragmaSetting.name(in: String(cString: $0)) }),
            let value = PragmaSetting.value(of: name, connection)
        {
            return .setting(name: name, value: value)
        }
        guard changes == 0 else { return .changes(changes) }
        let autocommit = sqlite3_get_autocommit(connection)
        if autocommit != autocommitBefore { return .transaction(started: autocommit == 0) }
        return writes ? .changes(0) : .done
    }

    // MARK: Text

    static func text(_ effect: Effect) -> String {
        switch effect {
        case .rows(let columns, let rows, let isCut, let changes):
            var lines = TableFormat.lines(columns: columns, rows: rows)
            if rows.isEmpty { lines.append("(no rows)") }
            if isCut { lines.append("(the first \(rowLimit) rows)") }
            if let changes { lines.append("\(Self.rows(changes)) changed") }
            return lines.joined(separator: "\n")
        case .changes(let changes):
            return "\(Self.rows(changes)) changed"
        case .schemaChange:
            return "schema changed"
        case .transaction(let started):
            return started ? "transaction started" : "transaction ended"
        case .setting(let name, let value):
            return "\(TerminalText.escaped(name)) is now \(TerminalText.escaped(value))"
        case .done:
            return "done"
        }
    }

    static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }

    // MARK: SQLite

    static func errorMessage(_ connection: SQLiteConnection?) -> String {
        sqlite3_errmsg(connection).map { String(cString: $0) } ?? "SQLite error"
    }

    static func stepErrorMessage(_ code: CInt, _ connection: SQLiteConnection?) -> String {
        if code & 0xFF == SQLITE_BUSY { return "database is locked by another process" }
        return errorMessage(connection)
    }

    static func schemaVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
    }

    /// The schema cookie, read without GRDB so as not to disturb the statement being run.
    static func schemaCookie(_ connection: SQLiteConnection?) -> Int64? {
        var statement: SQLiteStatement?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, "PRAGMA schema_version", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { return nil }
        return sqlite3_column_int64(statement, 0)
    }

    /// A `BEGIN` without its `COMMIT` is rolled back at the end of the line: a
    /// transaction left open would hold the database's lock for the whole session.
    static func rollBackOpenTransaction(_ db: Database) -> String? {
        guard sqlite3_get_autocommit(db.sqliteConnection) == 0 else { return nil }
        let code = sqlite3_exec(db.sqliteConnection, "ROLLBACK", nil, nil, nil)
        return code == SQLITE_OK
            ? "the transaction left open was rolled back (end it with COMMIT on the same line)"
            : "the transaction left open could not be rolled back: \(errorMessage(db.sqliteConnection))"
    }

    /// The statement's range in the command, without the blanks around it.
    static func trimmedRange(_ bytes: [CChar], _ start: Int, _ end: Int, base: Int) -> SourceRange {
        var lower = start
        var upper = max(start, end)
        while lower < upper, isBlank(bytes[lower]) { lower += 1 }
        while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
        return SourceRange(base + lower, base + upper)
    }

    static func isBlank(_ byte: CChar) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
