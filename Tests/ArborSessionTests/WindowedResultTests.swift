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

final class CappedChildrenTests: XCTestCase {
    /// One author with many books: the window holds the first ones and says how many there are.
    func testToManyChildrenAreCappedPerParentAndCounted() throws {
        let path = try TemporaryDatabase.make("""
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), year INTEGER);
            INSERT INTO author VALUES (1, 'Prolific'), (2, 'Rare'), (3, 'None');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO book SELECT i, 1, 1900 + i FROM n;
            INSERT INTO book VALUES (1001, 2, 2000), (1002, 2, 1999);
            """)
        let session = try Session(path: path)
        guard case .rows(let result)? = session.run("Author.including(all: Author.books.order(Column(\"year\").desc))", fetch: false).last
        else { return XCTFail() }
        let window = try WindowedResult(session: session, plan: result.plan, windowSize: 10, childCap: 20)
        let rows = try window.rows(in: 0..<10)
        XCTAssertEqual(rows.count, 3)
        let books = rows.map { row -> (count: Int, total: Int?, firstYear: DatabaseValue?) in
            guard let child = row.children.first, case .toMany(let list) = child.value else { return (-1, nil, nil) }
            return (list.count, child.totalCount, list.first.flatMap { $0.values.last })
        }
        XCTAssertEqual(books.map(\.count), [20, 2, 0])
        XCTAssertEqual(books.map(\.total), [500, 2, 0])
        XCTAssertEqual(books[0].firstYear, 2400.databaseValue, "the association's ordering applies")
        XCTAssertEqual(books[1].firstYear, 2000.databaseValue)
        XCTAssertEqual(rows[0].children.first?.isTruncated, true)
        XCTAssertEqual(rows[1].children.first?.isTruncated, false)
        // Uncapped, the same request gives every book.
        let whole = try WindowedResult(session: session, plan: result.plan, windowSize: 10, childCap: nil).rows(in: 0..<10)
        if case .toMany(let list)? = whole.first?.children.first?.value { XCTAssertEqual(list.count, 500) } else { XCTFail() }
    }
}
