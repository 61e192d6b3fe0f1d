import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// The C-level JSON path writes exactly what the row-based writer writes.
final class FastJSONTests: XCTestCase {
    func testFastPathMatchesRowJSON() throws {
        // Dangling keys on purpose (country 'XX'): foreign key checks off.
        let path = try TemporaryDatabase.make(
            """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code), score REAL, photo BLOB);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, grdb_hidden INTEGER);
            INSERT INTO country VALUES ('FR', 'France'), ('JP', '日本');
            INSERT INTO author VALUES (1, 'Zoë "Z" \\ ''q''', 'FR', 1.5, x'00FF10'), (2, 'tab	nl
            esc' || char(27) || '[31m', NULL, -0.0, NULL), (3, '村上 😀', 'JP', 1e300, x''), (4, NULL, 'XX', 9007199254740993, NULL);
            INSERT INTO book VALUES (1, 1, 'One', 7), (2, 2, 'Two', 8), (3, NULL, 'Three', 9), (4, 3, CAST(x'41FF42' AS TEXT), 10);
            """)
        let session = try Session(path: path)
        let requests = [
            "Author.all()",
            "Book.including(optional: Book.author.including(optional: Author.country))",
            "Book.including(required: Book.author.select(Column(\"name\"))).order(Column(\"id\").desc)",
            "Author.annotated(with: Column(\"score\") * 2).including(optional: Author.country.forKey(\"land\"))",
            "Book.filter(Column(\"id\") > 100)",
        ]
        for text in requests {
            let result = try session.requestResult(text, fetch: false)
            var fast: [UInt8] = []
            XCTAssertTrue(try session.streamJSON(result.plan) { fast.append(contentsOf: $0) }, text)
            var slow = JSONWriter()
            var count = 0
            try session.stream(result.plan, range: nil) { row in
                slow.append(count == 0 ? "[\n" : ",\n")
                slow.write(row)
                count += 1
            }
            slow.append(count == 0 ? "[]\n" : "\n]\n")
            XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: slow.bytes, as: UTF8.self), text)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(fast)), text)
        }
    }
}
