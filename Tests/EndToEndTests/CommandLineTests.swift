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
    /// nothing (the contract); the prefetches are in `:explain` and the terminal's SQL pane.
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
        let directory = FileManager.default.temporaryDirectory.path
        XCTAssertEqual(try ArborProcess.run([directory, "-c", "Book"]).status, 2)
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString)")
        try Data("this is not a database, not at all, but long enough to look like one".utf8).write(to: garbage)
        let notADatabase = try ArborProcess.run([garbage.path, "-c", "Book"])
        XCTAssertEqual(notADatabase.status, 2, notADatabase.stderr)
    }

    func testHelpAndVersion() throws {
        let help = try ArborProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--format"), help.stdout)
        let version = try ArborProcess.run(["--version"])
        XCTAssertEqual(version.status, 0)
        let parts = version.stdout.trimmingCharacters(in: .newlines).split(separator: ".")
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
            "'\(ArborProcess.executable.path)' -c 'Book.all()' -c 'Book.all()' | head -1; echo \"status:${PIPESTATUS:-}\"",
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
