import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// The answers of `exists`, `isEmpty` and value fetches in the terminal interface:
/// a Bool shows in the notice with the statement GRDB ran in the SQL pane; values
/// show as rows of one column.
final class FetchAnswerTests: XCTestCase {
    private func lines(after text: String) throws -> [String] {
        let state = try Fixtures.state(after: text, width: 120, height: 24, walk: false)
        return View.render(state).buffer.text.split(separator: "\n").map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
    }

    func testExistsAndIsEmptyShowTheirAnswerAndTheirStatement() throws {
        let exists = try lines(after: "try Book.exists(db, key: 1)")
        XCTAssertEqual(exists.last, "true")
        XCTAssertTrue(exists.contains(#"app main SELECT EXISTS (SELECT * FROM "book" WHERE "id" = 1)"#), "\(exists)")
        let empty = try lines(after: "try Book.filter(Column(\"year\") > 3000).isEmpty(db)")
        XCTAssertEqual(empty.last, "true")
        let notEmpty = try lines(after: "try Book.all().isEmpty(db)")
        XCTAssertEqual(notEmpty.last, "false")
    }

    func testValuesShowAsRowsOfOneColumn() throws {
        let lines = try lines(
            after: #"try String.fetchAll(db, Book.select(Column("title")).order(Column("id")).limit(2))"#)
        XCTAssertTrue(lines[1].hasSuffix(#"│  book  title:"Kara Kitap""#), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(#"│  book  title:"Les Précieuses ridicules""#), lines[2])
        XCTAssertTrue(lines.contains(#"app main SELECT "title" FROM "book" ORDER BY "id" LIMIT 2"#), "\(lines)")
    }
}
