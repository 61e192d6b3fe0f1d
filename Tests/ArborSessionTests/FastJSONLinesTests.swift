import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

/// `jsonl` through the C-level JSON path, for the query interface and raw SQL rows:
/// exactly what the row-based writer writes, one object a line.
final class FastJSONLinesTests: XCTestCase {
    func testFastLinesMatchRowJSONLines() throws {
        let path = try TemporaryDatabase.make(
            """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT, score REAL, photo BLOB);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            INSERT INTO author VALUES (1, 'Zoë "Z" \\ ''q''', 1.5, x'00FF10'), (2, 'tab	nl
            esc' || char(27), -0.0, NULL), (3, '村上 😀', 1e300, x'');
            INSERT INTO book VALUES (1, 1, 'One'), (2, 2, 'Two'), (3, NULL, 'Three'), (4, 9, CAST(x'41FF42' AS TEXT));
            """)
        let session = try Session(path: path)
        let requests = [
            "Author.all()",
            "Book.including(optional: Book.author)",
            "try Row.fetchAll(db, sql: \"SELECT *, title AS title FROM book\")",
            "try Row.fetchAll(db, sql: \"SELECT * FROM author WHERE id > 10\")",
        ]
        for text in requests {
            let result = try session.requestResult(text, fetch: false)
            var fast: [UInt8] = []
            XCTAssertTrue(try session.streamJSON(result.plan, lines: true) { fast.append(contentsOf: $0) }, text)
            var slow = JSONWriter()
            try session.stream(result.plan, range: nil) { row in
                slow.write(row)
                slow.append("\n")
            }
            XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: slow.bytes, as: UTF8.self), text)
            XCTAssertEqual(fast.isEmpty, text.contains("id > 10"), text)
        }
    }
}
