import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Whole screens rendered from state, as the terminal would show them.
final class ScreenTests: XCTestCase {
    func testA40By10TerminalCollapsesToResultsInputAndStatus() throws {
        var state = try Fixtures.state(after: "Author.including(all: Author.books)", width: 40, height: 10)
        _ = state.update(.key(.character(" ")))
        XCTAssertNil(state.layout.schema)
        XCTAssertNil(state.layout.sql)
        XCTAssertEqual(
            View.render(state).buffer.text,
            """
            ─ Author.including(all: Author.books) ──
            ▾ author  id:1  name:"Victor H…  …
              ▾ books  11 rows
                  book  id:12  authorId:1  …
                  book  id:102  authorId:1  …
                  book  id:107  authorId:1  …
                  book  id:149  authorId:1  …
                  book  id:173  authorId:1  …
            arbor> Author.including(all: Author.book
            ␣ expand · → children ·…  76 rows · 4 ms
            """)
        // The children pane takes the whole width when there is no room for two.
        _ = state.update(.key(.right))
        XCTAssertEqual(
            View.render(state).buffer.text,
            """
            ─ author 1 ──────────────────── ← back ─
            › books  11 rows
                book  id:12  authorId:1  …
                book  id:102  authorId:1  …
                book  id:107  authorId:1  …
                book  id:149  authorId:1  …
                book  id:173  authorId:1  …
                book  id:182  authorId:1  …
            arbor> Author.including(all: Author.book
            → into · ← back · v det…  76 rows · 4 ms
            """)
    }

    func testAFullScreenWithWideCharacters() throws {
        var state = try Fixtures.state(
            after: "Author.including(all: Author.books).filter(key: 64)", width: 120, height: 40)
        _ = state.update(.key(.character(" ")))
        let frame = View.render(state)
        let lines = frame.buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 40)
        XCTAssertEqual(
            lines[0],
            "─ Schema ────────────────────┬─ Author.including(all: Author.books).filter(key: 64) ────── 1 row · 2 statements · 4 ms ─"
        )
        XCTAssertEqual(
            lines[1],
            "▸ country                   …│▾ author  id:64  name:\"村上春樹\"  birthYear:1949  deathDate:NULL  countryCode:\"JP\"  …"
        )
        XCTAssertEqual(
            lines[3],
            "▸ postal_address            …│      book  id:38  authorId:64  translatorId:NULL  libraryId:1  title:\"羊をめぐる冒険\"  …"
        )
        // A wide character that does not fit is left out whole; the columns after give way to one `…`.
        XCTAssertEqual(
            lines[10],
            "▸ review                    …│      book  id:270  authorId:64  translatorId:NULL  libraryId:2  title:\"世界の終りとハ…  …"
        )
        // The app's statements, then what ran (here the same: a request fetched whole).
        XCTAssertEqual(
            lines[33],
            "─ SQL · app 2 · ran 2 " + String(repeating: "─", count: 62) + " p plan · y copy · Y app's · R ran ─")
        XCTAssertEqual(lines[34], "app main     SELECT * FROM \"author\" WHERE \"id\" = 64")
        XCTAssertEqual(
            lines[35], "app prefetch SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" = 64")
        XCTAssertTrue(lines[36].hasPrefix("ran main     SELECT * FROM \"author\" WHERE \"id\" = 64 "), lines[36])
        XCTAssertTrue(lines[36].hasSuffix(" ms"), lines[36])
        XCTAssertEqual(lines[38], "arbor> Author.including(all: Author.books).filter(key: 64)")
        XCTAssertEqual(
            lines[39],
            "␣ expand · → children · e/c all · v detail · / find · y SQL · J JSON · i edit · Tab pane     1 row · 2 statements · 4 ms"
        )
        XCTAssertNil(frame.cursorX, "the cursor hides while a pane has the focus")
        // Every wide character is a head cell followed by its continuation.
        let buffer = frame.buffer
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer[x, y].width == 2 {
                XCTAssertTrue(buffer[x + 1, y].isContinuation)
            }
        }
    }

    func testHelpOverlayAndTooSmallTerminal() {
        var state = AppState(width: 100, height: 30, environment: Fixtures.emptyEnvironment)
        _ = state.update(.key(.function(1)))
        let text = View.render(state).buffer.text
        XCTAssertTrue(text.hasPrefix("─ Help "), text)
        XCTAssertTrue(
            text.contains(
                "  ^R                   search the history as you type; ^R again for older, Esc or ^G to give up"),
            text)
        XCTAssertFalse(text.contains(":copy FILE"))
        _ = state.update(.key(.character("G")))
        XCTAssertTrue(
            View.render(state).buffer.text.contains(
                "  :copy FILE" + String(repeating: " ", count: 10)
                    + "write the last copied text (or every SQL statement) to FILE"))
        _ = state.update(.key(.escape))
        XCTAssertNil(state.overlay)
        _ = state.update(.resize(width: 15, height: 4))
        XCTAssertEqual(View.render(state).buffer.text, "arbor: terminal\n\n\n")
    }

    func testDetailViewShowsTheFullValues() {
        var state = AppState(width: 60, height: 12, environment: Fixtures.emptyEnvironment)
        state.results = ResultsState(source: Fixtures.source, title: "Author.all()")
        state.focus = .results
        _ = state.update(.key(.character("v")))
        let lines = View.render(state).buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 12)
        XCTAssertEqual(lines[0], "─ author 1 " + String(repeating: "─", count: 26) + " y/Y copy · Esc close ─")
        XCTAssertEqual(lines[1...3], [" id: 1", " name: \"Herman Melville\"", " books: 2 rows"])
        XCTAssertEqual(lines[4...9].joined(), "")
        XCTAssertEqual(lines[10...11], ["arbor>", "↑↓ scroll · Tab next block · y copy it · Y all · Esc close"])
    }
}
