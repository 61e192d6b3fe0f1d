import ArborCore

/// What one statement of `:sql` did.
public enum RawSQLEffect: Sendable {
    /// The rows it returned; `isCut` when only the first ones were read; `changes` for a write (`RETURNING`).
    case rows(columns: [String], rows: [ResultRow], isCut: Bool, changes: Int?)
    case changes(Int)
    case schemaChange
    case transaction(started: Bool)
    /// `PRAGMA name = value`: the setting's value read back.
    case setting(name: String, value: String)
    /// A statement that changed no row: ATTACH…
    case done

    /// The effect as `:sql` prints it in the text formats.
    public var text: String { RawSQL.text(self) }
}

/// Where `:sql` gives the rows of each statement that returns rows, as SQLite steps
/// them, each value whole: the data formats print them as they come, holding none.
public protocol RawSQLRowSink: AnyObject {
    func begin(columns: [String])
    func row(_ row: ResultRow) throws
    func end()
}

extension Session {
    /// `:sql` for the data formats: what each statement did, its rows all read and
    /// its values whole, and the notes on what followed (a reload, a rollback).
    /// `range` is the command's, `:sql` included, for errors to point into. With
    /// `rows`, the rows go there as they come and the effects hold none.
    public func rawSQLEffects(_ sql: String, range: SourceRange, rows: (any RawSQLRowSink)? = nil) throws -> (
        effects: [RawSQLEffect], notes: [String]
    ) {
        var raw = RawSQL(session: self)
        raw.readsWhole = true
        raw.rowSink = rows
        return try raw.effects(sql, range: range)
    }
}
