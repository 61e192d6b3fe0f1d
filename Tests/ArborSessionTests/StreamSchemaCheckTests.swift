import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// A command-line fetch compiled against one schema and run after another process
/// changed it (a commit between the schema check of `run` and the fetch) fails with
/// arbor's words: SQLite would silently compile `SELECT *` again with other columns,
/// and a value would print under a dropped column's name.
final class StreamSchemaCheckTests: XCTestCase {
    func testAFetchAfterASchemaChangeFailsRatherThanMislabelColumns() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
            INSERT INTO t VALUES (1, 'a1', 'b1');
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        let rows = try session.requestResult("T.all()", fetch: false).plan
        let raw = try session.requestResult(#"Row.fetchAll(db, sql: "SELECT * FROM t")"#, fetch: false).plan
        let values = try session.requestResult(#"String.fetchAll(db, sql: "SELECT b FROM t")"#, fetch: false).plan
        let writer = try DatabaseQueue(path: path)
        try writer.write { try $0.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        try writer.close()
        let message = "another process changed the schema while the request ran: run it again"
        func assertRefused(_ label: String, _ body: () throws -> Void) {
            XCTAssertThrowsError(try body(), label) { error in
                XCTAssertEqual((error as? ArborError)?.message, message, label)
            }
        }
        assertRefused("stream") { try session.stream(rows, range: nil) { _ in } }
        assertRefused("json") { _ = try session.streamJSON(rows) { _ in } }
        assertRefused("raw rows") { try session.stream(raw, range: nil) { _ in } }
        assertRefused("values") { try session.streamValues(values, checked: true) { _, _ in } }
        assertRefused("values as JSON") { _ = try session.streamValuesJSON(values) { _ in } }
        // The next statement reads the new schema and runs.
        let again = try session.requestResult("T.all()")
        XCTAssertEqual(again.rows.first?.names, ["id", "b"])
        var streamed: [ResultRow] = []
        try session.stream(again.plan, range: nil) { streamed.append($0) }
        XCTAssertEqual(streamed.first?.values, [1.databaseValue, "b1".databaseValue])
    }
}
