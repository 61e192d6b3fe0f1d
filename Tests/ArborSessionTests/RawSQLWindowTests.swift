import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// Raw SQL in the terminal is read a window at a time, as requests are: a million
/// rows cost what a screen of them costs, through `Row.fetchAll(db, sql: …)` and
/// through a `:sql` line of one statement that reads rows.
final class RawSQLWindowTests: XCTestCase {
    nonisolated(unsafe) static var path = ""
    static let rowCount = 1_000_000

    override class func setUp() {
        path =
            (try? TemporaryDatabase.make(
                """
                CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rowCount))
                INSERT INTO big SELECT i, 'name ' || i FROM n;
                """)) ?? ""
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    func window(_ text: String, _ session: Session) throws -> (RequestResult, WindowedResult) {
        guard case .rows(let result)? = session.runInteractive(text).last else {
            throw XCTSkip("no rows for \(text): \(session.runInteractive(text))")
        }
        guard let window = result.window else {
            XCTFail("\(text): fetched whole, not windowed")
            throw XCTSkip("not windowed")
        }
        return (result, window)
    }

    func ids(_ rows: [ResultRow]) -> [Int64] {
        rows.compactMap { if case .int64(let id)? = $0.values.first?.storage { id } else { nil } }
    }

    /// Only the windows looked at are read and held, however large the result.
    func testAMillionRowsAreReadAWindowAtATime() throws {
        let session = try Session(path: Self.path)
        for text in [
            #"Row.fetchAll(db, sql: "SELECT id, name FROM big")"#,
            ":sql SELECT id, name FROM big",
            ":sql SELECT id, name FROM big; -- a comment after it",
        ] {
            let (result, window) = try window(text, session)
            XCTAssertEqual(ids(result.rows), Array(1...100), text)
            XCTAssertEqual(window.cachedWindowCount, 1, "\(text): one window read")
            XCTAssertNil(window.knownRowCount, "\(text): counted later, by the view")
            XCTAssertEqual(try window.rowCount(), Self.rowCount, text)
            // The end, then back to the start: the windows in between are never read.
            XCTAssertEqual(
                ids(try window.rows(in: (Self.rowCount - 3)..<(Self.rowCount + 10))),
                [999_998, 999_999, 1_000_000], text)
            XCTAssertEqual(try window.row(at: 500_000).flatMap { $0.values.last }, "name 500001".databaseValue, text)
            // The first, the last two (the second empty: past the end) and the middle one.
            XCTAssertEqual(window.cachedWindowCount, 4, text)
            let statements = window.log.snapshot.statements.map(\.sql)
            XCTAssertTrue(
                statements.contains { $0.hasSuffix("LIMIT 100 OFFSET 999900") }, "\(text): \(statements)")
            XCTAssertEqual(result.rows.first?.names, ["id", "name"], text)
        }
    }

    /// However far one scrolls, at most `maximumWindows` windows are held.
    func testScrollingThroughHoldsABoundedNumberOfWindows() throws {
        let session = try Session(path: Self.path)
        let (_, window) = try window(":sql SELECT id, name FROM big WHERE id % 10 = 0", session)
        for start in stride(from: 0, to: 100_000, by: 1_000) {
            XCTAssertEqual(ids(try window.rows(in: start..<(start + 1))), [Int64(start + 1) * 10])
            XCTAssertLessThanOrEqual(window.cachedWindowCount, window.maximumWindows)
        }
        XCTAssertEqual(try window.rowCount(), 100_000)
    }

    /// Statements SQLite can not read through a subquery are run again for each
    /// window; duplicate column names, arguments and a final comment are kept.
    func testOtherStatementsAreWindowedTooAndKeepTheirColumns() throws {
        let session = try Session(path: Self.path)
        let (pragma, pragmaWindow) = try window(":sql PRAGMA table_info(big)", session)
        XCTAssertEqual(pragma.rows.count, 2)
        XCTAssertEqual(try pragmaWindow.rowCount(), 2)
        XCTAssertEqual(pragma.rows.first?.names.prefix(2), ["cid", "name"])

        let (explain, explainWindow) = try window(":sql EXPLAIN SELECT * FROM big WHERE name > 'x'", session)
        let whole = try explainWindow.rowCount()
        XCTAssertGreaterThan(whole, 5)
        XCTAssertEqual(explain.rows.first?.names.first, "addr")
        XCTAssertEqual(try explainWindow.rows(in: (whole - 1)..<(whole + 5)).count, 1)

        let (twice, _) = try window(":sql SELECT id, id FROM big LIMIT 2 -- the same column twice", session)
        XCTAssertEqual(twice.rows.first?.names, ["id", "id"])
        XCTAssertEqual(ids(twice.rows), [1, 2])

        let (bound, boundWindow) = try window(
            #"Row.fetchAll(db, sql: "SELECT id FROM big WHERE id > ? ORDER BY id DESC", arguments: [999_990])"#,
            session)
        XCTAssertEqual(ids(bound.rows), Array((999_991...1_000_000).reversed()))
        XCTAssertEqual(try boundWindow.rowCount(), 10)
    }

    /// Several statements on a `:sql` line, or none that reads rows, run as `:sql` always does.
    func testOtherSQLLinesRunAsTheyAlwaysDid() throws {
        let session = try Session(path: Self.path)
        guard case .commandOutput(let text)? = session.runInteractive(":sql SELECT 1 AS a; SELECT 2 AS b").last
        else { return XCTFail("several statements are one command's text") }
        XCTAssertTrue(text.contains("a") && text.contains("b"), text)
        guard case .failure(let errors, _)? = session.runInteractive(":sql DELETE FROM big").last else {
            return XCTFail("a write is refused")
        }
        XCTAssertTrue(errors.first?.message.contains("writes") == true, "\(errors)")
        // The command line still prints `:sql` as text.
        guard case .commandOutput(let table)? = session.run(":sql SELECT id FROM big LIMIT 2").last else {
            return XCTFail("`:sql` outside the terminal is text")
        }
        XCTAssertTrue(table.contains("id"), table)
    }

    /// A column dropped by another process between two windows is said (`WindowedResult`'s
    /// schema check), never read out of range.
    func testAWindowAfterTheColumnsChangedSaysSo() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO t SELECT i, 'a', 'b' FROM n;
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        let (result, window) = try window(":sql SELECT * FROM t", session)
        XCTAssertEqual(result.rows.first?.names, ["id", "a", "b"])
        let writer = try DatabaseQueue(path: path)
        try writer.write { try $0.execute(sql: "ALTER TABLE t DROP COLUMN b") }
        try writer.close()
        XCTAssertThrowsError(try window.rows(in: 300..<310)) { error in
            XCTAssertTrue("\(error)".contains("another process changed the schema"), "\(error)")
        }
    }
}
