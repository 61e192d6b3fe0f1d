import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

private struct Article: TableRecord { static let databaseTableName = "article" }

/// FTS3/FTS4 full-text search: `FTS3Pattern`'s initializers, `matching(_:)` and
/// `match(_:)` with an `FTS3Pattern`, a pattern as an SQL argument, and
/// `db.makeFTS5Pattern(rawPattern:forTable:)`, each as GRDB gives it.
final class FullTextSearch3Tests: XCTestCase {
    nonisolated(unsafe) static var shared: Session?

    func session() throws -> Session {
        if let shared = Self.shared { return shared }
        let session = try Session(
            path: try TemporaryDatabase.make(
                """
                CREATE VIRTUAL TABLE article USING fts4(title, body);
                INSERT INTO article(rowid, title, body) VALUES
                  (1, 'SQLite for kids', 'a database in a file'),
                  (2, 'Swift databases', 'GRDB and SQLite together'),
                  (3, 'Gardening', 'roses and tulips');
                CREATE VIRTUAL TABLE document USING fts5(content);
                INSERT INTO document(rowid, content) VALUES (1, 'sqlite database'), (2, 'tulips');
                """))
        Self.shared = session
        return session
    }

    /// Arbor's SQL and row count, then GRDB's for `request`.
    func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, rows expected: Int, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let session = try session()
        let result = try session.requestResult(text)
        XCTAssertEqual(
            result.mainSQL, try ParityChecking.grdbSQL(request, in: session.database), text, file: file, line: line)
        let grdbCount = try session.database.read { db in try request.fetchCount(db) }
        XCTAssertEqual(grdbCount, expected, "GRDB's rows", file: file, line: line)
        XCTAssertEqual(result.rows.count, expected, text, file: file, line: line)
    }

    func testEveryFTS3InitializerMatchesAsGRDB() throws {
        try assertSame(
            #"Article.matching(FTS3Pattern(matchingAllTokensIn: "sqlite database"))"#,
            Article.matching(FTS3Pattern(matchingAllTokensIn: "sqlite database")), rows: 1)
        try assertSame(
            #"Article.matching(FTS3Pattern(matchingAnyTokenIn: "kids tulips"))"#,
            Article.matching(FTS3Pattern(matchingAnyTokenIn: "kids tulips")), rows: 2)
        try assertSame(
            #"Article.matching(FTS3Pattern(matchingPhrase: "GRDB and SQLite"))"#,
            Article.matching(FTS3Pattern(matchingPhrase: "GRDB and SQLite")), rows: 1)
        try assertSame(
            #"Article.matching(FTS3Pattern(matchingAllPrefixesIn: "data gard"))"#,
            Article.matching(FTS3Pattern(matchingAllPrefixesIn: "data gard")), rows: 0)
        try assertSame(
            #"Article.matching(try FTS3Pattern(rawPattern: "sqlite OR roses"))"#,
            Article.matching(try FTS3Pattern(rawPattern: "sqlite OR roses")), rows: 3)
        // No token: GRDB's pattern is nil, and `matching(nil)` is `none()`.
        try assertSame(
            #"Article.matching(FTS3Pattern(matchingAnyTokenIn: "*"))"#,
            Article.matching(FTS3Pattern(matchingAnyTokenIn: "*")), rows: 0)
    }

    func testMatchTakesAnOptionalFTS3Pattern() throws {
        // GRDB's FTS3 `match(_:)` takes `FTS3Pattern?`: no unwrapping, and nil matches nothing.
        try assertSame(
            #"Article.filter(Column("body").match(FTS3Pattern(matchingAnyTokenIn: "tulips")))"#,
            Article.filter(Column("body").match(FTS3Pattern(matchingAnyTokenIn: "tulips"))), rows: 1)
        try assertSame(
            #"Article.filter(Column("body").match(FTS3Pattern(matchingAnyTokenIn: "")))"#,
            Article.filter(Column("body").match(FTS3Pattern(matchingAnyTokenIn: ""))), rows: 0)
    }

    func testInvalidRawPatternsThrowGRDBsError() throws {
        let session = try session()
        let errors = try session.failure(#"Article.matching(try FTS3Pattern(rawPattern: "AND"))"#)
        XCTAssertEqual(errors.first?.message, "malformed MATCH expression: [AND]")
        XCTAssertEqual(errors.first?.range, SourceRange(45, 50))
        XCTAssertEqual(
            try session.failure(#"Article.matching(FTS3Pattern(matchingPrefixPhrase: "x"))"#).first?.message
                .hasPrefix("`FTS3Pattern` does not take the arguments"), true)
    }

    func testAPatternIsAnSQLArgumentAsItsText() throws {
        let session = try session()
        let text =
            #"let pattern = FTS3Pattern(matchingAllTokensIn: "SQLite database")"# + "\n"
            + #"try Row.fetchAll(db, sql: "SELECT rowid FROM article WHERE article MATCH ?", arguments: [pattern])"#
        let result = try session.requestResult(text)
        XCTAssertEqual(result.mainSQL, "SELECT rowid FROM article WHERE article MATCH 'sqlite database'")
        XCTAssertEqual(result.rows.count, 1)
    }

    // `Table` declares no `matching(_:)`: its request does (`TableRequest`).
    func testMakeFTS5PatternReadsTheTablesColumns() throws {
        let session = try session()
        let allowed = try session.requestResult(
            #"Table("document").all().matching(try db.makeFTS5Pattern(rawPattern: "content: sqlite", forTable: "document"))"#
        )
        XCTAssertEqual(allowed.rows.count, 1)
        XCTAssertEqual(
            try session.failure(
                #"Table("document").all().matching(try db.makeFTS5Pattern(rawPattern: "missing: sqlite", forTable: "document"))"#
            ).first?.message, "no such column: missing")
        XCTAssertEqual(
            try session.failure(#"try db.makeFTS5Pattern(rawPattern: "x", forTable: "nowhere")"#).first?.message,
            "no such table: nowhere")
    }
}

extension FullTextSearch3Tests {
    func testRawPatternIsTheTextGRDBValidated() throws {
        let session = try session()
        let text =
            #"let pattern = FTS3Pattern(matchingAnyTokenIn: "SQLite, database!")"# + "\n"
            + #"try Row.fetchAll(db, sql: "SELECT ? AS p", arguments: [pattern.rawPattern])"#
        let result = try session.requestResult(text)
        XCTAssertEqual(result.mainSQL, "SELECT 'sqlite OR database' AS p")
        XCTAssertEqual(FTS3Pattern(matchingAnyTokenIn: "SQLite, database!")?.rawPattern, "sqlite OR database")
    }
}
