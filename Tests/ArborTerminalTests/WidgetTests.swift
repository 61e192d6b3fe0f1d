import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// Each widget drawn into a buffer and read back as text.
final class WidgetTests: XCTestCase {
    func render(_ width: Int, _ height: Int, _ draw: (inout ScreenBuffer) -> Void) -> String {
        var buffer = ScreenBuffer(width: width, height: height)
        draw(&buffer)
        return buffer.text
    }

    func testResultsTreeWithChildrenOpenAndEscapedValues() {
        var state = ResultsState(source: Fixtures.source, title: "Author.including(all: Author.books)")
        state.toggle(height: 5)
        state.move(by: 4, height: 5)
        state.toggle(height: 5)
        let text = render(60, 7) { buffer in
            ResultsView.draw(
                state, info: "2 rows", into: &buffer, rect: buffer.bounds, focused: true, separatorOnRight: false)
        }
        XCTAssertEqual(
            text,
            """
            ─ Author.including(all: Author.books) ───────────── 2 rows ─
            ▾ author  id:1  name:"Herman Melville"
              ▾ books  2 rows
                  book  id:1  title:"Moby-Dick"  year:1851
                  book  id:7  title:"Typee"  year:1846
            ▾ author  id:2  name:"村上春樹"
              ▾ books  1 row
            """)
        XCTAssertEqual(state.selected, NodePath([1]))
    }

    func testOnlyTheVisibleLinesAreDrawnAndTheSelectionScrolls() {
        var state = ResultsState(source: Fixtures.source, title: "")
        state.expandAll(height: 3)
        state.move(by: 4, height: 3)
        XCTAssertEqual(state.selected, NodePath([1]))
        state.expandAll(height: 3)
        state.selectLast(height: 3)
        XCTAssertEqual(state.selected, NodePath([1, 0, 0]))
        let text = render(50, 4) { buffer in
            ResultsView.draw(
                state, info: "", into: &buffer, rect: buffer.bounds, focused: true, separatorOnRight: false)
        }
        XCTAssertEqual(
            text,
            """
            ─ Results ────────────────────────────────────────
            ▾ author  id:2  name:"村上春樹"
              ▾ books  1 row
                  book  id:3  title:"A\\e[31mB"  year:NULL
            """)
        XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" }, "no raw control character")
    }

    func testChildrenPaneWalksIntoBooksAndBack() {
        var miller = MillerState(node: NodePath([0]))
        let listing = ChildListing(source: Fixtures.source, node: NodePath([0]))
        XCTAssertEqual(listing.count, 3)
        XCTAssertEqual(listing.entry(at: 2), ChildListing.Entry(path: NodePath([0, 0, 1]), indent: 1))
        miller.move(by: 2, count: listing.count, height: 4)
        let text = render(44, 4) { buffer in
            ChildrenView.draw(miller, source: Fixtures.source, into: &buffer, rect: buffer.bounds, focused: true)
        }
        XCTAssertEqual(
            text,
            """
            ─ author 1 ──────────────────────── ← back ─
            › books  2 rows
                book  id:1  title:"Moby-Dick"  year:1851
                book  id:7  title:"Typee"  year:1846
            """)
        miller.push(NodePath([0, 0]))
        let books = render(44, 3) { buffer in
            ChildrenView.draw(miller, source: Fixtures.source, into: &buffer, rect: buffer.bounds, focused: true)
        }
        XCTAssertEqual(
            books,
            """
            ─ author 1 › books ──────────────── ← back ─
              book  id:1  title:"Moby-Dick"  year:1851
              book  id:7  title:"Typee"  year:1846
            """)
        XCTAssertTrue(miller.pop())
        XCTAssertEqual(miller.current?.selected, 2, "going back restores the selection")
        XCTAssertFalse(miller.pop())
    }

    func testSchemaPaneShowsCountsColumnsAndAssociations() throws {
        var state = SchemaState(environment: try Fixtures.demo().environment)
        state.counts["country"] = .counted(32)
        state.counts["demographics"] = .counting
        state.move(by: 3, height: 8)
        state.toggle(height: 8)
        state.top = 3
        let text = render(40, 14) { buffer in
            SchemaView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        }
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "─ Schema ──────────────────────────────┬")
        XCTAssertEqual(lines[1], "▾ author                              …│")
        XCTAssertEqual(lines[2], "    id integer                         │")
        XCTAssertEqual(lines[3], "    name text                          │")
        XCTAssertEqual(lines[9], "    postalAddress belongsTo → PostalAd…│")
        XCTAssertEqual(lines[13], "    paintings hasMany → Painting (auth…│")
        state.move(by: 1, height: 8)
        XCTAssertEqual(state.insertion, "Column(\"id\")")
        state.top = 0
        state.selected = 0
        let top = render(40, 3) { buffer in
            SchemaView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        }
        XCTAssertEqual(top.split(separator: "\n")[1], "▸ country                            32│")
        XCTAssertEqual(top.split(separator: "\n")[2], "▸ demographics                        …│")
        XCTAssertEqual(state.insertion, "Country")
    }

    func testInputLineHighlightsAndUnderlinesTheError() throws {
        let session = try Fixtures.demo()
        var state = AppState(width: 60, height: 10, environment: session.environment)
        let text = "Author.including(all: Author.bokks)"
        for c in text { _ = state.update(.key(.character(c))) }
        guard case .run(_, let generation)? = state.update(.key(.enter)).last else { return XCTFail("no run") }
        _ = state.update(
            .finished(generation: generation, outcomes: session.run(text), environment: session.environment, elapsed: 0)
        )
        XCTAssertEqual(state.input.text, text, "the statement comes back to be fixed")
        var buffer = ScreenBuffer(width: 60, height: 1)
        let cursor = InputLineView.draw(state, into: &buffer, rect: buffer.bounds)
        XCTAssertEqual(buffer.line(0), "arbor> Author.including(all: Author.bokks)")
        XCTAssertEqual(cursor.x, 7 + text.count)
        let underlined = (0..<60).filter { buffer[$0, 0].style.underline }.map { buffer[$0, 0].text }.joined()
        XCTAssertEqual(underlined, "bokks")
        XCTAssertEqual(buffer[7, 0].style.foreground, .cyan, "a type name is coloured")
        XCTAssertEqual(state.notice?.text, "error: `Author` has no association `bokks` (did you mean `books`?)")
        XCTAssertTrue(state.notice?.isError == true)
    }

    func testInputLineScrollsToKeepTheCursorInView() {
        var state = AppState(width: 20, height: 10, environment: Fixtures.emptyEnvironment)
        for c in "Book.filter(Column(\"year\") > 1900)" { _ = state.update(.key(.character(c))) }
        var buffer = ScreenBuffer(width: 20, height: 1)
        let cursor = InputLineView.draw(state, into: &buffer, rect: buffer.bounds)
        XCTAssertEqual(buffer.line(0), "arbor> r\") > 1900)")
        XCTAssertEqual(cursor.x, 18)
    }

    func testStatusLineShowsTheSpinnerAndElapsedTimeWhileRunning() {
        var state = AppState(width: 80, height: 10, environment: Fixtures.emptyEnvironment)
        state.running = Running(generation: 1, text: "Book.all()", started: 10)
        state.now = 11.25
        var buffer = ScreenBuffer(width: 80, height: 1)
        StatusLineView.draw(state, into: &buffer, rect: buffer.bounds)
        XCTAssertEqual(
            buffer.line(0),
            "F1 help · ↵ run · Tab complete · ^R history · …  ⠹ running… 1.2 s · ^C to cancel")
    }
}
