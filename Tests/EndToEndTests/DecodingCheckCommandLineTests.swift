import ArborTestSupport
import Foundation
import XCTest

/// Issue 12 through the real binary: a decoding check's verdict and a pitfall's
/// warning go to standard error, the rows to standard output.
final class DecodingCheckCommandLineTests: XCTestCase {
    func testAPitfallWarnsOnStandardErrorAndTheRowsShow() throws {
        let result = try ArborProcess.run([
            "-c",
            "Author.select(Column(\"id\")).annotated(with: Author.books.sum(Column(\"price\")), Author.paintings.count).filter(key: 1)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "author id:1 bookPriceSum:779.1999999999995 paintingCount:4\n")
        XCTAssertEqual(
            result.stderr,
            """
            warning: `Author.books.sum(…)` is computed over a join that also joins `Author.paintings` (to-many): each of its rows is added once per row of that association (groue/GRDB.swift#777)
              compute it in a request of its own, `annotated(with: Author.books.sum(…))` with no other to-many association

            """)
    }

    func testATypeThatDoesNotDecodeFailsWithTheFix() throws {
        let result = try ArborProcess.run([
            "-c", "struct BookInfo: Decodable, FetchableRecord { var book: Book; var translator: Author }",
            "-c", "try BookInfo.fetchOne(db, Book.including(optional: Book.translator).filter(key: 1))",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "error: `BookInfo.fetchOne` fails on row 1, decoding `BookInfo.translator.id` (<input 1>:1:67): GRDB throws could not decode Int64 from database value NULL"
            ), result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "  this row has no `translator` (all its columns are NULL: an optional include): declare `var translator: Author?`\n"
            ), result.stderr)
    }
}
