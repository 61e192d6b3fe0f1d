import ArborTestSupport
import Foundation
import XCTest

/// `--format sql --prefetch`: the app's statements for each request, main then each
/// prefetch after `/* prefetch KEY.PATH */`, one a line, each ending in `;`. The
/// expected outputs are files of Tests/Fixtures/PrefetchSQL, which
/// AppStatementsTests compares with the statements GRDB itself runs for the same
/// Swift requests.
final class SQLPrefetchTests: XCTestCase {
    static func expected(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/PrefetchSQL/\(name).sql")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func prefetch(_ requests: [String], database: [String] = []) throws -> ArborProcess.Result {
        try ArborProcess.run(database + requests.flatMap { ["-c", $0] } + ["--format", "sql", "--prefetch"])
    }

    func testEachPrefetchFollowsItsMainStatementLabelledWithItsKey() throws {
        let result = try prefetch(["Author.including(all: Author.books)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, try Self.expected("authors-books"))
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(
            lines[1].hasPrefix(
                "/* prefetch books */ SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (1, 2, 3, "
            ), String(lines[1]))
        XCTAssertEqual(result.stderr, "")
    }

    func testNestedPrefetchesComeInGRDBsOrder() throws {
        // Three levels: authors, their books, the books' prizes.
        let nested = try prefetch([
            "Author.filter(keys: [1, 2]).including(all: Author.books.including(all: Book.prizes))"
        ])
        XCTAssertEqual(nested.status, 0, nested.stderr)
        XCTAssertEqual(nested.stdout, try Self.expected("nested"))
        // A through association is named by its path, as GRDB names it.
        let through = try prefetch([
            "Author.filter(keys: [2, 3]).including(all: Author.books.including(all: Book.tags).including(all: Book.prizes))"
        ])
        XCTAssertEqual(through.status, 0, through.stderr)
        XCTAssertEqual(through.stdout, try Self.expected("through"))
        // Under a to-one include, the key path runs through it.
        let toOne = try prefetch(["Book.filter(key: 1).including(required: Book.author.including(all: Author.books))"])
        XCTAssertEqual(toOne.status, 0, toOne.stderr)
        XCTAssertEqual(toOne.stdout, try Self.expected("to-one"))
    }

    /// `fetchOne` runs `LIMIT 1` (unless the request has a limit or a key filter) and
    /// prefetches for its one row.
    func testFetchOneGivesGRDBsFetchOneStatements() throws {
        let result = try prefetch([
            "Author.including(all: Author.books).limit(2, offset: 3).fetchOne(db)",
            "Author.filter(key: 3).including(all: Author.books.including(all: Book.tags)).fetchOne(db)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, try Self.expected("fetch-one"))
    }

    /// Without `--prefetch` the `sql` format is the contract's: main statements only,
    /// nothing fetched; a request without `including(all:)` prints its main line alone.
    func testTheDefaultSQLFormatAndRequestsWithoutPrefetchAreUnchanged() throws {
        let request = "Author.filter(keys: [1, 2]).including(all: Author.books.including(all: Book.prizes))"
        let plain = try ArborProcess.run(["-c", request, "--format", "sql"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdout, "SELECT * FROM \"author\" WHERE \"id\" IN (1, 2);\n")

        let withoutPrefetch = try prefetch([
            "Book.filter(Column(\"year\") > 1900).including(required: Book.author)", "Author.fetchCount(db)",
        ])
        XCTAssertEqual(withoutPrefetch.status, 0, withoutPrefetch.stderr)
        XCTAssertEqual(
            withoutPrefetch.stdout,
            """
            SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" WHERE "book"."year" > 1900;
            SELECT COUNT(*) FROM "author";

            """)
    }

    /// A key can not end the comment or the line; SQL that only runs inside GRDB
    /// still gets its note.
    func testAHostileKeyStaysInItsCommentAndNotesStay() throws {
        let result = try prefetch([
            "Author.filter(Column(\"name\").lowercased == \"victor hugo\").including(all: Author.books.forKey(\"x*/y\\nz\"))"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT * FROM "author" WHERE swiftLowercaseString("name") = 'victor hugo';
            /* prefetch x* /y\\nz */ SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" = 1;

            """)
        XCTAssertEqual(
            result.stderr,
            "arbor: note: this SQL calls functions or collations GRDB defines in Swift; it will not run in the sqlite3 shell\n"
        )
    }

    func testLineModeKeepsPrefetch() throws {
        let result = try ArborProcess.run(
            ["--no-tui", "--format", "sql", "--prefetch"],
            stdin: "Author.filter(keys: [1, 2]).including(all: Author.books.including(all: Book.prizes))\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, try Self.expected("nested"))
    }

    func testPrefetchWithoutTheSQLFormatIsAUsageError() throws {
        for arguments in [
            ["-c", "Author.all()", "--prefetch"], ["-c", "Author.all()", "--format", "json", "--prefetch"],
        ] {
            let result = try ArborProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(
                result.stderr.contains("--prefetch adds the prefetch statements to --format sql: add --format sql"),
                "\(arguments): \(result.stderr)")
        }
    }

    /// Every parent's key would be written into the prefetch: above the limit, a
    /// clear refusal (status 1) rather than a statement of megabytes.
    func testTooManyParentsAreRefusedNamingTheLimit() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250001)
            INSERT INTO author SELECT i FROM n;
            """)
        let refused = try prefetch(["Author.including(all: Author.books)"], database: [path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(
            refused.stderr,
            "error: --prefetch: the prefetch statements would list the keys of 250001 parent rows, more than the limit of 250000: narrow the request (filter, limit)\n"
        )
        let narrowed = try prefetch(["Author.including(all: Author.books).filter(key: 7)"], database: [path])
        XCTAssertEqual(narrowed.status, 0, narrowed.stderr)
        XCTAssertEqual(
            narrowed.stdout,
            """
            SELECT * FROM "author" WHERE "id" = 7;
            /* prefetch books */ SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" = 7;

            """)
    }
}
