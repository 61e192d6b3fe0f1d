import ArborCore
import ArborTestSupport
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

private struct Document: TableRecord { static let databaseTableName = "document" }
private struct Note: TableRecord {
    static let databaseTableName = "note"
}

/// FTS5 `matching(_:)`: GRDB's pattern initializers, GRDB's SQL, the rows SQLite finds.
final class FullTextSearchTests: XCTestCase {
    nonisolated(unsafe) static var shared: Session?

    func session() throws -> Session {
        if let shared = Self.shared { return shared }
        let session = try Session(
            path: try TemporaryDatabase.make(
                """
                CREATE VIRTUAL TABLE document USING fts5(title, body);
                INSERT INTO document(rowid, title, body) VALUES
                  (1, 'SQLite for kids', 'a database in a file'),
                  (2, 'Swift databases', 'GRDB and SQLite together'),
                  (3, 'Gardening', 'roses and tulips');
                CREATE TABLE note (id INTEGER PRIMARY KEY, documentId INTEGER, text TEXT);
                INSERT INTO note VALUES (1, 2, 'read it'), (2, 3, 'later');
                """))
        Self.shared = session
        return session
    }

    /// Arbor's rowids and SQL, then GRDB's for `request`.
    func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, rows expected: [Int64], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let session = try session()
        let result = try session.requestResult(text)
        let grdbSQL = try ParityChecking.grdbSQL(request, in: session.database)
        XCTAssertEqual(result.mainSQL, grdbSQL, text, file: file, line: line)
        let grdbRows = try session.database.read { db in
            try Row.fetchAll(db, request.select(Column.rowID, as: Row.self)).map { $0[0] as Int64 }
        }
        XCTAssertEqual(grdbRows, expected, "GRDB's rows", file: file, line: line)
        XCTAssertEqual(result.rows.count, expected.count, text, file: file, line: line)
    }

    func testEveryPatternInitializerMatchesAsGRDB() throws {
        try assertSame(
            #"Document.matching(FTS5Pattern(matchingAllTokensIn: "sqlite database"))"#,
            Document.matching(FTS5Pattern(matchingAllTokensIn: "sqlite database")), rows: [1])
        try assertSame(
            #"Document.matching(FTS5Pattern(matchingAnyTokenIn: "kids tulips"))"#,
            Document.matching(FTS5Pattern(matchingAnyTokenIn: "kids tulips")), rows: [1, 3])
        try assertSame(
            #"Document.matching(FTS5Pattern(matchingPhrase: "GRDB and SQLite"))"#,
            Document.matching(FTS5Pattern(matchingPhrase: "GRDB and SQLite")), rows: [2])
        try assertSame(
            #"Document.matching(FTS5Pattern(matchingAllPrefixesIn: "data swi"))"#,
            Document.matching(FTS5Pattern(matchingAllPrefixesIn: "data swi")), rows: [2])
        try assertSame(
            #"Document.matching(FTS5Pattern(matchingPrefixPhrase: "Swift databases"))"#,
            Document.matching(FTS5Pattern(matchingPrefixPhrase: "Swift databases")), rows: [2])
        try assertSame(
            #"Document.all().matching(try FTS5Pattern(rawPattern: "kids OR gardening")).order(Column("rowid"))"#,
            try Document.all().matching(FTS5Pattern(rawPattern: "kids OR gardening")).order(Column("rowid")),
            rows: [1, 3])
        try assertSame(
            #"Document.matching(try FTS5Pattern(rawPattern: "title: sqlite", allowedColumns: ["title"]))"#,
            try Document.matching(FTS5Pattern(rawPattern: "title: sqlite", allowedColumns: ["title"])), rows: [1])
    }

    func testANilPatternGivesNoRowsAsInGRDB() throws {
        try assertSame(
            #"Document.matching(FTS5Pattern(matchingAllTokensIn: "  "))"#,
            Document.matching(FTS5Pattern(matchingAllTokensIn: "  ")), rows: [])
    }

    func testMatchingOnAnAssociation() throws {
        try assertSame(
            #"Note.joining(required: Note.belongsTo(Document.self, key: "document", using: ForeignKey(["documentId"], to: ["rowid"])).matching(FTS5Pattern(matchingAnyTokenIn: "grdb")))"#,
            Note.joining(
                required: Note.belongsTo(
                    Document.self, key: "document", using: ForeignKey(["documentId"], to: ["rowid"])
                )
                .matching(FTS5Pattern(matchingAnyTokenIn: "grdb"))), rows: [1])
    }

    func testMatchOnAColumn() throws {
        guard let pattern = FTS5Pattern(matchingAnyTokenIn: "tulips") else { return XCTFail("a pattern") }
        try assertSame(
            #"Document.filter(Column("body").match(FTS5Pattern(matchingAnyTokenIn: "tulips")!))"#,
            Document.filter(Column("body").match(pattern)), rows: [3])
        let session = try session()
        guard
            case .failure(let errors, _)? = session.run(
                #"Document.filter(Column("body").match(FTS5Pattern(matchingAnyTokenIn: "")!))"#
            ).last
        else { return XCTFail("a nil pattern can not be matched") }
        XCTAssertTrue(errors.first?.message.hasPrefix("the FTS5 pattern is nil") ?? false, "\(errors)")
        // GRDB's `match(_:)` takes an `FTS5Pattern`, not the optional a failable initializer gives.
        XCTAssertEqual(
            try session.failure(#"Document.filter(Column("body").match(FTS5Pattern(matchingAnyTokenIn: "tulips")))"#)
                .first?.message,
            "value of optional type 'FTS5Pattern?' must be unwrapped to a value of type 'FTS5Pattern'")
    }

    func testErrorsAreLocated() throws {
        let session = try session()
        func error(_ text: String) -> ArborError? {
            guard case .failure(let errors, _)? = session.run(text).last else { return nil }
            return errors.first
        }
        let syntax = error(#"Document.matching(try FTS5Pattern(rawPattern: "AND"))"#)
        XCTAssertEqual(syntax?.range, SourceRange(46, 51))
        // GRDB's own message, as `FTS5Pattern(rawPattern:)` throws it.
        XCTAssertEqual(syntax?.message, #"fts5: syntax error near "AND""#)
        let notFullText = error(#"Note.matching(FTS5Pattern(matchingAllTokensIn: "x"))"#)
        XCTAssertEqual(
            notFullText?.message, "`matching(_:)` needs a full-text table: `note` is not an FTS5 virtual table")
        // `matchingPrefixPhrase:` is FTS5's only.
        XCTAssertEqual(
            error(#"Document.matching(FTS3Pattern(matchingPrefixPhrase: "x"))"#)?.message.hasPrefix(
                "`FTS3Pattern` does not take the arguments"), true)
        XCTAssertEqual(error(#"RangeRowAdapter(0..<1)"#)?.range, SourceRange(0, 15))
        XCTAssertEqual(
            error(#"Document.matching(nil)"#)?.message,
            "`matching(nil)` does not compile in Swift: GRDB has FTS3 and FTS5 overloads")
    }
}
