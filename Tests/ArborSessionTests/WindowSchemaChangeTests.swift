import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// A windowed result read after another process changed the schema: the window
/// says so rather than show a value under another column's name (the terminal
/// reads windows long after the request ran).
final class WindowSchemaChangeTests: XCTestCase {
    func testAWindowAfterAColumnWasDroppedShowsNoValueUnderAnotherName() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO t SELECT i, 'a' || i, 'b' || i FROM n;
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        guard case .rows(let result)? = session.runInteractive("T.all()").last, let window = result.window else {
            return XCTFail("not windowed")
        }
        XCTAssertEqual(result.rows.first?.names, ["id", "a", "b"])
        let writer = try DatabaseQueue(path: path)
        try writer.write { try $0.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        try writer.close()
        XCTAssertThrowsError(try window.rows(in: 300..<301)) { error in
            XCTAssertEqual(
                (error as? ArborError)?.message,
                "another process changed the schema since this result was read: run the request again")
        }
        XCTAssertThrowsError(try window.rowCount(), "counting reads through the same check")
        // Run again, the request reads the new columns.
        guard case .rows(let again)? = session.runInteractive("T.all()").last, let newWindow = again.window else {
            return XCTFail("not windowed")
        }
        XCTAssertEqual(try newWindow.rows(in: 300..<301).first?.names, ["id", "b"])
        XCTAssertEqual(try newWindow.rows(in: 300..<301).first?.values, [301.databaseValue, "b301".databaseValue])
    }
}
