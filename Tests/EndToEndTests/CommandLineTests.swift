import ArborTestSupport
import Foundation
import XCTest

/// The command line of docs/LANGUAGE.md §4, through the real binary.
final class CommandLineTests: XCTestCase {
    func testJSONOfTheDemoHasBooksUnderAuthors() throws {
        let result = try ArborProcess.run(["-c", "Author.including(all: Author.books)", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let authors = try XCTUnwrap(json)
        XCTAssertGreaterThan(authors.count, 20)
        XCTAssertTrue(authors.allSatisfy { $0["books"] is [Any] })
        XCTAssertTrue(authors.contains { ($0["books"] as? [Any])?.isEmpty == false })
        XCTAssertFalse(result.stdout.contains("grdb_"), "GRDB's bookkeeping columns are hidden")
    }

    /// `--format sql` prints each request's main statement, one a line, and fetches
    /// nothing (the contract); the prefetches are in `--prefetch`, `:explain` and the terminal's SQL pane.
    func testSQLFormatPrintsTheMainStatementsOnly() throws {
        let result = try ArborProcess.run([
            "-c", "Author.filter(keys: [1, 2]).including(all: Author.books.including(all: Book.prizes))",
            "-c", "Book.filter(Column(\"year\") > 1900).including(required: Book.author)",
            "--format", "sql",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT * FROM "author" WHERE "id" IN (1, 2);
            SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" WHERE "book"."year" > 1900;

            """)
    }

    func testSQLFormatOfACountPrintsGRDBsCountStatement() throws {
        let result = try ArborProcess.run(["-c", "Author.fetchCount(db)", "--format", "sql"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "SELECT COUNT(*) FROM \"author\";\n")
    }

    /// `--advise`: the advice on standard output, status 1 when there is some, 0 when none.
    func testAdviseExitsWithItsStatus() throws {
        let advised = try ArborProcess.run([
            try Fixture.database(
                "CREATE TABLE author (id INTEGER PRIMARY KEY); CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id));"
            ), "--advise",
        ])
        XCTAssertEqual(advised.status, 1, advised.stderr)
        XCTAssertEqual(
            advised.stdout,
            """
            book: the foreign key book(authorId) → author has no index: each join or prefetch from author reads the whole book table
              why: "The `book.authorId` column is indexed in order to ease the selection of an author's books." (Good Practices for Designing Record Types, "Trust SQLite More Than Yourself")
              migration:
                migrator.registerMigration("Index book.authorId") { db in
                    try db.create(indexOn: "book", columns: ["authorId"])
                }
              quiet: `:advise --quiet unindexedForeignKey`

            """)
        let clean = try ArborProcess.run([
            try Fixture.database(
                "CREATE TABLE author (id INTEGER PRIMARY KEY); CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id)); CREATE INDEX i ON book(authorId);"
            ), "--advise",
        ])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "")
        XCTAssertEqual(clean.stderr, "arbor: no advice: the schema follows the GRDB guides\n")
        let missing = try ArborProcess.run(["/nonexistent/file.sqlite", "--advise"])
        XCTAssertEqual(missing.status, 2)
    }

    func testCompleteCommandPrintsItsColumnsWithoutEscapes() throws {
        let result = try ArborProcess.run(["-c", ":complete Book.filter(Column(\"ti"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "title  column\n")
    }

    func testFormatsOnAFile() throws {
        let path = try Fixture.database(Fixture.library)
        let tree = try ArborProcess.run([path, "-c", "Author.including(all: Author.books).filter(key: 1)"])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertEqual(
            tree.stdout,
            """
            author id:1 name:"Herman Melville"
              books: 2 rows
                book id:1 authorId:1 title:"Moby-Dick" year:1851
                book id:2 authorId:1 title:"Typee" year:1846

            """)
        let table = try ArborProcess.run([path, "-c", "Book.order(Column(\"year\"))", "--format", "table"])
        XCTAssertEqual(
            table.stdout,
            """
            id  authorId  title             year
            --  --------  ----------------  ----
            2   1         Typee             1846
            1   1         Moby-Dick         1851
            3   2         The Dispossessed  1974

            """)
        let count = try ArborProcess.run([path, "-c", "Book.filter(Column(\"year\") < 1900).fetchCount()"])
        XCTAssertEqual(count.stdout, "2\n")
    }

    func testErrorsExitOneWithTheRangeUnderlined() throws {
        let result = try ArborProcess.run(["-c", "Book.filter(Column(\"titel\") == \"x\")"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            error: table `book` has no column `titel`
              Book.filter(Column("titel") == "x")
                                 ^~~~~~~
              did you mean `title`?

            """)
        let syntax = try ArborProcess.run(["-c", "Author.including(all: Author.books"])
        XCTAssertEqual(syntax.status, 1)
        XCTAssertTrue(syntax.stderr.contains("^"), syntax.stderr)
        let unknown = try ArborProcess.run(["-c", "Autor.all()"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("did you mean `Author`?"), unknown.stderr)
    }

    func testUsageAndOpenErrorsExitTwo() throws {
        XCTAssertEqual(try ArborProcess.run(["--bogus"]).status, 2)
        XCTAssertEqual(try ArborProcess.run(["--format", "xml", "-c", "Book"]).status, 2)
        let missing = try ArborProcess.run(["/nonexistent/library.sqlite", "-c", "Book"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/nonexistent/library.sqlite"))
        let directory = try TemporaryItems.folder("not-a-file").path
        XCTAssertEqual(try ArborProcess.run([directory, "-c", "Book"]).status, 2)
        let garbage = try TemporaryItems.folder("garbage").appendingPathComponent("garbage")
        try Data("this is not a database, not at all, but long enough to look like one".utf8).write(to: garbage)
        let notADatabase = try ArborProcess.run([garbage.path, "-c", "Book"])
        XCTAssertEqual(notADatabase.status, 2, notADatabase.stderr)
    }

    /// `--graph` prints the association graph: as `:graph` prints it, or as Mermaid or DOT.
    /// `mermaid` and `dot` are graph formats only, and `--graph` takes no row format: usage errors.
    func testGraphAndItsFormats() throws {
        let text = try ArborProcess.run(["--graph"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stdout, try ArborProcess.run(["-c", ":graph"]).stdout)
        XCTAssertTrue(text.stdout.hasPrefix("Country\n├─ Demographics\n"), text.stdout)
        let mermaid = try ArborProcess.run(["--graph", "--format", "mermaid"])
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        XCTAssertTrue(mermaid.stdout.hasPrefix("flowchart LR\n    t_country[\"Country\"]\n"), mermaid.stdout)
        XCTAssertTrue(
            mermaid.stdout.contains(
                "    t_author -->|\"booksAsAuthor (hasMany) authorId → id, ambiguous pair\"| t_book\n"),
            mermaid.stdout)
        let dot = try ArborProcess.run(["--graph", "--format", "dot"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(dot.stdout.hasPrefix("digraph associations {\n"), dot.stdout)
        XCTAssertTrue(dot.stdout.hasSuffix("\n}\n"), dot.stdout)

        let cases: [([String], String)] = [
            (["--format", "mermaid", "-c", "Book"], "--format mermaid draws the association graph: add --graph"),
            (["--format", "dot"], "--format dot draws the association graph: add --graph"),
            (
                ["--graph", "--format", "json"],
                "--format takes mermaid or dot with it (text without --format), not json"
            ),
            (["--graph", "-c", "Book"], "--graph prints the association graph and runs no statement"),
        ]
        for (arguments, message) in cases {
            let result = try ArborProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        // In line mode, `:format` takes row formats only.
        let lineMode = try ArborProcess.run(
            ["--no-tui"], stdin: ":format mermaid\nBook.filter(key: 1).select(Column(\"id\"))\n")
        XCTAssertEqual(lineMode.status, 1)
        XCTAssertTrue(lineMode.stderr.contains("`mermaid` is a format of the association graph"), lineMode.stderr)
        XCTAssertEqual(lineMode.stdout, "book id:1\n")
    }

    func testHelpAndVersion() throws {
        let help = try ArborProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--format"), help.stdout)
        let version = try ArborProcess.run(["--version"])
        XCTAssertEqual(version.status, 0)
        // `0.1.0 (GRDB 7.10.0, SQLite 3.40.1)`: arbor's own version comes first.
        let parts = (version.stdout.split(separator: " ").first ?? "").split(separator: ".")
        XCTAssertEqual(parts.count, 3, version.stdout)
        XCTAssertTrue(parts.allSatisfy { Int($0) != nil }, version.stdout)
    }

    func testLineModeReadsStatementsFromStandardInput() throws {
        let path = try Fixture.database(Fixture.library)
        let result = try ArborProcess.run(
            [path, "--format", "json"],
            stdin: """
                let early = Book.filter(Column("year") < 1900)
                extension Book {
                    static let writer = belongsTo(Author.self)
                }
                early.including(required: Book.writer).order(Column("year"))
                :format sql
                early
                """)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            [
            {"id":2,"authorId":1,"title":"Typee","year":1846,"author":{"id":1,"name":"Herman Melville"}},
            {"id":1,"authorId":1,"title":"Moby-Dick","year":1851,"author":{"id":1,"name":"Herman Melville"}}
            ]
            SELECT * FROM "book" WHERE "year" < 1900;

            """)
        let failing = try ArborProcess.run([path], stdin: "Book.nope\nBook.limit(1)\n")
        XCTAssertEqual(failing.status, 1, "a failed statement makes the exit status 1")
        XCTAssertTrue(failing.stdout.contains("Moby-Dick"), "later statements still run")
    }

    func testAClosedPipeEndsQuietly() throws {
        let result = try ArborProcess.run(["-c", "Book.all()"], environment: [:])
        XCTAssertEqual(result.status, 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "'\(ArborProcess.executable.path)' --no-init -c 'Book.all()' -c 'Book.all()' | head -1; echo \"status:${PIPESTATUS:-}\"",
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(errors, "", "no message when the reader goes away")
    }
}
