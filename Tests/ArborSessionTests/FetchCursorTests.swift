import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

/// GRDB's `fetchCursor` iterated to the end, as an app's `while let row = try cursor.next()`
/// does: the same statement and rows as `fetchAll`.
final class FetchCursorTests: XCTestCase {
    func testACursorShowsTheRowsAndStatementOfFetchAll() throws {
        let session = try Session(path: nil)
        for (cursor, all) in [
            ("Author.all().fetchCursor(db)", "Author.all().fetchAll(db)"),
            (
                "Book.filter(Column(\"year\") > 1900).fetchCursor(db)",
                "Book.filter(Column(\"year\") > 1900).fetchAll(db)"
            ),
            ("Book.fetchCursor(db)", "Book.fetchAll(db)"),
            ("Book.fetchCursor(db, keys: [1, 2])", "Book.fetchAll(db, keys: [1, 2])"),
            (
                "Book.fetchCursor(db, sql: \"SELECT * FROM book WHERE id < ?\", arguments: [3])",
                "Book.fetchAll(db, sql: \"SELECT * FROM book WHERE id < ?\", arguments: [3])"
            ),
        ] {
            let fromCursor = try session.requestResult(cursor)
            let fromAll = try session.requestResult(all)
            XCTAssertEqual(fromCursor.mainSQL, fromAll.mainSQL, cursor)
            XCTAssertEqual(fromCursor.rows.count, fromAll.rows.count, cursor)
            XCTAssertGreaterThan(fromCursor.rows.count, 0, cursor)
            XCTAssertFalse(fromCursor.isSingleRow, cursor)
        }
    }

    func testACursorIsNotOfferedOnAnAssociation() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            try session.failure("Author.books.fetchCursor(db)").first?.message,
            "associations have no `fetchCursor`: GRDB offers it on requests only")
    }
}
