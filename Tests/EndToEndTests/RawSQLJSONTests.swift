import ArborTestSupport
import Foundation
import XCTest

/// `Row.fetchAll(db, sql: …)` as JSON goes through the query interface's C-level
/// JSON path: the same bytes as the query interface's own JSON for the same rows.
final class RawSQLJSONTests: XCTestCase {
    func testRawSQLRowsAreTheQueryInterfacesJSON() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB, quantity INTEGER);
            INSERT INTO item VALUES
              (1, 'plain', 1.5, x'00ff10', 9223372036854775807),
              (2, 'quote " back \\ tab' || char(9) || 'line' || char(10) || 'bell' || char(7), -0.0, NULL, NULL),
              (3, 'é 👩‍👩‍👧 ' || char(8238) || ' ' || char(127), 1e300, x'', -9223372036854775808),
              (4, NULL, 0.1, zeroblob(3), 0);
            """)
        let queryInterface = try ArborProcess.run([path, "-c", "Item.order(Column(\"id\"))", "--format", "json"])
        let raw = try ArborProcess.run([
            path, "-c", "try Row.fetchAll(db, sql: \"SELECT * FROM item ORDER BY id\")", "--format", "json",
        ])
        let request = try ArborProcess.run([
            path, "-c", "try SQLRequest<Row>(sql: \"SELECT * FROM item ORDER BY id\").fetchAll(db)", "--format", "json",
        ])
        XCTAssertEqual(queryInterface.status, 0, queryInterface.stderr)
        XCTAssertTrue(queryInterface.stdout.hasPrefix("[\n{\"id\":1,"), queryInterface.stdout)
        XCTAssertEqual(raw.stdout, queryInterface.stdout, raw.stderr)
        XCTAssertEqual(request.stdout, queryInterface.stdout, request.stderr)
    }

    func testDuplicateColumnsAnEmptyResultAndAWriteAreAsBefore() throws {
        let path = try TemporaryDatabase.make("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1);")
        let duplicate = try ArborProcess.run([
            path, "-c", "try Row.fetchAll(db, sql: \"SELECT a, a + 1 AS a FROM t\")", "--format", "json",
        ])
        XCTAssertEqual(duplicate.stdout, "[\n{\"a\":1,\"a\":2}\n]\n", duplicate.stderr)
        let empty = try ArborProcess.run([
            path, "-c", "try Row.fetchAll(db, sql: \"SELECT a FROM t WHERE a > 1\")", "--format", "json",
        ])
        XCTAssertEqual(empty.stdout, "[]\n", empty.stderr)
        let write = try ArborProcess.run([
            path, "-c", "try Row.fetchAll(db, sql: \"DELETE FROM t RETURNING a\")", "--format", "json",
        ])
        XCTAssertEqual(write.status, 1)
        XCTAssertEqual(write.stdout, "")
        let count = try ArborProcess.run([
            path, "-c", "try Row.fetchAll(db, sql: \"SELECT a FROM t\")", "--format", "json",
        ])
        XCTAssertEqual(count.stdout, "[\n{\"a\":1}\n]\n", count.stderr)
    }
}
