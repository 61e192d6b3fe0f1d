import ArborTestSupport
import XCTest

/// `--format sql` ends each statement with one `;`, also raw SQL that has its own.
final class SQLFormatSemicolonTests: XCTestCase {
    func testRawSQLEndingInASemicolonKeepsOne() throws {
        let result = try ArborProcess.run([
            "--format", "sql", "-c", #"SQLRequest<Row>(sql: "SELECT title FROM book;")"#, "-c", "Book.limit(1)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "SELECT title FROM book;\nSELECT * FROM \"book\" LIMIT 1;\n")
    }
}
