import ArborCore
import ArborLanguage
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// Keys in, state and effects out: the app's `update`, without a terminal.
final class UpdateTests: XCTestCase {
    func type(_ text: String, into state: inout AppState) {
        for c in text { _ = state.update(.key(.character(c))) }
    }

    func testEnterRunsAndTheResultOpensInTheResultsPane() throws {
        let state = try Fixtures.state(
            after: "Author.including(all: Author.books)", width: 120, height: 40, walk: false)
        XCTAssertNil(state.running)
        XCTAssertEqual(state.focus, .input, "the focus stays in the input, for refining")
        XCTAssertEqual(state.input.text, "Author.including(all: Author.books)")
        XCTAssertTrue(state.input.isSelected)
        XCTAssertEqual(state.sql.ran.map(\.label), ["main", "prefetch"])
        XCTAssertEqual(state.sql.appStatements?.first?.sql, "SELECT * FROM \"author\"")
        XCTAssertEqual(state.results?.source.rowCount, 76)
        XCTAssertEqual(state.history.entries, ["Author.including(all: Author.books)"])
    }

    func testCtrlCInterruptsTheRunningRequestAndANewRequestReplacesIt() {
        var state = AppState(width: 80, height: 24, environment: Fixtures.emptyEnvironment)
        type("Book.all()", into: &state)
        let first = state.update(.key(.enter))
        XCTAssertEqual(first.last, .run(text: "Book.all()", generation: 1))
        type("Author.all()", into: &state)
        let second = state.update(.key(.enter))
        XCTAssertEqual(
            second, [.saveHistory(state.history), .interrupt(generation: 1), .run(text: "Author.all()", generation: 2)])
        XCTAssertEqual(state.update(.key(.control("c"))), [.interrupt(generation: 2)])
        XCTAssertEqual(state.running?.cancelling, true)
        // The replaced request's outcome is dropped; the cancelled one reports it.
        _ = state.update(.finished(generation: 1, outcomes: [], environment: Fixtures.emptyEnvironment, elapsed: 1))
        XCTAssertNotNil(state.running)
        _ = state.update(
            .finished(
                generation: 2, outcomes: [.failure([ArborError("interrupted")], text: "Author.all()")],
                environment: Fixtures.emptyEnvironment, elapsed: 0.25))
        XCTAssertNil(state.running)
        XCTAssertEqual(state.notice?.text, "cancelled after 250 ms")
        XCTAssertEqual(state.input.text, "Author.all()", "the request stays in the input…")
        XCTAssertTrue(state.input.isSelected, "…selected, so that the next one replaces it")
        XCTAssertEqual(state.update(.key(.control("c"))), [], "Ctrl-C with nothing running never quits")
    }

    func testExpandOpenChildrenGoBackAndCopy() throws {
        var state = try Fixtures.state(after: "Author.including(all: Author.books)", width: 120, height: 40)
        _ = state.update(.key(.character(" ")))
        XCTAssertEqual(state.results?.expanded, [NodePath([0]), NodePath([0, 0])])
        _ = state.update(.key(.right))
        XCTAssertEqual(state.focus, .children)
        XCTAssertEqual(state.miller?.current?.node, NodePath([0]))
        _ = state.update(.key(.down))
        let json = state.update(.key(.character("J")))
        guard case .copy(let text, let what)? = json.first else { return XCTFail("\(json)") }
        XCTAssertEqual(what, "row as JSON")
        XCTAssertTrue(text.hasPrefix("{\"id\":"), text)
        XCTAssertTrue(text.contains("\"authorId\":1,"), text)
        _ = state.update(.key(.left))
        XCTAssertNil(state.miller)
        XCTAssertEqual(state.focus, .results)
        XCTAssertEqual(
            state.update(.key(.character("y"))),
            [.copy(text: "SELECT * FROM \"author\";", what: "the app's statement 1/2 (main)")])
        let all = state.update(.key(.character("Y")))
        guard case .copy(let statements, "the app's 2 statements")? = all.first else { return XCTFail("\(all)") }
        XCTAssertEqual(statements.split(separator: "\n").count, 2)
        // `:copy FILE` writes what was copied last.
        type(":copy /tmp/x.sql", into: &state)
        XCTAssertEqual(state.update(.key(.enter)).last, .write(text: statements, path: "/tmp/x.sql"))
    }

    func testLettersTypedInAPaneStartAStatement() throws {
        var state = try Fixtures.state(after: "Author.limit(2)", width: 120, height: 40)
        XCTAssertEqual(state.focus, .results)
        type("Book", into: &state)
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "Book")
    }

    func testEmacsEditing() {
        var state = AppState(width: 80, height: 24, environment: Fixtures.emptyEnvironment)
        type("Author.filter(key: 1)", into: &state)
        _ = state.update(.key(.control("a")))
        _ = state.update(.key(.alt("f")))
        XCTAssertEqual(state.input.cursor, 6)
        _ = state.update(.key(.control("k")))
        XCTAssertEqual(state.input.text, "Author")
        _ = state.update(.key(.control("y")))
        _ = state.update(.key(.alt("b")))
        _ = state.update(.key(.alt("b")))
        XCTAssertEqual(state.input.cursor, 14)
        _ = state.update(.key(.control("e")))
        _ = state.update(.key(.control("w")))
        XCTAssertEqual(state.input.text, "Author.filter(key: ")
        _ = state.update(.key(.control("u")))
        XCTAssertEqual(state.input.text, "")
        XCTAssertEqual(state.update(.key(.control("d"))), [.quit], "Ctrl-D on an empty line quits")
    }

    func testHistoryBrowsingAndReverseSearch() {
        var state = AppState(
            width: 80, height: 24, environment: Fixtures.emptyEnvironment,
            history: History(entries: ["Author.all()", "Book.limit(3)", "Author.limit(1)"]))
        type("draft", into: &state)
        _ = state.update(.key(.up))
        XCTAssertEqual(state.input.text, "Author.limit(1)")
        _ = state.update(.key(.up))
        XCTAssertEqual(state.input.text, "Book.limit(3)")
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        XCTAssertEqual(state.input.text, "draft")
        _ = state.update(.key(.control("r")))
        type("Auth", into: &state)
        XCTAssertEqual(state.search?.match, 2)
        _ = state.update(.key(.control("r")))
        XCTAssertEqual(state.search?.match, 0)
        var buffer = ScreenBuffer(width: 60, height: 1)
        _ = InputLineView.draw(state, into: &buffer, rect: buffer.bounds)
        XCTAssertEqual(buffer.line(0), "(reverse-i-search)'Auth': Author.all()")
        let effects = state.update(.key(.enter))
        XCTAssertEqual(effects.last, .run(text: "Author.all()", generation: 1))
    }

    func testHistoryKeepsTwoThousandEntriesAndMultiLineStatementsWhole() {
        var history = History()
        for i in 0..<2_005 { history.add("Book.limit(\(i))") }
        history.add("extension Book {\n  static let x = 1 // a \\ b\n}")
        XCTAssertEqual(history.entries.count, 2_000)
        XCTAssertEqual(history.entries.first, "Book.limit(6)")
        XCTAssertEqual(History.decode(history.encoded()), history.entries)
        XCTAssertEqual(
            History.fileURL(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"], database: nil)?.path,
            "/s/arbor/histories/demo")
        XCTAssertEqual(
            History.fileURL(environment: ["HOME": "/h"], database: nil)?.path, "/h/.local/state/arbor/histories/demo")
        // One file per database, named after it; another path, another file.
        let chinook = History.fileURL(environment: ["HOME": "/h"], database: "/data/chinook.db")?.path ?? ""
        XCTAssertTrue(chinook.hasPrefix("/h/.local/state/arbor/histories/chinook.db-"), chinook)
        XCTAssertEqual(chinook.count, "/h/.local/state/arbor/histories/chinook.db-".count + 16)
        XCTAssertEqual(History.fileURL(environment: ["HOME": "/h"], database: "/data/chinook.db")?.path, chinook)
        XCTAssertNotEqual(History.fileURL(environment: ["HOME": "/h"], database: "/other/chinook.db")?.path, chinook)
        XCTAssertEqual(History.fileName(database: "/x/a b;c.db").prefix(9), "a_b_c.db-")
    }

    func testTabCompletesAssociationsThroughTheLanguage() throws {
        var state = AppState(width: 80, height: 24, environment: try Fixtures.demo().environment)
        type("Author.including(all: Author.pain", into: &state)
        _ = state.update(.key(.tab))
        XCTAssertEqual(state.input.text, "Author.including(all: Author.paintings")
        type(")", into: &state)
        _ = state.update(.key(.home))
        _ = state.update(.key(.alt("f")))
        type(".", into: &state)
        _ = state.update(.key(.tab))
        XCTAssertGreaterThan(state.completions.count, 5, "several methods are offered")
        XCTAssertTrue(state.completions.contains("filter"))
    }

    func testTabCompletesAgainstTheEnvironmentOfTheLastRun() throws {
        var state = AppState(width: 80, height: 24, environment: Fixtures.emptyEnvironment)
        type("Author.boo", into: &state)
        _ = state.update(.key(.tab))
        XCTAssertEqual(state.input.text, "Author.boo", "no tables: nothing to complete")
        state.completionEnvironment = try Fixtures.demo().environment
        _ = state.update(.key(.tab))
        XCTAssertEqual(state.input.text, "Author.books")
    }

    func testSchemaInsertsTheChosenAssociation() throws {
        var state = AppState(width: 120, height: 40, environment: try Fixtures.demo().environment)
        _ = state.update(.key(.escape))
        XCTAssertEqual(state.focus, .schema)
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        _ = state.update(.key(.character(" ")))
        for _ in 0..<8 { _ = state.update(.key(.down)) }
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "Author.postalAddress")
    }

    func testMouseSelectsAndToggles() throws {
        var state = try Fixtures.state(after: "Author.including(all: Author.books)", width: 120, height: 40)
        guard let results = state.layout.results else { return XCTFail("no results pane") }
        // Row 3 of the pane is the third author; a click on its marker opens it.
        _ = state.update(.mouse(MouseEvent(.click, x: results.x + 5, y: results.y + 3)))
        XCTAssertEqual(state.results?.selected, NodePath([2]))
        XCTAssertEqual(state.results?.expanded, [])
        _ = state.update(.mouse(MouseEvent(.click, x: results.x, y: results.y + 3)))
        XCTAssertEqual(state.results?.expanded, [NodePath([2]), NodePath([2, 0])])
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: results.x + 5, y: results.y + 3)))
        XCTAssertEqual(state.results?.selected, NodePath([2, 0, 1]))
    }
}

extension UpdateTests {
    func testSlashFindsTheNextOpenLineContainingTheText() throws {
        var state = try Fixtures.state(after: "Author.including(all: Author.books)", width: 120, height: 40)
        _ = state.update(.key(.character("/")))
        XCTAssertEqual(state.focus, .input)
        type("melville", into: &state)
        var buffer = ScreenBuffer(width: 40, height: 1)
        _ = InputLineView.draw(state, into: &buffer, rect: buffer.bounds)
        XCTAssertEqual(buffer.line(0), "find: melville")
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.focus, .results)
        XCTAssertEqual(state.results?.selected, NodePath([18]))
        _ = state.update(.key(.character(" ")))
        _ = state.update(.key(.character("/")))
        type("Moby", into: &state)
        _ = state.update(.key(.enter))
        guard let selected = state.results?.selected, let node = state.results?.source.node(at: selected) else {
            return XCTFail("nothing selected")
        }
        XCTAssertEqual(selected.steps.prefix(2), [18, 0])
        let title = node.row.flatMap { row in zip(row.names, row.values).first { $0.0 == "title" }?.1 }
        XCTAssertEqual(title.flatMap { String.fromDatabaseValue($0) }, "Moby-Dick; or, The Whale")
        _ = state.update(.key(.character("n")))
        XCTAssertEqual(state.results?.selected, selected, "the only match is found again")
        _ = state.update(.key(.character("/")))
        type("zzz", into: &state)
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.notice?.text, "“zzz” not found in the open lines")
    }
}

extension UpdateTests {
    func testEscapeFollowedAtOnceByALetterIsBothKeys() {
        var state = AppState(width: 80, height: 24, environment: Fixtures.emptyEnvironment)
        _ = state.update(.key(.function(1)))
        XCTAssertNotNil(state.overlay)
        _ = state.update(.key(.alt("l")))
        type("et x = 1", into: &state)
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.input.text, "let x = 1")
    }
}

extension UpdateTests {
    func testReturnInsideOpenBracketsContinuesTheStatement() {
        var state = AppState(width: 80, height: 24, environment: Fixtures.emptyEnvironment)
        type("extension Book {", into: &state)
        XCTAssertEqual(state.update(.key(.enter)), [])
        type("static let x = \"{\" }", into: &state)
        let effects = state.update(.key(.enter))
        XCTAssertEqual(effects.last, .run(text: "extension Book {\nstatic let x = \"{\" }", generation: 1))
        XCTAssertEqual(state.history.entries, ["extension Book {\nstatic let x = \"{\" }"])
    }
}

extension UpdateTests {
    /// Author → books → prizes, level by level in the children pane, and back.
    func testTheChildrenPaneWalksToGrandchildrenAndBack() throws {
        var state = try Fixtures.state(
            after: "Author.including(all: Author.books.including(all: Book.prizes)).filter(key: 5)", width: 120,
            height: 40)
        _ = state.update(.key(.right))
        XCTAssertEqual(state.focus, .children)
        // The first entry is the `books` group, then the books; the first book has a prize.
        _ = state.update(.key(.down))
        _ = state.update(.key(.right))
        XCTAssertEqual(state.miller?.levels.map(\.node), [NodePath([0]), NodePath([0, 0, 0])])
        _ = state.update(.key(.right))
        XCTAssertEqual(state.miller?.current?.node, NodePath([0, 0, 0, 0]))
        let lines = View.render(state).buffer.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("─ author 5 › book 7 › prizes ─"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("│  prize  id:1  bookId:7  name:\"Prix Gonco…  …"), lines[1])
        _ = state.update(.key(.left))
        _ = state.update(.key(.left))
        XCTAssertEqual(state.miller?.current?.selected, 1, "each level keeps its selection")
        _ = state.update(.key(.left))
        XCTAssertNil(state.miller)
        XCTAssertEqual(state.focus, .results)
    }
}

/// After ↵ the request stays in the input, selected, and so does the focus.
extension UpdateTests {
    func testTheRequestStaysSelectedAndTypingReplacesIt() throws {
        var state = try Fixtures.state(after: "Author.limit(2)", width: 120, height: 40, walk: false)
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "Author.limit(2)")
        XCTAssertTrue(state.input.isSelected)
        // Typing right after a run is never lost to a pane: it replaces the request.
        type("let a = Author.all()", into: &state)
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "let a = Author.all()")
        XCTAssertFalse(state.input.isSelected)
    }

    func testRightArrowEditsTheRequestAndEnterRunsTheEditedOne() throws {
        var state = try Fixtures.state(after: "Author.limit(2)", width: 120, height: 40, walk: false)
        _ = state.update(.key(.right))
        XCTAssertFalse(state.input.isSelected)
        _ = state.update(.key(.backspace))
        _ = state.update(.key(.backspace))
        type("3)", into: &state)
        let effects = state.update(.key(.enter))
        XCTAssertEqual(effects.last, .run(text: "Author.limit(3)", generation: 2))
        XCTAssertEqual(state.input.text, "Author.limit(3)")
        XCTAssertTrue(state.input.isSelected)
        XCTAssertEqual(state.focus, .input)
        // ← goes to the start of the request, End to its end; Backspace on a selection clears it.
        _ = state.update(.key(.left))
        XCTAssertEqual(state.input.cursor, 0)
        state.input.setSelected("Author.limit(3)")
        _ = state.update(.key(.backspace))
        XCTAssertEqual(state.input.text, "")
    }

    func testEscOrTabWalksTheResultAndIEditsTheLastRequest() throws {
        var state = try Fixtures.state(after: "Author.limit(2)", width: 120, height: 40, walk: false)
        _ = state.update(.key(.tab))
        XCTAssertEqual(state.focus, .results, "Tab on the request just run walks its result")
        _ = state.update(.key(.down))
        XCTAssertEqual(state.results?.selected, NodePath([1]))
        _ = state.update(.key(.character("i")))
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "Author.limit(2)")
        XCTAssertFalse(state.input.isSelected, "i edits: the cursor at the end")
        XCTAssertEqual(state.input.cursor, "Author.limit(2)".count)
        type(".offset(1)", into: &state)
        XCTAssertEqual(state.input.text, "Author.limit(2).offset(1)")
        // Once edited, Tab completes again rather than leave.
        _ = state.update(.key(.tab))
        XCTAssertEqual(state.focus, .input)
        _ = state.update(.key(.escape))
        XCTAssertEqual(state.focus, .results)
        // In a pane, a letter that is no pane command goes to the input with the focus.
        _ = state.update(.key(.character("B")))
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "Author.limit(2).offset(1)B")
    }

    func testUpAfterARunGoesToTheRequestBefore() throws {
        var state = AppState(width: 80, height: 24, environment: Fixtures.emptyEnvironment)
        for text in ["Author.all()", "Book.all()"] {
            type(text, into: &state)
            _ = state.update(.key(.enter))
        }
        XCTAssertEqual(state.input.text, "Book.all()")
        _ = state.update(.key(.up))
        XCTAssertEqual(state.input.text, "Author.all()")
        _ = state.update(.key(.down))
        XCTAssertEqual(state.input.text, "Book.all()")
    }

    func testALetterInAPaneReplacesTheSelectedRequest() throws {
        var state = try Fixtures.state(after: "Author.limit(2)", width: 120, height: 40)
        XCTAssertEqual(state.focus, .results)
        XCTAssertTrue(state.input.isSelected)
        type("Book", into: &state)
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.input.text, "Book")
    }

    func testAFailedRequestComesBackEditable() throws {
        let state = try Fixtures.state(after: "Author.bokks", width: 120, height: 40, walk: false)
        XCTAssertEqual(state.input.text, "Author.bokks")
        XCTAssertTrue(state.input.isSelected, "an error keeps the request selected, as a success does")
        XCTAssertEqual(state.focus, .input)
    }

    func testTheSelectedRequestIsDrawnReversed() throws {
        let state = try Fixtures.state(after: "Author.limit(2)", width: 40, height: 10, walk: false)
        var buffer = ScreenBuffer(width: 40, height: 1)
        _ = InputLineView.draw(state, into: &buffer, rect: buffer.bounds)
        XCTAssertEqual(buffer.line(0), "arbor> Author.limit(2)")
        XCTAssertTrue(buffer[7, 0].style.reverse)
        XCTAssertTrue(buffer[21, 0].style.reverse)
        XCTAssertFalse(buffer[0, 0].style.reverse)
    }
}

/// Walking children: the cursor starts where → goes on; → says why when it cannot.
extension UpdateTests {
    func testTheChildrenPaneOpensOnTheFirstEntryWithChildren() throws {
        var state = try Fixtures.state(
            after: "Book.filter(key: 7).including(required: Book.author).including(all: Book.prizes)", width: 120,
            height: 40)
        _ = state.update(.key(.right))
        XCTAssertEqual(state.focus, .children)
        // The author (a to-one row with nothing below it) comes first; the prizes are marked ›.
        XCTAssertEqual(state.miller?.current?.selected, 1)
        let text = View.render(state).buffer.text
        XCTAssertTrue(text.contains("│  author  id:"), text)
        XCTAssertTrue(text.contains("│› prizes  "), text)
    }

    func testRightOnALineWithNothingToOpenSaysWhy() throws {
        var state = try Fixtures.state(
            after: "Book.filter(key: 7).including(required: Book.author).including(all: Book.prizes)", width: 120,
            height: 40)
        _ = state.update(.key(.character(" ")))
        _ = state.update(.key(.down))
        XCTAssertEqual(state.results?.selected, NodePath([0, 0]))
        _ = state.update(.key(.right))
        XCTAssertEqual(state.focus, .results)
        XCTAssertEqual(
            state.notice?.text,
            "author is one row with no includes of its own: its values are on its line (v shows them all)")
    }

    func testLongListsCountWithSeparators() {
        let node = ResultNode.toMany(key: "tracks", table: "track", count: 3290)
        XCTAssertEqual(RowText.spans(node).map(\.text).joined(), "tracks  3,290 rows")
    }
}
