import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// The SQL pane: the app's statements, every statement that ran, labelled, and
/// the full view's layout.
final class SQLPaneTests: XCTestCase {
    func render(_ width: Int, _ height: Int, _ draw: (inout ScreenBuffer) -> Void) -> String {
        var buffer = ScreenBuffer(width: width, height: height)
        draw(&buffer)
        return buffer.text
    }

    func testThePaneListsTheAppsStatementsThenWhatRanLabelled() {
        var state = SQLState(
            appStatements: [
                CapturedStatement(sql: "SELECT * FROM \"author\"", duration: 0, label: "main"),
                CapturedStatement(
                    sql: "SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (1, 2)",
                    duration: 0, label: "prefetch books"),
            ],
            ran: [
                CapturedStatement(
                    sql: "SELECT * FROM \"author\" ORDER BY \"id\" LIMIT 100", duration: 0.000_2, label: "window 1"),
                CapturedStatement(
                    sql: "SELECT \"authorId\", COUNT(\"authorId\") AS \"n\" FROM \"book\"", duration: 0.003,
                    label: "window 1 · count books"),
            ])
        state.move(by: 2, height: 4)
        let text = render(80, 5) { buffer in
            SQLView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        }
        XCTAssertEqual(
            text,
            """
            ─ SQL · app 2 · ran 2 ────────────────────── p plan · y copy · Y app's · R ran ─
            app main                   SELECT * FROM "author"
            app prefetch books         SELECT *, "authorId" AS "grdb_authorId" FROM "book" …
            ran window 1               SELECT * FROM "author" ORDER BY "id" LIMIT 100  <1 ms
            ran window 1 · count books SELECT "authorId", COUNT("authorId") AS "n" FRO… 3 ms
            """)
        XCTAssertEqual(state.selectedEntry, .ran(0))
    }

    func testAppStatementsStillBeingWorkedOutAreSaid() {
        let state = SQLState(ran: [CapturedStatement(sql: "SELECT 1", duration: 0, label: "window 1")])
        let text = render(70, 3) { buffer in
            SQLView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        }
        XCTAssertTrue(text.contains("\napp          the app's statements: working them out…\n"), text)
        XCTAssertTrue(text.contains("─ SQL · app … · ran 1 ─"), text)
    }

    /// The pane reads the log again as it grows, laying out only the new statements;
    /// older ones dropped from the log are counted.
    func testThePaneFollowsTheLogAsItGrows() {
        let log = StatementLog(capacity: 3)
        let list = (1...20).map(String.init).joined(separator: ", ")
        log.append([CapturedStatement(sql: "SELECT 1 WHERE x IN (\(list))", duration: 0)], label: "window 1")
        var state = SQLState(appStatements: [], ran: log.snapshot.statements)
        state.refresh(from: log)
        XCTAssertEqual(state.ranLines, ["SELECT 1 WHERE x IN (1, 2, 3, 4, 5, … 20 values)"])
        for i in 2...5 {
            log.append([CapturedStatement(sql: "SELECT  \(i)", duration: 0)], label: "window \(i)")
            state.refresh(from: log)
        }
        XCTAssertEqual(state.ran.map(\.label), ["window 3", "window 4", "window 5"])
        XCTAssertEqual(state.ranLines, ["SELECT 3", "SELECT 4", "SELECT 5"])
        XCTAssertEqual(state.dropped, 2)
        XCTAssertEqual(state.entries, [.dropped(2), .ran(0), .ran(1), .ran(2)])
        XCTAssertEqual(state.ranTotal, 5)
    }

    /// Any text, however broken (unclosed quotes and comments, control characters),
    /// cuts into tokens that join back into it, and lays out without a trap.
    func testAnyTextTokenizesBackIntoItself() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("SELECT IN(1,2)'\"`[]/*-- \n\u{1B}x漢😀.e5,")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int.random(in: 0..<60, using: &generator)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                })
            XCTAssertEqual(SQLTokens.tokens(of: text).map(\.text).joined(), text)
            _ = SQLLayout.oneLine(text)
            _ = SQLLayout.lines(text).flatMap { SpanWrap.wrapWords($0, width: 20) }
        }
    }

    func testLongInListsAreShortenedWithTheirCount() {
        let list = (1...76).map(String.init).joined(separator: ", ")
        XCTAssertEqual(
            SQLLayout.oneLine("SELECT * FROM \"book\" WHERE \"authorId\" IN (\(list))"),
            "SELECT * FROM \"book\" WHERE \"authorId\" IN (1, 2, 3, 4, 5, … 76 values)")
        // Short lists, subqueries and text that looks like a list stay as they are.
        XCTAssertEqual(SQLLayout.oneLine("SELECT 1 WHERE x IN (1, 2)"), "SELECT 1 WHERE x IN (1, 2)")
        let subquery = "SELECT 1 WHERE x IN (SELECT a FROM t WHERE b IN (1, 2))"
        XCTAssertEqual(SQLLayout.oneLine(subquery), subquery)
        let quoted = "SELECT 'IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)'"
        XCTAssertEqual(SQLLayout.oneLine(quoted), quoted)
    }

    func testTheFullViewPutsEachClauseOnItsOwnLine() {
        let sql =
            "WITH \"grdb_base\" AS (SELECT \"code\" FROM \"country\" WHERE \"a\" = 'x FROM y' ORDER BY \"name\" LIMIT 5) "
            + "SELECT \"city\".*, \"c\".\"x\" FROM \"city\" LEFT JOIN \"c\" ON \"c\".\"id\" = \"city\".\"cId\" "
            + "WHERE (\"countryCode\") IN \"grdb_base\" AND \"id\" IN (SELECT \"id\" FROM \"t\") "
            + "ORDER BY row_number() OVER (ORDER BY \"a\")"
        let lines = SQLLayout.lines(sql).map { $0.map(\.text).joined() }
        XCTAssertEqual(
            lines,
            [
                "WITH \"grdb_base\" AS (SELECT \"code\"",
                "  FROM \"country\"",
                "  WHERE \"a\" = 'x FROM y'",
                "  ORDER BY \"name\"",
                "  LIMIT 5)",
                "SELECT \"city\".*, \"c\".\"x\"",
                "FROM \"city\"",
                "LEFT JOIN \"c\" ON \"c\".\"id\" = \"city\".\"cId\"",
                "WHERE (\"countryCode\") IN \"grdb_base\" AND \"id\" IN (SELECT \"id\"",
                "  FROM \"t\")",
                "ORDER BY row_number() OVER (ORDER BY \"a\")",
            ])
    }

    /// At any width, lines are no wider than it, nothing is lost, and a word
    /// (a name, a string, a number) that fits in a continued line is never cut.
    func testWrappingNeverBreaksInsideAToken() {
        let statements = [
            "SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (1, 2, 3) AND \"title\" = 'A long title, with commas and 漢字 in it' ORDER BY \"year\" DESC",
            "SELECT \"book\".*, \"author\".* FROM \"book\" JOIN \"author\" ON \"author\".\"id\" = \"book\".\"authorId\" WHERE \"book\".\"year\" < 1700 LIMIT 100 OFFSET 3000",
            "SELECT x'00ff', -1.5e10, \"a\"\"b\", `c`, [d e] FROM \"t\" /* a comment */ WHERE '😀😀😀' = 1",
        ]
        for sql in statements {
            let layout = SQLLayout.lines(sql)
            for width in 20...200 {
                for line in layout {
                    let words = line.map(\.text).filter { !$0.allSatisfy { $0 == " " } }
                    let wrapped = SpanWrap.wrapWords(line, width: width)
                    var pieces: [String] = []
                    for row in wrapped {
                        let text = row.map(\.text).joined()
                        XCTAssertLessThanOrEqual(TextFit.width(text), width, "\(width): \(text)")
                        pieces += row.map(\.text).filter { !$0.allSatisfy { $0 == " " } }
                    }
                    // Each word is one piece when it fits in half a line, else pieces that join into it.
                    var next = 0
                    for word in words {
                        var joined = ""
                        while next < pieces.count, joined.count < word.count {
                            joined += pieces[next]
                            next += 1
                            if TextFit.width(word) <= width / 2 { break }
                        }
                        XCTAssertEqual(joined, word, "width \(width)")
                    }
                    XCTAssertEqual(next, pieces.count, "width \(width): nothing added")
                }
            }
        }
    }

    /// A parent with more children than the cap: its prefetch is capped, and the
    /// pane says every statement that ran (the count, the pages) with a label,
    /// then the more fetched by ↵; `Y` copies what the app would run instead.
    func testACappedPrefetchShowsEveryStatementLabelled() throws {
        let books = (1...120).map { "(\($0), 1, 'Book \($0)')" }.joined(separator: ", ")
        let path = try Fixtures.database(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            INSERT INTO author VALUES (1, 'Prolific'), (2, 'Rare');
            INSERT INTO book VALUES \(books), (121, 2, 'Only');
            """)
        let session = try Session(path: path)
        // Run as the interface's worker does: windowed, the app's statements afterwards.
        var state = AppState(width: 120, height: 40, environment: session.environment)
        state.input.set("Author.including(all: Author.books)")
        _ = state.update(.key(.enter))
        let outcomes = session.runInteractive("Author.including(all: Author.books)")
        _ = state.update(
            .finished(generation: 1, outcomes: outcomes, environment: session.environment, elapsed: 0.01))
        guard case .rows(let result)? = outcomes.first, let window = result.window else {
            return XCTFail("not windowed: \(outcomes)")
        }
        XCTAssertNil(result.appStatements, "a prefetch's statements need the parents' keys: worked out afterwards")
        _ = state.update(
            .appStatements(
                generation: 1, statements: try session.appStatements(result.plan, single: false), note: nil))
        XCTAssertEqual(
            state.sql.ran.map(\.label),
            ["window 1", "window 1 · count books", "window 1 · books", "window 1 · books of author 1"])
        XCTAssertEqual(
            state.sql.ran.last?.sql,
            "SELECT * FROM \"book\" WHERE \"authorId\" = 1 ORDER BY \"id\" LIMIT 50")
        XCTAssertEqual(state.sql.appStatements?.map(\.label), ["main", "prefetch books"])

        // ↵ for more: the page it fetched appears, labelled.
        XCTAssertEqual(try window.loadMoreChildren(ofRow: 0, key: "books"), 70)
        _ = state.update(.windowLoaded)
        XCTAssertEqual(state.sql.ran.last?.label, "more books of author 1")
        XCTAssertEqual(
            state.sql.ran.last?.sql,
            "SELECT * FROM \"book\" WHERE \"authorId\" = 1 ORDER BY \"id\" LIMIT 1000 OFFSET 50")

        // `Y` copies the app's statements exactly as GRDB runs them for the request.
        _ = state.update(.key(.escape))
        let author = Table("author")
        let request = author.including(all: author.hasMany(Table("book")))
        var traced: [String] = []
        try session.database.read { db in
            db.trace(options: .profile) { event in
                if case .profile(let statement, _) = event, statement.sql.hasPrefix("SELECT") {
                    traced.append(statement.expandedSQL)
                }
            }
            _ = try Row.fetchAll(db, request)
            db.trace(options: [], nil)
        }
        XCTAssertEqual(traced.count, 2)
        let copied = state.update(.key(.character("Y")))
        XCTAssertEqual(
            copied, [.copy(text: traced.map { $0 + ";" }.joined(separator: "\n"), what: "the app's 2 statements")])
        // `R` copies what ran.
        guard case .copy(let ran, let what)? = state.update(.key(.character("R"))).first else {
            return XCTFail("R copied nothing")
        }
        XCTAssertEqual(what, "5 statements that ran")
        XCTAssertEqual(ran.split(separator: "\n").count, 5)
    }

    func testTheFullViewOfAStatementWrapsByToken() throws {
        var state = try Fixtures.state(
            after: "Author.including(all: Author.books)", width: 60, height: 30, interactive: true)
        _ = state.update(.key(.tab))
        XCTAssertEqual(state.focus, .sql)
        _ = state.update(.key(.down))
        _ = state.update(.key(.enter))
        guard let overlay = state.overlay else { return XCTFail("no full view") }
        XCTAssertEqual(overlay.title, "SQL the app would run · prefetch books")
        let lines = OverlayView.wrapped(overlay, width: 57).map { $0.map(\.text).joined() }
        XCTAssertEqual(
            lines,
            [
                "SELECT *, \"authorId\" AS \"grdb_authorId\"",
                "FROM \"book\"",
                "WHERE \"authorId\" IN (1, 2, 3, 4, 5, … 76 values)",
            ])
    }

    /// The app's statements with the rows and time of their run, and `scan` on a
    /// full scan of a table the statement filters.
    func testTheAppsStatementsShowTheirRowsTimeAndScans() {
        var state = SQLState(
            appStatements: [
                CapturedStatement(sql: "SELECT * FROM \"author\"", duration: 0, label: "main"),
                CapturedStatement(
                    sql: "SELECT * FROM \"book\" WHERE \"authorId\" IN (1, 2)", duration: 0, label: "prefetch books"),
            ])
        state.measures = [
            StatementMeasure(rows: 2, duration: 0.000_1),
            StatementMeasure(rows: 1_021, duration: 0.004, scannedTables: ["book"]),
        ]
        let text = render(80, 3) { buffer in
            SQLView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        }
        XCTAssertEqual(
            text,
            """
            ─ SQL · app 2 · ran 0 ────────────────────── p plan · y copy · Y app's · R ran ─
            app main           SELECT * FROM "author"                         2 rows · <1 ms
            app prefetch books SELECT * FROM "book" WHERE "authorI… scan · 1,021 rows · 4 ms
            """)
        var buffer = ScreenBuffer(width: 80, height: 3)
        SQLView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        XCTAssertEqual(buffer[56, 2].style, Theme.error, "the scan mark stands out")
        XCTAssertEqual(buffer[61, 2].style, Theme.hint)
        // A new request's statements forget the old numbers.
        state.appStatements = [CapturedStatement(sql: "SELECT 1", duration: 0, label: "main")]
        XCTAssertEqual(state.measures, [])
    }

    /// The worker runs the app's statements for the pane, and `p` asks it for the
    /// plan of the selected one: the overlay shows it as `:explain` does.
    func testMeasuresAndThePlanComeFromTheWorker() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO book VALUES (1, 1, 'A'), (2, 1, 'B'), (3, 2, 'C');
            """)
        let session = try Session(path: path)
        var state = AppState(width: 120, height: 40, environment: session.environment)
        state.input.set("Author.including(all: Author.books)")
        _ = state.update(.key(.enter))
        let outcomes = session.runInteractive("Author.including(all: Author.books)")
        _ = state.update(
            .finished(generation: 1, outcomes: outcomes, environment: session.environment, elapsed: 0.01))
        guard case .rows(let result)? = outcomes.first else { return XCTFail("no rows: \(outcomes)") }
        let statements = try session.appStatements(result.plan, single: false)
        let effects = state.update(.appStatements(generation: 1, statements: statements, note: nil))
        XCTAssertEqual(effects, [.measure(generation: 1, statements: statements.map(\.sql))])
        let measures = try statements.map { try session.measure($0.sql) }
        XCTAssertEqual(measures.map(\.rows), [2, 3])
        XCTAssertEqual(measures.map(\.scannedTables), [[], ["book"]])
        // An older request's numbers are not shown.
        _ = state.update(.measured(generation: 0, measures: [nil, nil]))
        XCTAssertEqual(state.sql.measures, [])
        _ = state.update(.measured(generation: 1, measures: measures))
        XCTAssertEqual(state.sql.measure(.app(1))?.scannedTables, ["book"])

        state.focus = .sql
        state.sql.selected = 1
        let asked = state.update(.key(.character("p")))
        XCTAssertEqual(asked, [.explain(sql: statements[1].sql, title: "query plan · app prefetch books")])
        XCTAssertNil(state.overlay, "the plan is worked out on the worker, not here")
        XCTAssertEqual(state.notice?.text, "query plan: asking SQLite…")
        _ = state.update(
            .plan(
                title: "query plan · app prefetch books", text: try session.planText(of: statements[1].sql),
                isError: false))
        let lines = state.overlay?.lines.map { $0.map(\.text).joined() } ?? []
        XCTAssertEqual(state.overlay?.title, "query plan · app prefetch books")
        XCTAssertNil(state.notice)
        XCTAssertEqual(lines.first, statements[1].sql + ";")
        XCTAssertEqual(lines[1], "QUERY PLAN")
        XCTAssertEqual(lines[2], "`--SCAN book")
        XCTAssertTrue(
            lines.contains("  CREATE INDEX \"index_book_on_authorId\" ON \"book\"(\"authorId\");"), "\(lines)")
    }
}
