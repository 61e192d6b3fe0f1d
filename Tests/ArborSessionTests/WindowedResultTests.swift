import ArborCore
import GRDB
import XCTest

@testable import ArborSession

final class WindowedResultTests: XCTestCase {
    func plan(_ text: String, _ session: Session) throws -> RequestPlan {
        guard case .rows(let result)? = session.run(text, fetch: false).last else { throw ArborError("not a request") }
        return result.plan
    }

    func ids(_ rows: [ResultRow]) -> [Int64] {
        rows.compactMap { row in
            guard case .int64(let id)? = row.values.first?.storage else { return nil }
            return id
        }
    }

    /// Windows read in any order give the rows of the whole request, in its order.
    func testWindowsGiveTheWholeResult() throws {
        let session = try Session(path: nil)
        for text in [
            "Book.all()", "Book.order(Column(\"title\"))", "Author.including(all: Author.books)",
            "Book.including(optional: Book.author).filter(Column(\"year\") > 1900)", "Book.limit(57, offset: 13)",
        ] {
            let whole = try session.request(plan(text, session), range: nil, single: false, fetch: true).rows
            let windowed = try WindowedResult(session: session, plan: plan(text, session), windowSize: 10, maximumWindows: 3)
            // Backwards, to exercise jumps and eviction.
            var rows: [ResultRow] = []
            var start = (whole.count / 10) * 10
            while start >= 0 {
                rows = try windowed.rows(in: start..<(start + 10)) + rows
                start -= 10
            }
            XCTAssertEqual(ids(rows), ids(whole), text)
            XCTAssertEqual(try windowed.rowCount(), whole.count, text)
            XCTAssertLessThanOrEqual(windowed.cachedWindowCount, 3, text)
            if case .toMany(let books)? = whole.first?.children.first?.value,
                case .toMany(let windowedBooks)? = rows.first?.children.first?.value
            {
                XCTAssertEqual(ids(books), ids(windowedBooks), text)
            }
        }
    }

    func testKeysetIsUsedOnlyWhenItGivesTheSameRows() throws {
        let session = try Session(path: nil)
        let schema = session.environment.schema
        XCTAssertEqual(WindowedResult.keysetColumn(try plan("Book.filter(Column(\"year\") > 1900)", session), schema: schema), "id")
        XCTAssertEqual(WindowedResult.keysetColumn(try plan("Author.including(all: Author.books)", session), schema: schema), "id")
        XCTAssertNil(WindowedResult.keysetColumn(try plan("Book.order(Column(\"title\"))", session), schema: schema))
        XCTAssertNil(WindowedResult.keysetColumn(try plan("Book.limit(3)", session), schema: schema))
        XCTAssertNil(WindowedResult.keysetColumn(try plan("Table(\"bookTag\").all()", session), schema: schema))
    }
}
