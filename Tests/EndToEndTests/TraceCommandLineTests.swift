import ArborTestSupport
import Foundation
import XCTest

/// `arbor DB --trace FILE`: the findings on standard output (one JSON object a line
/// with `--format json`), exit status as a linter's.
final class TraceCommandLineTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-trace-e2e")
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// An N+1 loop over the demo's French authors, as swift-log prints GRDB's profile events.
    static let loop = """
        2026-11-26T15:04:05+0000 debug app : [GRDB] 0.001s SELECT * FROM "author" WHERE "countryCode" = 'FR'
        2026-11-26T15:04:05+0000 debug app : [GRDB] 0.000s SELECT * FROM "book" WHERE "authorId" = 1
        2026-11-26T15:04:05+0000 debug app : [GRDB] 0.000s SELECT * FROM "book" WHERE "authorId" = 2
        user tapped "Authors"
        2026-11-26T15:04:05+0000 debug app : [GRDB] 0.000s SELECT * FROM "book" WHERE "authorId" = 3

        """

    func testJSONHasOneObjectPerFindingAndExitStatusOne() throws {
        let path = try file("app.log", Self.loop)
        let result = try ArborProcess.run(["--trace", path, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(object["kind"] as? String, "n+1")
        XCTAssertEqual(
            object["request"] as? String,
            "Author.filter(Column(\"countryCode\") == \"FR\").including(all: Author.books)")
        XCTAssertEqual(object["before"] as? Int, 4)
        XCTAssertEqual(object["after"] as? Int, 2)
        XCTAssertEqual(object["lines"] as? [Int], [1, 2, 3, 5])
        // The unreadable line is counted and shown, and is no failure.
        XCTAssertTrue(result.stderr.contains("line 4: unreadable"), result.stderr)
        XCTAssertTrue(result.stderr.contains("1 unreadable line"), result.stderr)
    }

    func testStandardInputAndTextReport() throws {
        let result = try ArborProcess.run(["--trace", "-"], stdin: Self.loop)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix("1. n+1: 3 statements read `book` once per row of `author`"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("fix: Author.filter(Column(\"countryCode\") == \"FR\").including(all: Author.books)")
        )
    }

    func testCleanTraceExitsZeroAndMissingFileTwo() throws {
        let clean = try file(
            "clean.log",
            """
            SELECT * FROM "author"
            SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3)

            """)
        let result = try ArborProcess.run(["--trace", clean])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let missing = try ArborProcess.run(["--trace", directory.appendingPathComponent("none.log").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
        let folder = try ArborProcess.run(["--trace", directory.path])
        XCTAssertEqual(folder.status, 2)
    }

    func testTraceCommandInASession() throws {
        let path = try file("app.log", Self.loop)
        let result = try ArborProcess.run(["-c", ":trace \(path)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("fix: Author.filter(Column(\"countryCode\") == \"FR\").including(all: Author.books)")
        )
    }
}
