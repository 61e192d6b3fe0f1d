import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

// Record types as an app would declare them for the demo library.
private struct Author: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
}
private struct Book: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Author.self, using: ForeignKey(["authorId"]))
    static let prizes = hasMany(Prize.self)
    static let bookTags = hasMany(BookTag.self)
    static let tags = hasMany(Tag.self, through: bookTags, using: BookTag.tag)
}
private struct Prize: TableRecord { static let databaseTableName = "prize" }
private struct Tag: TableRecord { static let databaseTableName = "tag" }
private struct BookTag: TableRecord {
    static let databaseTableName = "bookTag"
    static let tag = belongsTo(Tag.self)
}

/// What the app would run for a request is what GRDB runs for the same Swift
/// request: main statement, then each prefetch, in order, arguments inlined.
final class AppStatementsTests: XCTestCase {
    /// The SELECTs GRDB runs to fetch `request` (`fetchOne` when `single`), as traced.
    func grdbStatements<T>(_ request: QueryInterfaceRequest<T>, single: Bool = false) throws -> [String] {
        var statements: [String] = []
        try ParityChecking.session().database.read { db in
            _ = try Row.fetchAll(db, request.limit(0))  // the schema is read before tracing
            db.trace(options: .profile) { event in
                if case .profile(let statement, _) = event, statement.sql.hasPrefix("SELECT"),
                    !statement.sql.contains("sqlite_master")
                {
                    statements.append(statement.expandedSQL)
                }
            }
            defer { db.trace(options: [], nil) }
            if single { _ = try Row.fetchOne(db, request) } else { _ = try Row.fetchAll(db, request) }
        }
        return statements
    }

    func appStatements(_ text: String, single: Bool = false) throws -> [CapturedStatement] {
        let session = try ParityChecking.session()
        guard case .rows(let result)? = session.run(text, fetch: false).last else {
            XCTFail("no request: \(text)")
            return []
        }
        return try session.appStatements(result.plan, single: single)
    }

    func testARequestWithoutPrefetchIsItsMainStatementAndFetchesNothing() throws {
        let statements = try appStatements("Book.filter(Column(\"year\") < 1700)")
        XCTAssertEqual(statements.map(\.label), ["main"])
        XCTAssertEqual(statements.map(\.sql), try grdbStatements(Book.filter(Column("year") < 1700)))
    }

    func testPrefetchesAreGRDBsOwnInOrderWithTheirKeys() throws {
        let statements = try appStatements("Author.including(all: Author.books).limit(3)")
        XCTAssertEqual(statements.map(\.label), ["main", "prefetch books"])
        XCTAssertEqual(statements.map(\.sql), try grdbStatements(Author.including(all: Author.books).limit(3)))

        let nested = try appStatements(
            "Author.filter(key: 10).including(all: Author.books.including(all: Book.prizes)).including(all: Author.books.forKey(\"again\"))"
        )
        XCTAssertEqual(nested.map(\.label), ["main", "prefetch books", "prefetch prizes", "prefetch again"])
        XCTAssertEqual(
            nested.map(\.sql),
            try grdbStatements(
                Author.filter(key: 10).including(all: Author.books.including(all: Book.prizes))
                    .including(all: Author.books.forKey("again"))))

        let through = try appStatements("Book.filter(key: 1).including(all: Book.tags)")
        // GRDB names a through association by its path.
        XCTAssertEqual(through.map(\.label), ["main", "prefetch bookTags.tags"])
        XCTAssertEqual(through.map(\.sql), try grdbStatements(Book.filter(key: 1).including(all: Book.tags)))
    }

    func testFetchOnePrefetchesForItsOneRow() throws {
        let statements = try appStatements("Author.including(all: Author.books).fetchOne()", single: true)
        XCTAssertEqual(statements.map(\.label), ["main", "prefetch books"])
        XCTAssertEqual(
            statements.map(\.sql), try grdbStatements(Author.including(all: Author.books), single: true))
        XCTAssertTrue(statements[0].sql.hasSuffix("LIMIT 1"), statements[0].sql)

        // The key paths come from the same one row, at the request's offset.
        let offset = try appStatements(
            "Author.including(all: Author.books.including(all: Book.tags)).limit(2, offset: 3).fetchOne()",
            single: true)
        XCTAssertEqual(offset.map(\.label), ["main", "prefetch books", "prefetch bookTags.tags"])
        XCTAssertEqual(
            offset.map(\.sql),
            try grdbStatements(
                Author.including(all: Author.books.including(all: Book.tags)).limit(2, offset: 3), single: true))
        let none = try appStatements("Author.including(all: Author.books).limit(0).fetchOne()", single: true)
        XCTAssertEqual(none.map(\.label), ["main"])
    }

    /// fetchOne has one parent: a table of any size is not refused.
    func testFetchOneIsNeverRefusedForItsTableSize() throws {
        let session = try ParityChecking.session()
        let result = try session.requestResult("Book.including(all: Book.prizes).fetchOne()", fetch: false)
        let statements = try session.appStatements(result.plan, single: true, parentLimit: 10)
        XCTAssertEqual(statements.map(\.label), ["main", "prefetch prizes"])
    }

    /// The expected outputs of `--format sql --prefetch` (SQLPrefetchTests, through the
    /// binary) are, line for line, the statements GRDB runs for the same Swift requests.
    func testThePrefetchFixturesAreGRDBsStatements() throws {
        let cases: [(String, [[String]])] = [
            ("authors-books", [try grdbStatements(Author.including(all: Author.books))]),
            (
                "nested",
                [
                    try grdbStatements(
                        Author.filter(keys: [1, 2]).including(all: Author.books.including(all: Book.prizes)))
                ]
            ),
            (
                "through",
                [
                    try grdbStatements(
                        Author.filter(keys: [2, 3]).including(
                            all: Author.books.including(all: Book.tags).including(all: Book.prizes)))
                ]
            ),
            (
                "to-one",
                [try grdbStatements(Book.filter(key: 1).including(required: Book.author.including(all: Author.books)))]
            ),
            (
                "fetch-one",
                [
                    try grdbStatements(Author.including(all: Author.books).limit(2, offset: 3), single: true),
                    try grdbStatements(
                        Author.filter(key: 3).including(all: Author.books.including(all: Book.tags)), single: true),
                ]
            ),
        ]
        for (name, requests) in cases {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/PrefetchSQL/\(name).sql")
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            let statements = lines.map { line -> String in
                var sql = Substring(line)
                if sql.hasPrefix("/* "), let end = sql.range(of: " */ ") { sql = sql[end.upperBound...] }
                return String(sql.dropLast())  // the `;`
            }
            XCTAssertTrue(lines.allSatisfy { $0.hasSuffix(";") }, name)
            XCTAssertEqual(statements, requests.flatMap { $0 }, name)
            // Each request's first line is its main statement, the others are labelled.
            let labelled = lines.map { $0.hasPrefix("/* prefetch ") }
            XCTAssertEqual(labelled, requests.flatMap { [false] + Array(repeating: true, count: $0.count - 1) }, name)
        }
    }

    func testTooManyParentsAreRefusedBeforeFetching() throws {
        let session = try ParityChecking.session()
        let result = try session.requestResult("Book.including(all: Book.prizes)", fetch: false)
        XCTAssertThrowsError(try session.appStatements(result.plan, single: false, parentLimit: 10)) { error in
            XCTAssertTrue("\(error)".hasPrefix("not worked out: the prefetch would list the keys of "), "\(error)")
        }
    }

    /// A windowed result logs every statement it runs, labelled.
    func testAWindowedResultLogsEachWindowLabelled() throws {
        let session = try ParityChecking.session()
        let result = try session.requestResult("Book.all()", fetch: false)
        let window = try WindowedResult(session: session, plan: result.plan, windowSize: 100)
        _ = try window.rows(in: 0..<100)
        _ = try window.rows(in: 200..<300)
        _ = try window.rowCount()
        let log = window.log.snapshot
        XCTAssertEqual(log.statements.map(\.label), ["window 1", "window 3", "row count"])
        XCTAssertEqual(log.statements[1].sql, "SELECT * FROM \"book\" ORDER BY \"id\" ASC LIMIT 100 OFFSET 200")
        XCTAssertEqual(log.total, 3)
    }

    func testTheLogKeepsTheLastStatementsAndCountsTheOthers() {
        let log = StatementLog(capacity: 3)
        for i in 1...5 {
            log.append([CapturedStatement(sql: "SELECT \(i)", duration: 0)], label: "window \(i)")
        }
        log.append(
            [CapturedStatement(sql: "SELECT 6", duration: 0), CapturedStatement(sql: "SELECT 7", duration: 0)],
            label: "window 6")
        let snapshot = log.snapshot
        XCTAssertEqual(snapshot.statements.map(\.label), ["window 5", "window 6", "window 6 · prefetch"])
        XCTAssertEqual(snapshot.dropped, 4)
        XCTAssertEqual(snapshot.total, 7)
    }
}
