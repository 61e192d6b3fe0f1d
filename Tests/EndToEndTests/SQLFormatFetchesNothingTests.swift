import ArborTestSupport
import Foundation
import XCTest

/// `--format sql` prints the statements and fetches nothing, value fetches
/// included: GRDB's conversion check would fail on a NULL in a `String` column,
/// and a statement that fails while it steps (`json('{')`) would fail too, so
/// SQL printed with status 0 proves that no row was read.
final class SQLFormatFetchesNothingTests: XCTestCase {
    var path = ""

    override func setUpWithError() throws {
        path = try Fixture.database(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a'), (2, NULL);")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    func testValueFetchesPrintTheirSQLWithoutFetching() throws {
        let cases: [(request: String, sql: String)] = [
            (#"String.fetchAll(db, sql: "SELECT name FROM t")"#, "SELECT name FROM t;"),
            (#"String.fetchSet(db, sql: "SELECT name FROM t")"#, "SELECT name FROM t;"),
            (#"T.select(Column("name"), as: String.self).fetchAll(db)"#, #"SELECT "name" FROM "t";"#),
            (#"String.fetchOne(db, sql: "SELECT json('{')")"#, "SELECT json('{');"),
            (#"String.fetchAll(db, sql: "SELECT json('{')")"#, "SELECT json('{');"),
            (#"Row.fetchAll(db, sql: "SELECT json('{')")"#, "SELECT json('{');"),
            (#"Row.fetchOne(db, sql: "SELECT json('{')")"#, "SELECT json('{');"),
        ]
        for (request, sql) in cases {
            let result = try ArborProcess.run([path, "--format", "sql", "-c", request])
            XCTAssertEqual(result.status, 0, "\(request): \(result.stderr)")
            XCTAssertEqual(result.stdout, sql + "\n", request)
            XCTAssertEqual(result.stderr, "", request)
        }
    }

    /// The same fetches in another format do read, and fail as GRDB fails.
    func testTheSameFetchesFailWhenTheyFetch() throws {
        let result = try ArborProcess.run([
            path, "--format", "json", "-c", #"String.fetchAll(db, sql: "SELECT name FROM t")"#,
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("could not decode String from database value NULL"), result.stderr)
        XCTAssertEqual(result.stdout, "")
        let failing = try ArborProcess.run([
            path, "--format", "json", "-c", #"String.fetchOne(db, sql: "SELECT json('{')")"#,
        ])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stderr.contains("malformed JSON"), failing.stderr)
    }
}
