import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// Helpers shared by the windowed and capped tests.
extension XCTestCase {
    func requestPlan(_ text: String, _ session: Session) throws -> RequestPlan {
        try session.requestResult(text, fetch: false).plan
    }

    func firstColumnIDs(_ rows: [ResultRow]) -> [Int64] {
        rows.compactMap { row in
            guard case .int64(let id)? = row.values.first?.storage else { return nil }
            return id
        }
    }
}

final class WindowedResultTests: XCTestCase {
    /// Windows read in any order give the rows of the whole request, in its order.
    func testWindowsGiveTheWholeResult() throws {
        let session = try Session(path: nil)
        for text in [
            "Book.all()", "Book.order(Column(\"title\"))", "Author.including(all: Author.books)",
            "Book.including(optional: Book.author).filter(Column(\"year\") > 1900)",
            "Book.limit(57, offset: 13)",
        ] {
            let whole = try session.request(requestPlan(text, session), range: nil, single: false, fetch: true)
                .rows
            let windowed = try WindowedResult(
                session: session, plan: requestPlan(text, session), windowSize: 10, maximumWindows: 3)
            // Backwards, to exercise jumps and eviction.
            var rows: [ResultRow] = []
            var start = (whole.count / 10) * 10
            while start >= 0 {
                rows = try windowed.rows(in: start..<(start + 10)) + rows
                start -= 10
            }
            XCTAssertEqual(firstColumnIDs(rows), firstColumnIDs(whole), text)
            XCTAssertEqual(try windowed.rowCount(), whole.count, text)
            XCTAssertLessThanOrEqual(windowed.cachedWindowCount, 3, text)
            if case .toMany(let books)? = whole.first?.children.first?.value,
                case .toMany(let windowedBooks)? = rows.first?.children.first?.value
            {
                XCTAssertEqual(firstColumnIDs(books), firstColumnIDs(windowedBooks), text)
            }
        }
    }

    func testKeysetIsUsedOnlyWhenItGivesTheSameRows() throws {
        let session = try Session(path: nil)
        func keyset(_ text: String) throws -> Keyset? {
            Keyset.of(try requestPlan(text, session), schema: session.environment.schema)
        }
        let byID = Keyset(columns: ["id"], descending: false)
        XCTAssertEqual(try keyset("Book.filter(Column(\"year\") > 1900)"), byID)
        XCTAssertEqual(try keyset("Author.including(all: Author.books)"), byID)
        // Ordered by columns that are never NULL, in one direction: the key breaks ties.
        XCTAssertEqual(
            try keyset("Book.order(Column(\"title\"))"), Keyset(columns: ["title", "id"], descending: false))
        XCTAssertEqual(
            try keyset("Book.order(Column(\"year\")).order(Column(\"title\").desc, Column(\"id\").desc)"),
            Keyset(columns: ["title", "id"], descending: true), "the last order wins")
        XCTAssertNil(try keyset("Book.order(Column(\"year\"))"), "year can be NULL")
        XCTAssertNil(try keyset("Book.order(Column(\"title\"), Column(\"id\").desc)"), "two directions")
        XCTAssertNil(try keyset("Book.order(Column(\"title\").collating(.nocase))"))
        XCTAssertNil(try keyset("Book.order(Column(\"title\")).reversed()"))
        XCTAssertNil(try keyset("Book.limit(3)"))
        XCTAssertNil(try keyset("Table(\"bookTag\").all()"), "a composite key")
    }

    /// Keyset windows of an order with many ties give each row once, in order.
    func testKeysetWindowsOverTiesGiveEachRowOnce() throws {
        let session = try Session(
            path: try TemporaryDatabase.make(
                """
                CREATE TABLE item (id INTEGER PRIMARY KEY, grade TEXT NOT NULL, weight INTEGER NOT NULL);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 503)
                INSERT INTO item SELECT i, char(65 + (i * 7) % 5), i % 3 FROM n;
                """))
        for text in [
            "Item.order(Column(\"grade\"))", "Item.order(Column(\"grade\").desc, Column(\"weight\").desc)",
            "Item.filter(Column(\"weight\") != 1).order(Column(\"weight\"), Column(\"grade\"))",
        ] {
            let plan = try requestPlan(text, session)
            XCTAssertNotNil(Keyset.of(plan, schema: session.environment.schema), text)
            let whole = try session.request(plan, range: nil, single: false, fetch: true).rows
            let windowed = try WindowedResult(session: session, plan: plan, windowSize: 7, maximumWindows: 3)
            let rows = try windowed.rows(in: 0..<1000)
            XCTAssertEqual(rows.count, whole.count, text)
            XCTAssertEqual(Set(firstColumnIDs(rows)).count, whole.count, "no row twice: \(text)")
            XCTAssertEqual(rows.map { $0.values.dropFirst() }, whole.map { $0.values.dropFirst() }, "in order: \(text)")
        }
    }
}
