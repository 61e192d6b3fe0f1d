import ArborTestSupport
import Foundation
import XCTest

/// Value fetches on the command line (`String.fetchAll(db, …)`, `fetchSet`, `select(_:as:)`)
/// are checked whole, as GRDB checks them, then printed as they are converted again:
/// GRDB's verdict is kept (a NULL in the last row prints nothing) and the output is
/// the same in every format as when the values were held.
final class ValueFetchStreamingTests: XCTestCase {
    /// 3,000 titles of 100 bytes (300 KB: more than one 64 KiB flush of output), then `last`.
    func database(last: String) throws -> String {
        try TemporaryDatabase.make(
            """
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO book SELECT i, printf('%0100d', i) FROM n;
            INSERT INTO book VALUES (3001, \(last));
            """)
    }

    func testANullInTheLastRowOfANonOptionalFetchPrintsNothing() throws {
        let path = try database(last: "NULL")
        for format in ["json", "jsonl", "tree", "table", "csv", "tsv"] {
            for request in [
                "String.fetchAll(db, sql: \"SELECT title FROM book ORDER BY id\")",
                "Book.select(Column(\"title\"), as: String.self).order(Column(\"id\")).fetchAll(db)",
            ] {
                let result = try ArborProcess.run([path, "-c", "try \(request)", "--format", format])
                XCTAssertEqual(result.status, 1, "\(format) \(request)")
                XCTAssertEqual(result.stdout, "", "\(format) \(request)")
                XCTAssertTrue(result.stderr.contains("could not decode String from database value NULL"), result.stderr)
            }
        }
    }

    func testAnOptionalFetchPrintsEveryValueInOrder() throws {
        let path = try database(last: "NULL")
        let result = try ArborProcess.run([
            path, "-c", "try String?.fetchAll(db, sql: \"SELECT title FROM book ORDER BY id\")", "--format", "jsonl",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = (1...3000).map { "\"" + String(repeating: "0", count: 100 - String($0).count) + "\($0)\"" }
        XCTAssertEqual(result.stdout, (expected + ["null"]).map { $0 + "\n" }.joined())
    }

    func testEveryFormatPrintsTheValues() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
            INSERT INTO book VALUES (1, 'Moby-Dick', 1851), (2, 'Typee', 1846), (3, 'Moby-Dick', NULL);
            """)
        let request = "try String.fetchAll(db, sql: \"SELECT title FROM book ORDER BY id\")"
        let expected: [String: String] = [
            "json": "[\n\"Moby-Dick\",\n\"Typee\",\n\"Moby-Dick\"\n]\n",
            "jsonl": "\"Moby-Dick\"\n\"Typee\"\n\"Moby-Dick\"\n",
            "csv": "title\nMoby-Dick\nTypee\nMoby-Dick\n",
            "tsv": "title\nMoby-Dick\nTypee\nMoby-Dick\n",
        ]
        for (format, output) in expected {
            let result = try ArborProcess.run([path, "-c", request, "--format", format])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, output, format)
        }
        for format in ["tree", "table"] {
            let result = try ArborProcess.run([path, "-c", request, "--format", format])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout.components(separatedBy: "Moby-Dick").count - 1, 2, result.stdout)
            XCTAssertEqual(result.stdout.components(separatedBy: "Typee").count - 1, 1, result.stdout)
        }
        // `fetchSet`: equal values once, the first of them where it came.
        let set = try ArborProcess.run([
            path, "-c", "try String.fetchSet(db, sql: \"SELECT title FROM book ORDER BY id\")", "--format", "json",
        ])
        XCTAssertEqual(set.stdout, "[\n\"Moby-Dick\",\n\"Typee\"\n]\n", set.stderr)
        let empty = try ArborProcess.run([
            path, "-c", "try Int.fetchAll(db, sql: \"SELECT year FROM book WHERE id > 3\")", "--format", "json",
        ])
        XCTAssertEqual(empty.stdout, "[]\n", empty.stderr)
        let optional = try ArborProcess.run([
            path, "-c", "try Int?.fetchAll(db, sql: \"SELECT year FROM book ORDER BY id\")", "--format", "json",
        ])
        XCTAssertEqual(optional.stdout, "[\n1851,\n1846,\nnull\n]\n", optional.stderr)
        let one = try ArborProcess.run([
            path, "-c", "try Int.fetchOne(db, sql: \"SELECT year FROM book ORDER BY id\")", "--format", "json",
        ])
        XCTAssertEqual(one.stdout, "1851\n", one.stderr)
    }
}
