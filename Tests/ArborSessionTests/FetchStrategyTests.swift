import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

/// How a statement is fetched is one value, decided once from its validated plan
/// (`FetchStrategy`), carried by its result (`CheckedRequest`), and every output path
/// (streams, JSON, values, windows, the app's statements) follows it.
final class FetchStrategyTests: XCTestCase {
    static let authorName = "struct AuthorName: Decodable, FetchableRecord { var name: String }"

    private func result(_ session: Session, _ text: String) throws -> RequestResult {
        let outcome = session.run(text, fetch: false).last
        guard case .rows(let result)? = outcome else {
            throw ArborError("`\(text)` gives no rows: \(String(describing: outcome))")
        }
        return result
    }

    static let string = FetchedValueType(name: "String", isOptional: false)
    static let optionalString = FetchedValueType(name: "String", isOptional: true)

    /// Each kind of statement and its strategy.
    static let statements: [(text: String, strategy: FetchStrategy)] = [
        ("Author.all()", .steppedRows),
        ("Author.including(required: Author.country)", .steppedRows),
        ("Author.including(all: Author.books)", .prefetchedRows),
        ("Book.including(optional: Book.author.including(all: Author.books))", .prefetchedRows),
        ("try Row.fetchAll(db, sql: \"SELECT * FROM author\")", .rawRows),
        ("try Author.all().fetchSet(db)", .distinctRows(prefetches: false)),
        ("try Author.including(all: Author.books).fetchSet(db)", .distinctRows(prefetches: true)),
        ("try Author.fetchSet(db, sql: \"SELECT * FROM author\")", .distinctRows(prefetches: false)),
        ("try String.fetchAll(db, Author.select(Column(\"name\")))", .values(string, distinct: false)),
        ("try String?.fetchSet(db, Author.select(Column(\"name\")))", .values(optionalString, distinct: true)),
        ("try String.fetchAll(db, sql: \"SELECT name FROM author\")", .values(string, distinct: false)),
        (
            "try String.fetchAll(db, Author.select(Column(\"name\"), Column(\"id\")).including(all: Author.books))",
            .values(string, distinct: false)
        ),
        ("try AuthorName.fetchAll(db, Author.all())", .decoded(typePath: "AuthorName", prefetches: false)),
        (
            "try AuthorName.fetchAll(db, Author.including(all: Author.books))",
            .decoded(typePath: "AuthorName", prefetches: true)
        ),
    ]

    func testEachKindOfStatementHasItsStrategy() throws {
        let session = try DemoSession.make()
        _ = session.run(Self.authorName)
        for (text, strategy) in Self.statements {
            let result = try result(session, text)
            XCTAssertEqual(result.strategy, strategy, text)
            XCTAssertEqual(result.checked, try session.checked(result.plan, range: nil), text)
        }
    }

    /// GRDB runs prefetch statements for the rows it prefetches for, fetched whole,
    /// decoded or distinct; a value fetch reads the main statement alone.
    func testTheStrategySaysWhetherGRDBPrefetches() throws {
        let session = try DemoSession.make()
        _ = session.run(Self.authorName)
        for (text, strategy) in Self.statements {
            let result = try result(session, text)
            let statements = try session.appStatements(result.checked, single: false)
            XCTAssertEqual(strategy.runsPrefetches, statements.count > 1, "\(text): \(statements.map(\.label))")
        }
    }

    /// The JSON of the columns as the statement steps is for rows nothing converts,
    /// decodes, compares or prefetches: stepped rows and raw SQL rows, and no others.
    func testJSONFromTheColumnsFollowsTheStrategy() throws {
        let session = try DemoSession.make()
        _ = session.run(Self.authorName)
        for (text, strategy) in Self.statements {
            let result = try result(session, text)
            var bytes: [UInt8] = []
            let written = try session.streamJSON(result.checked) { bytes.append(contentsOf: $0) }
            XCTAssertEqual(written, strategy == .steppedRows || strategy == .rawRows, text)
            XCTAssertEqual(written, !bytes.isEmpty, text)
            if written { XCTAssertTrue(String(decoding: bytes, as: UTF8.self).hasPrefix("[\n{"), text) }
        }
    }

    /// Values are streamed as values only for a value fetch; the JSON straight from
    /// the column only where GRDB's `Set` does not have to compare them.
    func testValuePathsFollowTheStrategy() throws {
        let session = try DemoSession.make()
        _ = session.run(Self.authorName)
        for (text, strategy) in Self.statements {
            let result = try result(session, text)
            var values = 0
            if case .values = strategy {
                try session.streamValues(result.checked, checked: false) { _, _ in values += 1 }
                XCTAssertGreaterThan(values, 0, text)
            } else {
                XCTAssertThrowsError(try session.streamValues(result.checked, checked: false) { _, _ in }, text)
            }
            let written = try session.streamValuesJSON(result.checked) { _ in }
            XCTAssertEqual(written, strategy == .values(Self.string, distinct: false), text)
        }
    }

    /// Streaming a checked request gives the rows its strategy fetches, the same as
    /// fetching it whole: a cursor, pages of prefetched rows, raw rows, distinct rows,
    /// values, or decoded rows.
    func testEveryStrategyStreamsTheRowsOfTheWholeFetch() throws {
        let session = try DemoSession.make()
        _ = session.run(Self.authorName)
        for (text, _) in Self.statements {
            let result = try result(session, text)
            var streamed: [ResultRow] = []
            try session.stream(result.checked, range: nil, pageSize: 3) { streamed.append($0) }
            let whole = try session.request(result.checked, range: nil, single: false, fetch: true)
            XCTAssertFalse(whole.rows.isEmpty, text)
            XCTAssertEqual(streamed.map(\.values), whole.rows.map(\.values), text)
            XCTAssertEqual(streamed.map { $0.children.count }, whole.rows.map { $0.children.count }, text)
        }
    }

    /// The terminal's windows follow the strategy of the root rows: prefetched rows are
    /// fetched whole a window at a time, with GRDB's prefetch statements in the log.
    func testWindowsFollowTheStrategy() throws {
        let session = try DemoSession.make()
        let prefetched = try result(session, "Author.including(all: Author.books)")
        let window = try WindowedResult(session: session, checked: prefetched.checked, windowSize: 2, childCap: nil)
        XCTAssertEqual(window.checked, prefetched.checked)
        let rows = try window.rows(in: 0..<4)
        XCTAssertEqual(rows.count, 4)
        XCTAssertTrue(rows.allSatisfy { $0.children.contains { $0.key == "books" } })
        let statements = window.log.snapshot.statements
        XCTAssertTrue(statements.contains { $0.sql.contains("\"book\"") }, "\(statements.map(\.sql))")
    }

    /// Checking a plan is its one validation: a plan GRDB would trap on is refused
    /// there, located, and gives no request to fetch.
    func testCheckingRefusesWhatGRDBTrapsOn() throws {
        let session = try DemoSession.make()
        let plan = RequestPlan(table: "author", operations: [.select([])])
        XCTAssertThrowsError(try session.checked(plan, range: SourceRange(2, 5))) { error in
            XCTAssertEqual((error as? ArborError)?.message, "`select` needs at least one column")
            XCTAssertEqual((error as? ArborError)?.range, SourceRange(2, 5))
        }
    }
}
