import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The terminal interface of the real binary, driven in tmux on the demo database.
final class TerminalTests: XCTestCase {
    var stateDirectory = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("tui-state").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// A shell command line that runs arbor, then shows how it ended and the terminal modes.
    func command(_ arguments: String = "") -> String {
        TmuxSession.arborCommand(arguments, stateDirectory: stateDirectory)
    }

    func testBrowseCopyCancelResizeAndQuit() throws {
        let tmux = try TmuxSession(command: command())
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.waitFor("▸ playerRole")

        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        // The SQL pane: the app's statements with their rows (the demo's indexes leave
        // no scan), then what ran. The prefetch's keys are cut by its numbers here.
        try tmux.waitFor(
            "▸ author  id:1  name:\"Victor Hugo\"", "76 rows · ",
            "app prefetch books ",
            "SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (",
            " 385 rows · ", "ran window 1 "
        )
        XCTAssertFalse(try tmux.screen().contains(" scan · "), "the demo database follows the guides: no full scan")

        // Esc walks the result (↵ left the focus in the input); expand the first author.
        try tmux.press("Escape")
        try tmux.press("Space")
        try tmux.waitFor("▾ books  11 rows", "      book  id:12  authorId:1  ")

        // Open its books in the children pane, walk into the books, and come back.
        try tmux.press("Right")
        try tmux.waitFor("─ author 1 ─", "› books  11 rows")
        try tmux.press("Right")
        try tmux.waitFor("─ author 1 › books ─", "│  book  id:12  authorId:1")
        try tmux.press("Left")
        try tmux.waitFor("─ author 1 ─")
        try tmux.press("Left")
        try tmux.waitUntil("the children pane to close") { !$0.contains("← back") }

        // Copy the main statement with `y`: OSC 52 puts it in tmux's buffer.
        try tmux.press("y")
        try tmux.waitFor("copied the app's statement 1/2 (main)")
        XCTAssertEqual(try tmux.pasteBuffer(), "SELECT * FROM \"author\";")

        // A slow query is cancelled by Ctrl-C, and the session goes on.
        try tmux.press("q")
        try tmux.type(
            "Book.filter(sql: \"(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 500000000) SELECT count(*) FROM c) > 0\")"
        )
        try tmux.press("Enter")
        try tmux.waitFor("running…")
        Thread.sleep(forTimeInterval: 0.3)
        let start = Date()
        try tmux.press("C-c")
        // The query would run for minutes: the message proves the interrupt. How
        // fast it comes is measured by the benchmarks, not asserted here.
        try tmux.waitFor("cancelled after", timeout: 5)
        let cancelTime = Date().timeIntervalSince(start)
        try tmux.type("Book.limit(2)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Book.limit(2) ", "│  book  id:1  authorId:54", "2 rows")

        // A resize lays the screen out again; a small terminal drops the schema and SQL panes.
        try tmux.resize(width: 50, height: 12)
        try tmux.waitUntil("the small layout") {
            $0.hasPrefix("─ Book.limit(2) ") && !$0.contains("Schema") && $0.contains("arbor>")
        }
        try tmux.resize(width: 120, height: 40)
        try tmux.waitUntil("the full layout") { $0.hasPrefix("─ Schema ") }

        // Ctrl-D clears the request kept in the input, then on the empty line quits,
        // with the terminal restored.
        try tmux.press("C-d")
        try tmux.waitUntil("the input cleared") { !$0.contains("arbor> Book.limit(2)") && $0.contains("arbor>") }
        try tmux.press("C-d")
        let screen = try tmux.waitUntil("the exit status and the terminal modes") {
            $0.contains("exit=0") && $0.contains("icanon")
        }
        XCTAssertTrue(screen.contains("echo icanon"), screen)
        XCTAssertFalse(screen.contains("arbor>"), "the interface's screen is gone: \(screen)")
        print("Ctrl-C to cancelled on screen: \(Int(cancelTime * 1000)) ms")
        // Every statement run is in the demo's history file, oldest first.
        let history = try String(contentsOfFile: stateDirectory + "/arbor/histories/demo", encoding: .utf8)
        let entries = history.split(separator: "\n")
        XCTAssertEqual(entries.first, "Author.including(all: Author.books)")
        XCTAssertEqual(entries.last, "Book.limit(2)")
        XCTAssertEqual(entries.count, 3)
    }

    /// A mouse press at a cell, as the terminal reports it (X10 encoding, 1-based).
    func click(_ tmux: TmuxSession, x: Int, y: Int) throws {
        let at = String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
        try tmux.type("\u{1B}[M " + at)
        try tmux.type("\u{1B}[M#" + at)
    }

    /// Issue 12: a Decodable type that does not decode shows GRDB's error and the fix;
    /// a request GRDB would get wrong shows its rows and a warning with the fix.
    func testADecodingCheckAndAPitfallWarning() throws {
        let tmux = try TmuxSession(command: command(), width: 200)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("struct AuthorInfo: Decodable, FetchableRecord { var author: Author; var books: [Book] }")
        try tmux.press("Enter")
        try tmux.waitFor("declarations read")
        try tmux.type("try AuthorInfo.fetchAll(db, Author.including(all: Author.novels))")
        try tmux.press("Enter")
        try tmux.waitFor("`AuthorInfo.fetchAll` fails on row 1, decoding `AuthorInfo.books`")
        // The failed statement stays in the input: Ctrl-E Ctrl-U empties it.
        try tmux.press("C-e")
        try tmux.press("C-u")
        try tmux.type(
            "Author.annotated(with: Author.books.max(\\.year), Author.books.max(\\.year)).filter(key: 1)"
        )
        try tmux.press("Enter")
        try tmux.waitFor(
            "warning: two aggregates `Author.books.max(…)` are both named `maxBookYear`", "maxBookYear:1874")
    }

    /// Code as apps write it: a value fetch shows its values as rows, `exists` its answer.
    func testAValueFetchAndAnExistsAnswer() throws {
        let tmux = try TmuxSession(command: command(), width: 160)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type(#"try String.fetchAll(db, Book.select(Column("title")).order(Column("id")).limit(2))"#)
        try tmux.press("Enter")
        try tmux.waitFor(#"book  title:"Kara Kitap""#, #"app main SELECT "title" FROM "book" ORDER BY "id" LIMIT 2"#)
        // The request stays selected in the input: typing replaces it.
        try tmux.type("try Book.exists(db, key: 1)")
        try tmux.press("Enter")
        try tmux.waitUntil("the answer and its statement") { screen in
            screen.contains(#"app main SELECT EXISTS (SELECT * FROM "book" WHERE "id" = 1)"#)
                && screen.split(separator: "\n").contains { $0 == "true" || $0.hasPrefix("true  ") }
        }
    }

    func testTheMouseSelectsAndToggles() throws {
        // A click is typed as `ESC [ M` and three bytes: a long escape delay keeps a
        // loaded machine from reading its ESC alone, as the Escape key.
        let tmux = try TmuxSession(command: "ESCDELAY=2000 " + command(), width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        try tmux.waitFor("▸ author  id:3  name:\"Molière\"")
        // The first click selects the third author (the focus is in the panes: their keys
        // show), a second one opens it.
        try click(tmux, x: 40, y: 3)
        try tmux.waitFor("␣ expand")
        try click(tmux, x: 40, y: 3)
        try tmux.waitFor(
            "▾ author  id:3  name:\"Molière\"", "▾ books  ", "▸ author  id:1  name:\"Victor Hugo\"")
    }

    func testControlCharactersFromTheDatabaseAreShownEscaped() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note VALUES (1, 'A' || char(27) || '[2J' || char(27) || ']0;pwned' || char(7) || 'B'), (2, '漢字 😀 ok');
            """)
        let tmux = try TmuxSession(command: command("'\(path)'"), width: 80, height: 20)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Note.all()")
        try tmux.press("Enter")
        try tmux.waitUntil("the escaped text on a cleared screen") {
            $0.contains("body:\"漢字 😀 ok\"") && $0.contains("body:\"A\\e[2J\\e]0;pwned\\u{7}B\"")
                && $0.hasPrefix("─ Note.all() ")
        }
        try tmux.type(":q")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
    }

    func testACutListOfChildrenFetchesMoreOnEnter() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
            INSERT INTO author VALUES (1, 'Prolific'), (2, 'Rare');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
            INSERT INTO book SELECT i, 1 FROM n;
            """)
        let tmux = try TmuxSession(command: command("'\(path)'"), width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        try tmux.waitFor("▸ author  id:1  name:\"Prolific\"", "2 rows")
        try tmux.press("Escape")
        try tmux.press("Space")
        try tmux.waitFor("▾ books  50 of 1,234 rows — ↵ for more")
        try tmux.press("Down")
        try tmux.press("Enter")
        try tmux.waitFor("▾ books  1,050 of 1,234 rows — ↵ for more")
        try tmux.press("Enter")
        try tmux.waitFor("▾ books  1,234 rows")
    }

    /// A capped prefetch: the SQL pane lists every statement that ran for it,
    /// labelled, ↵ for more adds its own, and `Y` copies what the app would run
    /// (GRDB's two statements), `R` what ran.
    func testTheSQLPaneOfACappedPrefetchListsItsStatementsLabelled() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
            INSERT INTO author VALUES (1, 'Prolific'), (2, 'Rare');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
            INSERT INTO book SELECT i, 1 FROM n;
            INSERT INTO book VALUES (2000, 2);
            """)
        let tmux = try TmuxSession(command: command("'\(path)'"), width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        try tmux.waitFor(
            "▸ author  id:1  name:\"Prolific\"", "app main ", "SELECT * FROM \"author\"",
            "app prefetch books ", "ran window 1 ", "ran window 1 · count books ")
        // Walk to the SQL pane and to its end: the pages of the capped list are there.
        try tmux.press("Escape")
        try tmux.press("Tab")
        try tmux.press("G")
        try tmux.waitFor(
            "ran window 1 · books of author 1 ",
            "SELECT * FROM \"book\" WHERE \"authorId\" = 1 ORDER BY \"id\" LIMIT 50")
        // ↵ for more on author 1's books adds its statement.
        try tmux.press("BTab")
        try tmux.press("Space")
        try tmux.press("Down")
        try tmux.press("Enter")
        try tmux.waitFor("▾ books  1,050 of 1,234 rows — ↵ for more")
        try tmux.press("Tab")
        try tmux.press("G")
        try tmux.waitFor(
            "ran more books of author 1 ",
            "SELECT * FROM \"book\" WHERE \"authorId\" = 1 ORDER BY \"id\" LIMIT 1000 OFFSET 50")
        // Y: the app's statements, as GRDB runs them for the request as typed.
        try tmux.press("Y")
        try tmux.waitFor("copied the app's 2 statements")
        XCTAssertEqual(
            try tmux.pasteBuffer(),
            """
            SELECT * FROM "author";
            SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2);
            """)
        // R: every statement that ran.
        try tmux.press("R")
        try tmux.waitFor("statements that ran")
        let ran = try tmux.pasteBuffer()
        XCTAssertTrue(ran.hasPrefix("SELECT * FROM \"author\" ORDER BY \"id\" ASC LIMIT 100;\n"), ran)
        XCTAssertTrue(
            ran.contains("SELECT * FROM \"book\" WHERE \"authorId\" = 1 ORDER BY \"id\" LIMIT 1000 OFFSET 50;"), ran)
        // ↵ shows a statement whole, a clause a line.
        try tmux.press("Enter")
        try tmux.waitFor(
            "─ SQL · more books of author 1 · ",
            "\n SELECT *\n FROM \"book\"\n WHERE \"authorId\" = 1\n ORDER BY \"id\"\n LIMIT 1000 OFFSET 50\n")
    }

    /// The SQL pane: the app's statements with their rows and time, `scan` on the
    /// prefetch that reads the whole unindexed table, and `p` for its plan with the
    /// index to create (worked out by the session's worker).
    func testTheSQLPaneShowsRowCountsScansAndPlans() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO book VALUES (1, 1, 'A'), (2, 1, 'B'), (3, 2, 'C');
            """)
        let tmux = try TmuxSession(command: command("'\(path)'"), width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        try tmux.waitFor(
            "p plan · y copy", "app main ", " 2 rows · ", "app prefetch books ", " scan · 3 rows · ")
        try tmux.press("Escape")
        try tmux.press("Tab")
        try tmux.press("j")
        try tmux.press("p")
        try tmux.waitFor(
            "query plan · app prefetch books", "QUERY PLAN", "`--SCAN book",
            "note: full scan of `book`, which this statement filters on `authorId`",
            "CREATE INDEX \"index_book_on_authorId\" ON \"book\"(\"authorId\");",
            "try db.create(index: \"index_book_on_authorId\", on: \"book\", columns: [\"authorId\"])")
    }

    /// The loop a REPL is for: type, ↵, edit, ↵, without leaving the input; typing
    /// right after a run is never lost; `i` comes back from the panes.
    func testTypeRunEditRunWithoutLeavingTheInput() throws {
        let tmux = try TmuxSession(command: command(), width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.limit(2)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Author.limit(2) ", "2 rows", "arbor> Author.limit(2)", "type to replace · → edit")
        // End edits the request kept in the input; ↵ runs the edited one.
        try tmux.press("End")
        try tmux.press("BSpace")
        try tmux.press("BSpace")
        try tmux.type("3)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Author.limit(3) ", "3 rows", "arbor> Author.limit(3)")
        // Right after a run, typing replaces the request: nothing goes to a pane.
        try tmux.type("let x = Author.all()")
        try tmux.waitFor("arbor> let x = Author.all()")
        try tmux.press("Enter")
        try tmux.waitFor("x defined")
        try tmux.type("x.limit(1)")
        try tmux.press("Enter")
        try tmux.waitFor("─ x.limit(1) ", "1 row")
        // Esc walks the result; i brings the request back to edit.
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.press("i")
        try tmux.press("BSpace")
        try tmux.type(", offset: 1)")
        try tmux.press("Enter")
        try tmux.waitFor("─ x.limit(1, offset: 1) ", "author  id:2 ")
        // A letter that is no pane command goes to the input with the focus.
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.type("Book.limit(1)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Book.limit(1) ", "book  id:1 ")
    }

    /// The links of the children pane on the screen, in order: `→ Book.author`, `← Painting.author`…
    func links(on screen: String) throws -> [String] {
        let pattern = try NSRegularExpression(
            pattern: "([→←⇢] [A-Z][A-Za-z]*\\.[A-Za-z]+)  (\\d[\\d,]*\\+?|…|\\?|NULL)")
        return pattern.matches(in: screen, range: NSRange(screen.startIndex..., in: screen)).compactMap {
            Range($0.range(at: 1), in: screen).map { String(screen[$0]) }
        }
    }

    /// `:sql SELECT COUNT(*)` on the demo, run by the binary.
    func sqlCount(_ sql: String) throws -> String {
        let result = try ArborProcess.run(["-c", ":sql " + sql])
        return result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// References both ways: from a book forward to its author, from the author
    /// backward to its books and paintings, counted as SQL counts them, and each
    /// jump's request in the history.
    func testWalkReferencesBothWaysAndLearnTheRequests() throws {
        let tmux = try TmuxSession(command: command(), width: 160, height: 50)
        defer { tmux.kill() }
        // A book of Victor Hugo (author 1), who has paintings too.
        let book = try sqlCount("SELECT MIN(id) FROM book WHERE authorId = 1")
        try tmux.waitFor("arbor>")
        try tmux.type("Book.filter(id: \(book))")
        try tmux.press("Enter")
        try tmux.waitFor("─ Book.filter(id: \(book)) ", "1 row")
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.press("Right")
        var screen = try tmux.waitFor("→ Book.author  1")
        // The cursor is on the first link: down to the author, `y` copies the request.
        let forward = try XCTUnwrap(try links(on: screen).firstIndex(of: "→ Book.author"))
        for _ in 0..<forward { try tmux.press("Down") }
        try tmux.press("y")
        let author = try sqlCount("SELECT authorId FROM book WHERE id = \(book)")
        // The jump lands on the author the book names, as the app would fetch it.
        let forwardRequest = "Author.filter(id: \(author))"
        try tmux.waitFor("copied")
        XCTAssertEqual(try tmux.pasteBuffer(), forwardRequest)
        try tmux.press("Right")
        try tmux.waitFor("─ \(forwardRequest) ", "author  id:\(author) ")
        // The author's links: each foreign key once, counted for this author.
        try tmux.press("Right")
        func count(_ from: String) throws -> String {
            try sqlCount("SELECT COUNT(*) FROM \(from) = \(author)")
        }
        let books = try count("book WHERE authorId")
        let translated = try count("book WHERE translatorId")
        let paintings = try count("painting WHERE authorId")
        XCTAssertEqual(author, "1")
        XCTAssertNotEqual(paintings, "0")
        screen = try tmux.waitFor(
            "→ Author.country  1", "← Author.booksAsAuthor  \(books)", "← Author.paintings  \(paintings)",
            "← Author.booksAsTranslator  \(translated)")
        XCTAssertEqual(
            try links(on: screen).filter { $0.hasPrefix("←") },
            ["← Author.booksAsTranslator", "← Author.booksAsAuthor", "← Author.paintings"])
        XCTAssertFalse(screen.contains("Painting.author"))
        let backward = try XCTUnwrap(try links(on: screen).firstIndex(of: "← Author.paintings"))
        for _ in 0..<backward { try tmux.press("Down") }
        try tmux.press("Right")
        let backwardRequest = #"Painting.filter(Column("authorId") == \#(author))"#
        try tmux.waitFor("─ \(backwardRequest) ", paintings == "1" ? "1 row" : "\(paintings) rows")
        try tmux.press("Escape")
        try tmux.waitFor("arbor> \(backwardRequest)")
        try tmux.type(":q")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        // Each jump is in the history, after the request typed.
        let history = try String(contentsOfFile: stateDirectory + "/arbor/histories/demo", encoding: .utf8)
        XCTAssertEqual(
            history.split(separator: "\n").map(String.init),
            ["Book.filter(id: \(book))", forwardRequest, backwardRequest, ":q"])
    }

    /// A through association is capped like the others, its count with separators.
    func testAThroughListIsCappedWithItsCount() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id));
            CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id));
            INSERT INTO artist VALUES (1, 'Prolific');
            INSERT INTO album VALUES (1, 1), (2, 1);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3290)
            INSERT INTO track SELECT i, 1 + i % 2 FROM n;
            """)
        let tmux = try TmuxSession(command: command("'\(path)'"), width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type(
            "extension Artist { static let tracks = hasMany(Track.self, through: Artist.albums, using: Album.tracks) }")
        try tmux.press("Enter")
        try tmux.waitFor("declarations read")
        try tmux.type("Artist.including(all: Artist.tracks)")
        try tmux.press("Enter")
        try tmux.waitFor("▸ artist  id:1  name:\"Prolific\"", "ran window 1 · count tracks ")
        try tmux.press("Escape")
        try tmux.press("Space")
        try tmux.waitFor("▾ tracks  50 of 3,290 rows — ↵ for more", "    track  id:1  albumId:2")
    }

    /// An include under a join is read under the join's scope (GRDB's decoding):
    /// the tree and the children pane show the included row, not nil.
    func testAnIncludeUnderAJoinShowsItsRow() throws {
        let tmux = try TmuxSession(command: command(), width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Book.joining(required: Book.author.including(required: Author.country)).limit(1)")
        try tmux.press("Enter")
        // A closed row shows its to-one include first (issue 21, item 10).
        try tmux.waitFor("▸ book  country(code:\"TR\", name:\"Turkey\"", "  id:1  authorId:54", "1 row")
        // The request stays in the input: Esc walks the result.
        try tmux.press("Escape")
        try tmux.press("Space")
        try tmux.waitFor("country  code:\"TR\"  name:\"Turkey\"")
        try tmux.press("Right")
        try tmux.waitFor("─ book 1 ─", "country  code:\"TR\"  name:\"Turkey\"")
    }

    /// The table view: aligned columns, to-one includes flattened, a to-many
    /// count that opens in the children pane, and `:format tree` back.
    func testTheTableView() throws {
        let tmux = try TmuxSession(command: command(), width: 120, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.including(all: Author.books).including(optional: Author.country)")
        try tmux.press("Enter")
        try tmux.waitFor("▸ author  country(code:\"FR\"", "  id:1  name:", "76 rows")
        try tmux.press("Escape")
        try tmux.press("t")
        try tmux.waitFor(
            "│  id │ name                     │ birthYear │ deathDate  │ countryCode │",
            "│   1 │ Victor Hugo              │      1802 │ 1885-05-22 │ FR          │",
            "←→ column · c go to one · ␣ open a count")
        // x hides the selected column (id); → walks to the books count, ↵ opens its rows.
        try tmux.press("x")
        try tmux.waitFor("│ name                     │ birthYear │", "│ Victor Hugo              │      1802 │")
        // name, birthYear, deathDate, countryCode, country, postalAddressId, books.
        for _ in 0..<6 { try tmux.press("Right") }
        try tmux.press("Enter")
        try tmux.waitFor("─ books ", "book  id:12  authorId:1")
        // :format tree from the input brings the tree back, for this result and the next.
        try tmux.press("Escape")
        try tmux.type(":format tree")
        try tmux.press("Enter")
        try tmux.waitFor("results as a tree (t switches)", "▸ author  country(code:\"FR\"", "  id:1  ")
        try tmux.type(":format table")
        try tmux.press("Enter")
        try tmux.type("Country.limit(2)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Country.limit(2) ", "│ code │ name", "│ FR   │ France")
    }

    /// At 80×24 the results take the whole width; F2 brings the schema pane and
    /// hides it; after shrinking and growing it shows its first rows.
    func testAn80By24Layout() throws {
        let tmux = try TmuxSession(command: command(), width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitFor(
            "─ Results ", "Type a request below and press ↵, for example:", "  Country.including(all: Country.authors)")
        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        try tmux.waitFor(
            "─ Author.including(all: Author.books) ",
            "▸ author  id:1  name:\"Victor Hugo\"  birthYear:1802  deathDate:\"1885-05-22\"  …", "76 rows")
        try tmux.press("F2")
        try tmux.waitUntil("the schema pane") { $0.hasPrefix("─ Schema ") && $0.contains("▸ country") }
        try tmux.press("F2")
        try tmux.waitUntil("the schema pane hidden") { $0.hasPrefix("─ Author.including(all: Author.books) ") }
        try tmux.press("F2")
        try tmux.waitUntil("the schema pane again") { $0.hasPrefix("─ Schema ") }
        try tmux.resize(width: 50, height: 12)
        try tmux.waitUntil("the small layout") { $0.hasPrefix("─ Author.including(all: Author.books) ") }
        try tmux.resize(width: 120, height: 40)
        try tmux.waitUntil("the schema pane from its first rows") {
            $0.hasPrefix("─ Schema ") && $0.split(separator: "\n").dropFirst().first?.hasPrefix("▸ country ") == true
        }
    }

    /// Each database keeps its own history and suggests requests on its own tables.
    func testEachDatabaseHasItsOwnHistory() throws {
        let music = try Fixture.database(
            """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
            INSERT INTO artist VALUES (1, 'AC/DC');
            INSERT INTO album VALUES (1, 1, 'Back in Black');
            """)
        let notes = try Fixture.database(
            """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note VALUES (1, 'hello');
            """)
        do {
            let tmux = try TmuxSession(command: command("'\(music)'"), width: 100, height: 30)
            defer { tmux.kill() }
            try tmux.waitFor("  Artist.including(all: Artist.albums)", "  Album.including(required: Album.artist)")
            try tmux.type("Album.limit(1)")
            try tmux.press("Enter")
            try tmux.waitFor("album  id:1  artistId:1  title:\"Back in Black\"")
            try tmux.press("F1")
            try tmux.waitFor("Type a GRDB request and press ↵, for example:", "  Artist.including(all: Artist.albums)")
            try tmux.press("Escape")
            try tmux.type(":q")
            try tmux.press("Enter")
            try tmux.waitFor("exit=0")
        }
        do {
            let tmux = try TmuxSession(command: command("'\(notes)'"), width: 100, height: 30)
            defer { tmux.kill() }
            try tmux.waitFor("Type a request below and press ↵, for example:", "  Note.all()")
            try tmux.type("Note.limit(1)")
            try tmux.press("Enter")
            try tmux.waitFor("note  id:1  body:\"hello\"")
            // ↑ twice: only this database's statement, never the other's.
            try tmux.press("C-c")
            try tmux.press("Up")
            try tmux.press("Up")
            try tmux.waitFor("arbor> Note.limit(1)")
            let screen = try tmux.screen()
            XCTAssertFalse(screen.contains("Album.limit(1)"), screen)
            try tmux.press("C-c")
            try tmux.type(":q")
            try tmux.press("Enter")
            try tmux.waitFor("exit=0")
        }
        do {
            let tmux = try TmuxSession(command: command("'\(music)'"), width: 100, height: 30)
            defer { tmux.kill() }
            try tmux.waitFor("arbor>")
            // The last entry is the `:q` that ended the first session; before it, the request.
            try tmux.press("Up")
            try tmux.waitFor("arbor> :q")
            try tmux.press("Up")
            try tmux.waitFor("arbor> Album.limit(1)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: stateDirectory + "/arbor/histories").filter {
            !$0.hasPrefix(".")
        }.sorted()
        XCTAssertEqual(files.count, 2, "\(files)")
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix("library.sqlite-") }, "\(files)")
    }

    func testSIGTERMRestoresTheTerminal() throws {
        let tmux = try TmuxSession(command: command(), width: 80, height: 20)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        let shell = try XCTUnwrap(try tmux.paneProcessID())
        let children = try String(
            contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let arbor = try XCTUnwrap(children.split(separator: " ").compactMap { Int32($0) }.first)
        XCTAssertEqual(kill(arbor, SIGTERM), 0)
        let screen = try tmux.waitUntil("the exit status and the terminal modes") {
            $0.contains("exit=143") && $0.contains("icanon")
        }
        XCTAssertTrue(screen.contains("echo icanon"), screen)
    }

    func testCtrlZSuspendsAndFgResumes() throws {
        let tmux = try TmuxSession(
            command: "env PS1='$ ' bash --norc --noprofile -i", width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("$")
        try tmux.type(
            "env LANG=C.UTF-8 XDG_STATE_HOME='\(stateDirectory)' XDG_CONFIG_HOME='\(stateDirectory)/no-config' '\(ArborProcess.executable.path)'"
        )
        try tmux.press("Enter")
        try tmux.waitFor("arbor>")
        try tmux.press("C-z")
        try tmux.waitFor("Stopped")
        // The shell has the terminal back, in its own modes.
        try tmux.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon; echo modes-shown")
        try tmux.press("Enter")
        try tmux.waitUntil("the terminal modes") { $0.contains("\nicanon\nmodes-shown") }
        try tmux.type("fg")
        try tmux.press("Enter")
        try tmux.waitUntil("the interface drawn again") {
            $0.hasPrefix("─ Schema ") && $0.contains("arbor>")
        }
        try tmux.type("Author.limit(1)")
        try tmux.press("Enter")
        try tmux.waitFor("author  id:1  name:\"Victor Hugo\"")
        try tmux.type(":q")
        try tmux.press("Enter")
        try tmux.waitUntil("the shell prompt") { !$0.contains("arbor>") && $0.contains("$") }
    }

    /// `:graph` draws in the overlay; Escape closes it.
    func testGraphOverlay() throws {
        let tmux = try TmuxSession(command: command(), width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type(":graph Tag")
        try tmux.press("Enter")
        try tmux.waitFor(
            "├─ BookTag", "│  ├─▶ bookTags     hasMany         tagId → id",
            "   └─◀ Book.tags    hasManyThrough  through Book.bookTags using BookTag.tag")
        try tmux.press("Escape")
        try tmux.waitUntil("the overlay to close") { !$0.contains("├─ BookTag") }
    }

    func testNoTUIKeepsLineMode() throws {
        let tmux = try TmuxSession(command: command("--no-tui"), width: 80, height: 20)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.limit(1).select(Column(\"name\"))")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("author name:\"Victor Hugo\"")
        XCTAssertFalse(screen.contains("Schema"), screen)  // line mode draws no panes, ever
        try tmux.press("C-d")
        try tmux.waitFor("exit=0")
    }
}
