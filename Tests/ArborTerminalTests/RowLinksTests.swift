import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// References both ways (issue 13, item 2; issue 21, item 9): a row's links in the
/// children pane, each foreign key once by its direction, their capped counts, and
/// the requests a jump puts in the history (landing on the rows the link names).
final class RowLinksTests: XCTestCase {
    /// Opens the children pane on the first root row of `text` and feeds it the
    /// counts the worker would post, counted by `session`.
    func openLinks(after text: String, in session: Session? = nil) throws -> (AppState, [Effect]) {
        var state = try Fixtures.state(after: text, width: 140, height: 40, in: session)
        let effects = state.update(.key(.right))
        let session = try session ?? Fixtures.demo()
        for case .countLinks(let requests) in effects {
            for request in requests {
                _ = state.update(.linkCounted(request: request, count: try? session.cappedCount(of: request)))
            }
        }
        return (state, effects)
    }

    func sqlCount(_ sql: String) throws -> Int {
        try Fixtures.demo().database.read { db in try XCTUnwrap(Int.fetchOne(db, sql: sql)) }
    }

    func testFromABookItsAuthorForwardWithItsRequest() throws {
        let (state, effects) = try openLinks(after: "Book.filter(id: 1)")
        XCTAssertEqual(state.focus, .children)
        let links = try XCTUnwrap(state.links?.links)
        let author = try XCTUnwrap(links.first { $0.isForward && $0.label == "Book.author" })
        let authorId = try sqlCount("SELECT authorId FROM book WHERE id = 1")
        XCTAssertEqual(author.request, "Author.filter(id: \(authorId))")
        XCTAssertEqual(author.count, CappedCount(count: 1, cap: 10_000))
        // One count effect, for this row only.
        XCTAssertEqual(effects.filter { if case .countLinks = $0 { true } else { false } }.count, 1)
    }

    func testFromAnAuthorEverythingPointingAtAuthorsWithSQLCounts() throws {
        let (state, _) = try openLinks(after: "Author.filter(id: 1)")
        let links = try XCTUnwrap(state.links?.links)
        let backward = links.filter { $0.direction == .backward }.map(\.label)
        // Each foreign key to author once, from the author's side: no `Book.author` beside `Author.books…`.
        XCTAssertEqual(backward, ["Author.booksAsTranslator", "Author.booksAsAuthor", "Author.paintings"])
        // Its `postalAddressId` is NULL: listed, with no postal address to land on.
        XCTAssertEqual(try sqlCount("SELECT postalAddressId IS NULL FROM author WHERE id = 1"), 1)
        XCTAssertEqual(links.filter(\.isForward).map(\.label), ["Author.postalAddress", "Author.country"])
        XCTAssertEqual(links.filter(\.isForward).map(\.isNullKey), [true, false])
        func count(_ label: String) throws -> Int? {
            try XCTUnwrap(links.first { $0.label == label }).count?.count
        }
        XCTAssertEqual(
            try count("Author.booksAsAuthor"), try sqlCount("SELECT COUNT(*) FROM book WHERE authorId = 1"))
        XCTAssertEqual(
            try count("Author.paintings"), try sqlCount("SELECT COUNT(*) FROM painting WHERE authorId = 1"))
        XCTAssertEqual(
            try count("Author.booksAsTranslator"), try sqlCount("SELECT COUNT(*) FROM book WHERE translatorId = 1"))
        XCTAssertEqual(
            try count("Author.country"),
            try sqlCount(
                "SELECT COUNT(*) FROM country JOIN author ON author.countryCode = country.code AND author.id = 1"))
    }

    /// Selects the link labelled `label` in the children pane.
    func select(_ label: String, forward: Bool, in state: inout AppState) throws {
        let links = try XCTUnwrap(state.links?.links)
        let index = try XCTUnwrap(links.firstIndex { $0.label == label && $0.isForward == forward })
        let source = try XCTUnwrap(state.results?.source)
        let node = try XCTUnwrap(state.miller?.current?.node)
        let listing = state.childListing(source, node)
        let entry = try XCTUnwrap((0..<listing.count).first { listing.entry(at: $0)?.link == index })
        state.miller?.select(entry, count: listing.count, height: 30)
    }

    func testAJumpRunsItsRequestAndPutsItInTheHistory() throws {
        var (state, _) = try openLinks(after: "Author.filter(id: 1)")
        try select("Author.paintings", forward: false, in: &state)
        // `y` copies the request of the selected link.
        XCTAssertEqual(
            state.update(.key(.character("y"))),
            [.copy(text: #"Painting.filter(Column("authorId") == 1)"#, what: "the request")])
        let effects = state.update(.key(.right))
        guard case .run(let text, _)? = effects.last else { return XCTFail("\(effects)") }
        XCTAssertEqual(text, #"Painting.filter(Column("authorId") == 1)"#)
        XCTAssertEqual(state.history.entries.last, text)
        XCTAssertEqual(state.focus, .results)
        // Forward, from the same row.
        var (again, _) = try openLinks(after: "Author.filter(id: 1)")
        try select("Author.country", forward: true, in: &again)
        guard case .run(let forward, _)? = again.update(.key(.enter)).last else { return XCTFail() }
        let code = try Fixtures.demo().database.read { db in
            try XCTUnwrap(String.fetchOne(db, sql: "SELECT countryCode FROM author WHERE id = 1"))
        }
        XCTAssertEqual(forward, "Country.filter(id: \"\(code)\")")
        XCTAssertEqual(again.history.entries.suffix(2), ["Author.filter(id: 1)", forward])
    }

    func testTheChildrenPaneListsTheLinksWithTheirCounts() throws {
        let (state, _) = try openLinks(after: "Author.filter(id: 1)")
        let screen = View.render(state).buffer.text
        let paintings = try sqlCount("SELECT COUNT(*) FROM painting WHERE authorId = 1")
        let books = try sqlCount("SELECT COUNT(*) FROM book WHERE authorId = 1")
        XCTAssertTrue(screen.contains("← Author.paintings  \(paintings)"), screen)
        XCTAssertTrue(screen.contains("← Author.booksAsAuthor  \(books)"), screen)
        XCTAssertTrue(screen.contains("→ Author.country  1"), screen)
        XCTAssertFalse(screen.contains("Painting.author"), screen)
    }

    func testCountsStopAtTheCap() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            INSERT INTO parent VALUES (1);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10050)
            INSERT INTO child SELECT i, 1 FROM n;
            """)
        let session = try Session(path: path)
        let (state, _) = try openLinks(after: "Parent.all()", in: session)
        let link = try XCTUnwrap(state.links?.links.first { !$0.isForward && $0.label == "Parent.children" })
        XCTAssertEqual(link.count, CappedCount(count: 10_001, cap: 10_000))
        XCTAssertEqual(RowLinks.countText(link), "10,000+")
        XCTAssertTrue(View.render(state).buffer.text.contains("← Parent.children  10,000+"))
    }

    func testARowKeyedByItsRowidHasNoLinks() throws {
        let row = ResultRow(names: ["name"], values: ["x".databaseValue], children: [])
        XCTAssertNil(RowLinks.keyArguments(row: row, primaryKey: ["rowid"]))
        let composite = ResultRow(
            names: ["a", "b"], values: [1.databaseValue, "it's \"x\"".databaseValue], children: [])
        XCTAssertEqual(
            RowLinks.keyArguments(row: composite, primaryKey: ["a", "b"]), #"key: ["a": 1, "b": "it's \"x\""]"#)
    }

    func testANewResultListsItsOwnRowsLinks() throws {
        var (state, _) = try openLinks(after: "Book.filter(id: 1)")
        XCTAssertEqual(state.links?.links.first?.label.hasPrefix("Book."), true)
        _ = state.update(.key(.escape))
        for c in "Author.filter(id: 2)" { _ = state.update(.key(.character(c))) }
        guard case .run(let text, let generation)? = state.update(.key(.enter)).last else { return XCTFail() }
        let session = try Fixtures.demo()
        _ = state.update(
            .finished(generation: generation, outcomes: session.run(text), environment: session.environment, elapsed: 0)
        )
        XCTAssertNil(state.links)
        _ = state.update(.key(.escape))
        let effects = state.update(.key(.right))
        XCTAssertEqual(
            state.links?.links.first { !$0.isForward && $0.label == "Author.paintings" }?.request,
            #"Painting.filter(Column("authorId") == 2)"#)
        guard case .countLinks(let requests)? = effects.last else { return XCTFail("\(effects)") }
        // Every link with a key is counted; a NULL key names nothing to count.
        XCTAssertEqual(requests.count, state.links?.links.filter { !$0.isNullKey }.count)
    }

    /// Odd table names and a text key with quotes: the requests still parse and count.
    func testOddNamesAndQuotedKeysMakeRequestsThatRun() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE "a.b"(code TEXT PRIMARY KEY);
            CREATE TABLE "my kid"(id INTEGER PRIMARY KEY, pid TEXT REFERENCES "a.b"(code));
            INSERT INTO "a.b" VALUES ('it''s "x"\\');
            INSERT INTO "my kid" VALUES (1, 'it''s "x"\\'), (2, 'it''s "x"\\'), (3, NULL);
            """)
        let session = try Session(path: path)
        let (state, _) = try openLinks(after: #"Table("a.b").all()"#, in: session)
        let links = try XCTUnwrap(state.links?.links)
        XCTAssertEqual(
            links.map(\.request),
            [#"MyKid.filter(Column("pid") == "it's \"x\"\\")"#])
        XCTAssertEqual(links.map(\.count), [CappedCount(count: 2, cap: 10_000)])
    }

    func testACompositeKeyIsFilteredByKey() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE p(a INTEGER, b TEXT, PRIMARY KEY(a, b));
            CREATE TABLE k(id INTEGER PRIMARY KEY, pa INTEGER, pb TEXT, FOREIGN KEY(pa, pb) REFERENCES p(a, b));
            INSERT INTO p VALUES (1, 'x'), (1, 'y');
            INSERT INTO k VALUES (1, 1, 'x'), (2, 1, 'x'), (3, 1, 'y');
            """)
        let session = try Session(path: path)
        let (state, _) = try openLinks(after: "P.all()", in: session)
        let links = try XCTUnwrap(state.links?.links)
        XCTAssertEqual(
            links.map(\.request),
            [#"K.filter(Column("pa") == 1 && Column("pb") == "x")"#])
        XCTAssertEqual(links.map(\.count?.count), [2])
    }
}
