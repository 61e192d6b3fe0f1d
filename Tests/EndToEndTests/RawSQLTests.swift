import ArborTestSupport
import Foundation
import XCTest

/// `:sql`: raw SQL, read-only unless `--write`.
final class RawSQLTests: XCTestCase {
    func testReadsPrintAlignedTablesOnePerStatement() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([
            path, "-c",
            ":sql SELECT name, count(*) AS books FROM author JOIN book ON book.authorId = author.id GROUP BY author.id; "
                + "SELECT * FROM book WHERE year > 2000; PRAGMA table_info(author)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            name               books
            -----------------  -----
            Herman Melville    2
            Ursula K. Le Guin  1

            id  authorId  title  year
            --  --------  -----  ----
            (no rows)

            cid  name  type     notnull  dflt_value  pk
            ---  ----  -------  -------  ----------  --
            0    id    INTEGER  0        NULL        1
            1    name  TEXT     1        NULL        0

            """)
    }

    /// Values are shown as the `table` format shows them: long ones cut with their
    /// size (and read cut: 3 MB are not kept for 200 characters), control characters escaped, NUL kept.
    func testValuesAreCutAndEscaped() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([
            path, "-c",
            ":sql SELECT printf('%.*c', 3000000, 'x') AS big, 'a' || char(27) || '[31mred' || char(0) || 'after' AS esc",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let x200 = String(repeating: "x", count: 200)
        let big = x200 + "… (3 MB)"
        XCTAssertEqual(
            result.stdout,
            """
            big\(String(repeating: " ", count: big.count - 1))esc
            \(String(repeating: "-", count: big.count))  --------------------
            \(big)  a\\e[31mred\\u{0}after

            """)
    }

    /// Without `--write`, every statement of the line is checked before the first runs.
    func testAWriteAnywhereInTheLineStopsItBeforeAnythingRuns() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([path, "-c", ":sql SELECT 1 AS one;  DELETE FROM book ; SELECT 2"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            error: this statement writes (data, schema or a file), and the database is open read-only
              :sql SELECT 1 AS one;  DELETE FROM book ; SELECT 2
                                     ^~~~~~~~~~~~~~~~~~
              reopen with `arbor --write \(path)` to run it

            """)
    }

    func testSQLErrorsAreLocatedOnTheirStatement() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([path, "-c", ":sql SELECT 1; SELECT * FROM nope"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            error: no such table: nope
              :sql SELECT 1; SELECT * FROM nope
                             ^~~~~~~~~~~~~~~~~~

            """)
    }

    func testParametersEmptyStatementsAndComments() throws {
        let path = try Fixture.database(Fixture.library)
        for (command, message) in [
            (
                ":sql SELECT * FROM book WHERE id = ?",
                "`:sql` takes no parameters (`?`, `:name`): write the values in the statement"
            ),
            (":sql", "write a statement after `:sql`, as in `:sql SELECT count(*) FROM book`"),
            (":sql -- nothing", "no SQL statement after `:sql`, only blanks or comments"),
        ] {
            let result = try ArborProcess.run([path, "-c", command])
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.hasPrefix("error: \(message)\n"), result.stderr)
        }
    }

    /// `load_extension` is off (SQLite's default, which GRDB keeps), and the
    /// two-argument `fts3_tokenizer`, which would let a statement crash the
    /// process through a raw pointer, is replaced by an error, in `:sql` and in
    /// requests' SQL alike. The full-text table still works afterwards.
    func testFunctionsThatLoadCodeOrTakePointersAreRefused() throws {
        let path = try Fixture.database(
            Fixture.library
                + "\nCREATE VIRTUAL TABLE note USING fts3(body, tokenize=simple);\nINSERT INTO note VALUES ('whale');")
        let pointer = "X'4141414141414141'"
        let result = try ArborProcess.run(
            [path],
            stdin: """
                :sql SELECT load_extension('/tmp/nothing.so')
                :sql SELECT fts3_tokenizer('simple', \(pointer))
                Book.filter(sql: "fts3_tokenizer('simple', \(pointer)) IS NOT NULL")
                :sql SELECT body FROM note WHERE note MATCH 'whale'
                """)
        XCTAssertEqual(result.status, 1, "the process is not killed by a signal")
        XCTAssertEqual(result.stdout, "body\n-----\nwhale\n")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        XCTAssertEqual(errors.count, 3, result.stderr)
        XCTAssertEqual(errors.first, "error: not authorized")
        XCTAssertEqual(errors.dropFirst().filter { $0.hasSuffix("fts3_tokenizer() is disabled in arbor") }.count, 2)
    }

    // MARK: --write

    /// DDL through `:sql` reloads the schema: new record types and inferred
    /// associations, declarations made before, and `let` bindings all work.
    func testWriteReloadsTheSchemaAndKeepsDeclarationsAndBindings() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run(
            [path, "--write", "--format", "json"],
            stdin: """
                extension Book { static let writer = belongsTo(Author.self, using: ForeignKey(["authorId"])) }
                let old = Book.filter(Column("year") < 1900)
                :sql CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT); ALTER TABLE book ADD COLUMN genreId INTEGER REFERENCES genre(id); INSERT INTO genre VALUES (1, 'sea'); UPDATE book SET genreId = 1 WHERE authorId = 1
                Genre.including(all: Genre.books.select(Column("id")))
                old.including(required: Book.writer.select(Column("name"))).select(Column("id")).fetchCount()
                :sql UPDATE book SET genreId = NULL; DROP TABLE genre
                :tables
                """)
        XCTAssertEqual(result.status, 0, result.stderr)
        // In `--format json` standard output carries JSON documents only: what `:sql` did is said on standard error.
        XCTAssertEqual(
            result.stdout,
            """
            [
            {"id":1,"name":"sea","books":[{"id":1},{"id":2}]}
            ]
            2
            "author  (table)  Author\\nbook  (table)  Book"

            """)
        let said = result.stderr.split(separator: "\n").filter { $0.hasPrefix("arbor: ") }
        XCTAssertEqual(
            said,
            [
                "arbor: schema changed", "arbor: schema changed", "arbor: 1 row changed", "arbor: 2 rows changed",
                "arbor: table `book` changed", "arbor: table `genre` created", "arbor: 3 rows changed",
                "arbor: schema changed", "arbor: table `genre` dropped",
            ])
    }

    /// A transaction left open at the end of a `:sql` line is rolled back; one closed on the line commits.
    func testATransactionLeftOpenIsRolledBack() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([
            path, "--write",
            "-c", ":sql BEGIN; DELETE FROM book",
            "-c", ":sql BEGIN; DELETE FROM book WHERE id = 3; COMMIT",
            "-c", "Book.fetchCount()",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            transaction started

            3 rows changed
            the transaction left open was rolled back (end it with COMMIT on the same line)
            transaction started

            1 row changed

            transaction ended
            2

            """)
    }

    /// A failing statement stops the line; the message says what ran before it.
    func testAFailureSaysWhatRanBeforeIt() throws {
        let path = try Fixture.database(Fixture.library)
        let delete = "DELETE FROM author WHERE id = 1"
        let command = ":sql INSERT INTO author VALUES (3, 'Jules Verne'); \(delete)"
        let result = try ArborProcess.run([path, "--write", "-c", command])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            error: FOREIGN KEY constraint failed
              \(command)
              \(String(repeating: " ", count: command.count - delete.count))^\(String(repeating: "~", count: delete.count - 1))
              the statement before it ran (1 row changed)

            """)
        let check = try ArborProcess.run([path, "-c", "Author.fetchCount()"])
        XCTAssertEqual(check.stdout, "3\n")
    }

    /// A PRAGMA that sets a value says the value it has now (not "0 rows changed").
    func testAPragmaSettingSaysWhatItSet() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([
            path, "--write",
            "-c", ":sql PRAGMA user_version = 7; PRAGMA main.application_id = 42; PRAGMA foreign_keys = OFF",
            "-c", ":sql PRAGMA user_version",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            user_version is now 7

            main.application_id is now 42

            foreign_keys is now 0
            user_version
            ------------
            7

            """)
    }

    /// `… RETURNING` shows its rows and the count.
    func testReturningShowsRowsAndChanges() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run([
            path, "--write", "-c", ":sql UPDATE book SET year = year + 1 WHERE authorId = 1 RETURNING id, year",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "id  year\n--  ----\n1   1852\n2   1847\n2 rows changed\n")
    }
}
