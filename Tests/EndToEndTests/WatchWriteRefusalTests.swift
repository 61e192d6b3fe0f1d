import ArborTestSupport
import Foundation
import XCTest

/// `--watch` only reads: with `--write`, or when the statement it would re-run
/// is a `:command` (a write above all) or a `let`, it refuses before anything
/// runs, with status 2, and the file's bytes (and its folder) are as they were.
final class WatchWriteRefusalTests: XCTestCase {
    func testAWriteIsRefusedBeforeAnythingRuns() throws {
        let database = try ShellDatabase(
            "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 5);")
        defer { database.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: database.folder.path)
        let insert = ":sql INSERT INTO counter VALUES (2, 6) RETURNING *"
        let cases: [(arguments: [String], message: String)] = [
            (["--write", "-c", insert], "arbor: --watch only reads: leave out --write (nothing was run)\n"),
            (
                ["--write", "-c", insert, "-c", "Counter.all()"],
                "arbor: --watch only reads: leave out --write (nothing was run)\n"
            ),
            (
                ["-c", insert],
                "arbor: --watch re-runs a request after each commit: `:sql` is not one (nothing was run)\n"
            ),
            (
                ["-c", "Counter.all()", "-c", "let x = Counter.all()"],
                "arbor: --watch re-runs a request: the last -c must be one, such as `Author.including(all: Author.books)` (nothing was run)\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try ArborProcess.run([database.path, "--watch", "--format", "json"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database.path)), bytes, "\(arguments)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: database.folder.path), files)
        }
        XCTAssertEqual(try database.json("SELECT * FROM counter").filter { !$0.isWhitespace }, #"[{"id":1,"n":5}]"#)
    }
}
