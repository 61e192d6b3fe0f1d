import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during a statement is said once (`arbor: interrupted`), not first as the
/// statement's own error (`error: interrupted`) and then again; and an empty
/// `--load` path is named as empty, not as a file that does not exist.
final class InterruptedOnceTests: XCTestCase {
    func testAnInterruptedRequestSaysInterruptedOnce() throws {
        let result = try HostileRun.run(
            ["-c", "Book.filter(key: 1).select(Column(\"id\"))", "-c", HostileInputTests.endless], signal: SIGINT,
            whenStdoutContains: "book id:1\n")
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderr, "arbor: interrupted\n")
    }

    func testAnInterruptedRawStatementSaysInterruptedOnce() throws {
        let endless = ":sql WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let result = try HostileRun.run(
            ["-c", "Book.filter(key: 1).select(Column(\"id\"))", "-c", endless], signal: SIGINT,
            whenStdoutContains: "book id:1\n")
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderr, "arbor: interrupted\n")
    }

    func testAnEmptyLoadPathIsSaidToBeEmpty() throws {
        let result = try ArborProcess.run(["--load", "", "-c", "Book.limit(1)"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "arbor: an empty path names no file or folder: give a Swift file or a folder\n")
    }
}
