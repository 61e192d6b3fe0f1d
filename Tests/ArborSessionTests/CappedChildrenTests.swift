import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

final class CappedChildrenTests: XCTestCase {
    /// One author with many books: the window holds the first ones and says how many there are.
    func testToManyChildrenAreCappedPerParentAndCounted() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), year INTEGER);
            INSERT INTO author VALUES (1, 'Prolific'), (2, 'Rare'), (3, 'None');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO book SELECT i, 1, 1900 + i FROM n;
            INSERT INTO book VALUES (1001, 2, 2000), (1002, 2, 1999);
            """)
        let session = try Session(path: path)
        guard
            case .rows(let result)? = session.run(
                "Author.including(all: Author.books.order(Column(\"year\").desc))", fetch: false
            ).last
        else { return XCTFail() }
        let window = try WindowedResult(
            session: session, plan: result.plan, windowSize: 10, childCap: 20)
        let rows = try window.rows(in: 0..<10)
        XCTAssertEqual(rows.count, 3)
        let books = rows.map { row -> (count: Int, total: Int?, firstYear: DatabaseValue?) in
            guard let child = row.children.first, case .toMany(let list) = child.value else {
                return (-1, nil, nil)
            }
            return (list.count, child.totalCount, list.first.flatMap { $0.values.last })
        }
        XCTAssertEqual(books.map(\.count), [20, 2, 0])
        XCTAssertEqual(books.map(\.total), [500, 2, 0])
        XCTAssertEqual(books[0].firstYear, 2400.databaseValue, "the association's ordering applies")
        XCTAssertEqual(books[1].firstYear, 2000.databaseValue)
        XCTAssertEqual(rows[0].children.first?.isTruncated, true)
        XCTAssertEqual(rows[1].children.first?.isTruncated, false)
        // Uncapped, the same request gives every book.
        let whole = try WindowedResult(
            session: session, plan: result.plan, windowSize: 10, childCap: nil
        ).rows(in: 0..<10)
        if case .toMany(let list)? = whole.first?.children.first?.value {
            XCTAssertEqual(list.count, 500)
        } else {
            XCTFail()
        }
    }

    /// ↵ for more: a cut list grows page by page, in the order of the whole list,
    /// and keeps its length when its window is evicted and loaded again.
    func testMoreChildrenComePageByPageInTheListsOrder() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), year INTEGER);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO author SELECT i, 'A' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 130)
            INSERT INTO book SELECT i, 1, 2000 - (i % 7) FROM n;
            """)
        let session = try Session(path: path)
        for (request, name) in [
            ("Author.including(all: Author.books)", "unordered"),
            (
                "Author.including(all: Author.books.order(Column(\"year\"), Column(\"id\").desc))",
                "ordered"
            ),
        ] {
            let plan = try requestPlan(request, session)
            let window = try WindowedResult(
                session: session, plan: plan, windowSize: 10, maximumWindows: 2, childCap: 50)
            func books() throws -> (ids: [Int64], total: Int?) {
                guard let child = try window.row(at: 0)?.children.first,
                    case .toMany(let list) = child.value
                else {
                    return ([], nil)
                }
                return (firstColumnIDs(list), child.totalCount)
            }
            let whole = try WindowedResult(session: session, plan: plan, windowSize: 10, childCap: nil)
                .row(at: 0)
            guard case .toMany(let all)? = whole?.children.first?.value else { return XCTFail(name) }
            let expected = firstColumnIDs(all)
            XCTAssertEqual(expected.count, 130, name)

            XCTAssertEqual(try books().ids, Array(expected.prefix(50)), name)
            XCTAssertEqual(try books().total, 130, name)
            XCTAssertEqual(try window.loadMoreChildren(ofRow: 0, key: "books", count: 40), 40, name)
            XCTAssertEqual(try books().ids, Array(expected.prefix(90)), name)
            // Scrolling far away evicts the first window; coming back keeps the 90 rows.
            _ = try window.rows(in: 30..<40)
            _ = try window.rows(in: 20..<30)
            XCTAssertNil(window.cachedRow(at: 0), "evicted")
            XCTAssertEqual(try books().ids, Array(expected.prefix(90)), name)
            XCTAssertEqual(try window.loadMoreChildren(ofRow: 0, key: "books", count: 1000), 40, name)
            XCTAssertEqual(try books().ids, expected, name)
            XCTAssertEqual(try window.row(at: 0)?.children.first?.isTruncated, false, name)
            XCTAssertEqual(
                try window.loadMoreChildren(ofRow: 0, key: "books"), 0, "nothing more: \(name)")
            XCTAssertEqual(
                try window.loadMoreChildren(ofRow: 1, key: "books"), 0, "author 2 has no books")
        }
    }

    /// A key may spell its columns in another case than the tables declare them.
    func testKeyColumnsCompareAsSQLiteComparesThem() throws {
        let session = try Session(
            path: try TemporaryDatabase.make(
                """
                CREATE TABLE author (Id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorid INTEGER REFERENCES author(ID));
                INSERT INTO author VALUES (1), (2);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
                INSERT INTO book SELECT i, 1 + i % 2 FROM n;
                """))
        let window = try WindowedResult(
            session: session, plan: try requestPlan("Author.including(all: Author.books)", session), childCap: 20)
        let children = try window.rows(in: 0..<2).map { $0.children.first }
        XCTAssertEqual(children.map { $0?.totalCount }, [30, 30])
        XCTAssertEqual(try window.loadMoreChildren(ofRow: 1, key: "books"), 10)
        guard case .toMany(let books)? = try window.row(at: 1)?.children.first?.value else { return XCTFail() }
        XCTAssertEqual(firstColumnIDs(books), Array(stride(from: 1, through: 59, by: 2)))
    }
}
