import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// What reaches the user is in arbor's words: never GRDB's `SQLite error N:`
/// prefix nor its `while executing` suffix; and `:sql` says how many rows the
/// statement itself changed, as `sqlite3_changes` counts them (not its triggers').
final class ErrorWordingTests: XCTestCase {
    func testDatabaseErrorsLoseGRDBsPrefixAndSuffix() {
        let missing = DatabaseError(
            resultCode: .SQLITE_ERROR, message: "no such table: nope", sql: "SELECT * FROM nope")
        XCTAssertTrue("\(missing)".hasPrefix("SQLite error 1: no such table: nope"), "\(missing)")
        XCTAssertEqual(Session.message(missing), "no such table: nope")
        let interrupted = DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted", sql: "SELECT 1")
        XCTAssertEqual(Session.message(interrupted), "interrupted")
        XCTAssertEqual(
            Session.message(DatabaseError(resultCode: .SQLITE_BUSY)), "database is locked by another process")
        XCTAssertEqual(Session.message(ArborError("plain")), "plain")
    }

    func testRowsChangedAreTheStatementsOwn() throws {
        let directory = try TemporaryItems.folder("arbor-changes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        let setup = try DatabaseQueue(path: path)
        try setup.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE t(id INTEGER PRIMARY KEY, n); CREATE TABLE log(x);
                    CREATE TRIGGER tr AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (1); INSERT INTO log VALUES (2); END;
                    INSERT INTO t VALUES (1, 1), (2, 2);
                    """)
        }
        try setup.close()
        let session = try Session(path: path, writable: true)
        func output(_ text: String) -> String {
            guard case .commandOutput(let output)? = session.run(text).first else { return "\(session.run(text))" }
            return output
        }
        XCTAssertEqual(output(":sql UPDATE t SET n = 5 WHERE id = 1"), "1 row changed")
        XCTAssertEqual(output(":sql UPDATE t SET n = 6"), "2 rows changed")
        // A statement that changes nothing says so, though the last write's count lingers in SQLite.
        XCTAssertEqual(output(":sql UPDATE t SET n = 7 WHERE id = 99"), "0 rows changed")
    }
}
