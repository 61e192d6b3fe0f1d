// What a documentation example gives when GRDB runs it, in the lines of expected.txt:
// compiled with Records.swift and one function per example (GRDBDocExampleProgram).
import Foundation
import GRDB

/// The statements GRDB runs for an example: SELECT and WITH, arguments inlined,
/// GRDB's schema queries left out.
final class StatementRecorder: @unchecked Sendable {
    var statements: [String] = []

    func record(_ db: Database) {
        // When each statement starts: the main one before those SQLite runs for it (FTS5's).
        db.trace(options: .statement) { event in
            guard case .statement(let statement) = event else { return }
            let sql = statement.expandedSQL
            let head = sql.prefix(8).uppercased()
            guard head.hasPrefix("SELECT") || head.hasPrefix("WITH"), !sql.contains("sqlite_master"),
                !sql.contains("sqlite_schema"), !sql.lowercased().contains("pragma_")
            else { return }
            self.statements.append(sql)
        }
    }
}

let recorder = StatementRecorder()

enum Render {
    static func sql(_ sql: String) -> String {
        "sql " + sql.replacingOccurrences(of: "\n", with: "\\n")
    }

    /// The main statement: the first one the example ran.
    static func ranSQL() -> [String] {
        recorder.statements.first.map { [sql($0)] } ?? []
    }

    static func row(_ row: Row) -> String {
        "row " + columns(row)
    }

    /// The row's columns, then each associated row (nil when missing) and each prefetched count.
    static func columns(_ row: Row) -> String {
        var parts = row.map { "\($0)=\($1)" }
        for name in row.scopes.names.sorted() {
            guard let scoped = row.scopes[name] else { continue }
            parts.append(scoped.containsNonNullValue ? "{\(name): \(columns(scoped))}" : "{\(name): nil}")
        }
        for key in row.prefetchedRows.keys.sorted() {
            parts.append("{\(key): \(row.prefetchedRows[key]?.count ?? 0) rows}")
        }
        return parts.joined(separator: " ")
    }

    // A request: the rows it fetches, and its statement (the first one fetching runs).
    static func output<R: FetchRequest>(_ db: Database, _ request: R) throws -> [String] {
        recorder.statements = []
        let rows = try Row.fetchAll(db, request)
        return ["rows"] + ranSQL() + rows.map(row)
    }

    // A request of values (`select(_:as:)`, `selectID()`): what its `fetchAll(db)` gives,
    // GRDB's decoding errors included.
    static func output<R: FetchRequest>(_ db: Database, _ request: R) throws -> [String]
    where R.RowDecoder: DatabaseValueConvertible {
        recorder.statements = []
        let values = try R.RowDecoder.fetchAll(db, request)
        return ["values"] + ranSQL() + values.map { "value \($0.databaseValue)" }
    }

    // Records (each keeps its row).
    static func output<T: RowHolder>(_ db: Database, _ records: [T]) -> [String] {
        ["rows"] + ranSQL() + records.map { row($0.row) }
    }

    static func output<T: RowHolder>(_ db: Database, _ record: T?) -> [String] {
        ["rows"] + ranSQL() + (record.map { [row($0.row)] } ?? [])
    }

    static func output<T: RowHolder>(_ db: Database, _ record: T) -> [String] {
        ["rows"] + ranSQL() + [row(record.row)]
    }

    // Rows.
    static func output(_ db: Database, _ rows: [Row]) -> [String] {
        ["rows"] + ranSQL() + rows.map(row)
    }

    static func output(_ db: Database, _ value: Row?) -> [String] {
        ["rows"] + ranSQL() + (value.map { [row($0)] } ?? [])
    }

    static func output(_ db: Database, _ rows: Set<Row>) -> [String] {
        ["unordered rows"] + ranSQL() + rows.map(row).sorted()
    }

    // Values.
    static func output<T: DatabaseValueConvertible>(_ db: Database, _ values: [T]) -> [String] {
        ["values"] + ranSQL() + values.map { "value \($0.databaseValue)" }
    }

    static func output<T: DatabaseValueConvertible>(_ db: Database, _ values: [T?]) -> [String] {
        ["values"] + ranSQL() + values.map { "value \($0?.databaseValue ?? .null)" }
    }

    static func output<T: DatabaseValueConvertible & Hashable>(_ db: Database, _ values: Set<T>) -> [String] {
        ["unordered values"] + ranSQL() + values.map { "value \($0.databaseValue)" }.sorted()
    }

    static func output<T: DatabaseValueConvertible & Hashable>(_ db: Database, _ values: Set<T?>) -> [String] {
        ["unordered values"] + ranSQL() + values.map { "value \($0?.databaseValue ?? .null)" }.sorted()
    }

    static func output<T: DatabaseValueConvertible>(_ db: Database, _ value: T?) -> [String] {
        ["values"] + ranSQL() + (value.map { ["value \($0.databaseValue)"] } ?? [])
    }

    // Counts and answers.
    static func output(_ db: Database, _ count: Int) -> [String] {
        ["count \(count)"] + ranSQL()
    }

    static func output(_ db: Database, _ answer: Bool) -> [String] {
        ["bool \(answer)"] + ranSQL()
    }

    /// An error GRDB throws, in the words arbor is expected to show.
    static func error(_ error: any Error) -> [String] {
        if let error = error as? DatabaseError { return ["error " + (error.message ?? "\(error)")] }
        return ["error \(error)"]
    }
}

/// The record types of Records.swift: each keeps the row it was fetched from.
protocol RowHolder {
    var row: Row { get }
}

extension Player: RowHolder {}
extension Team: RowHolder {}
extension Country: RowHolder {}
extension Citizenship: RowHolder {}
extension Author: RowHolder {}
extension Book: RowHolder {}
extension Chat: RowHolder {}
extension Message: RowHolder {}
extension Planet: RowHolder {}
extension Rectangle: RowHolder {}
extension Game: RowHolder {}
extension PlayerSelection: RowHolder {}
extension Document: RowHolder {}
extension Article: RowHolder {}
extension RestrictedPlayer: RowHolder {}
extension TrimmedPlayer: RowHolder {}
extension ExtendedPlayer: RowHolder {}
extension AltPlayer: RowHolder {}
extension BookInfo: RowHolder {}
extension ChatInfo: RowHolder {}
