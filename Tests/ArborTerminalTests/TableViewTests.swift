import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// The table view: a root row a line, to-one includes flattened, to-many counts
/// that open, columns hidden and resized; it walks the same source as the tree.
final class TableViewTests: XCTestCase {
    func table(_ text: String, width: Int = 80, height: Int = 24) throws -> AppState {
        var state = try Fixtures.state(after: text, width: width, height: height)
        _ = state.update(.key(.character("t")))
        return state
    }

    func lines(_ state: AppState) -> [String] {
        View.render(state).buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testToOneIncludesAreFlattenedAndToManyIncludesCounted() throws {
        let state = try table("Book.including(required: Book.author).including(all: Book.prizes).limit(3)")
        let titles = try XCTUnwrap(state.results?.table).columns.map(\.title)
        XCTAssertEqual(titles.first, "id")
        XCTAssertTrue(titles.contains("author.name"), "\(titles)")
        XCTAssertEqual(titles.last, "prizes")
        XCTAssertEqual(state.results?.table?.columns.last?.place, .count(through: [1]))
    }

    func testAnAlignedTableAt80By24() throws {
        let state = try table("Author.including(all: Author.books).including(optional: Author.country)")
        XCTAssertEqual(state.results?.format, .table)
        XCTAssertEqual(state.resultsFormat, .table, "kept for the next results")
        let lines = lines(state)
        XCTAssertEqual(lines[1], "  id │ name                     │ birthYear │ deathDate  │ countryCode         ›")
        XCTAssertEqual(lines[2], "   1 │ Victor Hugo              │      1802 │ 1885-05-22 │ FR")
        XCTAssertEqual(lines[15], "  14 │ Kazuo Ishiguro           │      1954 │ NULL       │ GB")
    }

    func testColumnsAreHiddenResizedAndScrolled() throws {
        var state = try table("Author.including(all: Author.books).including(optional: Author.country)")
        _ = state.update(.key(.character("x")))
        _ = state.update(.key(.character(">")))
        XCTAssertEqual(lines(state)[2], " Victor Hugo                  │      1802 │ 1885-05-22 │ FR")
        for _ in 0..<20 { _ = state.update(.key(.right)) }
        let scrolled = lines(state)
        XCTAssertEqual(scrolled[1], "‹postalAddressId │ books │ country.code │ country.name   │ country.nativeName")
        XCTAssertEqual(scrolled[2], "            NULL │    11 │ FR           │ France         │ France")
        _ = state.update(.key(.character("X")))
        XCTAssertEqual(state.results?.table?.visibleColumns.first?.title, "id")
    }

    func testEnterOnACountOpensItsRowsInTheChildrenPane() throws {
        var state = try table("Author.including(all: Author.books)")
        let books = try XCTUnwrap(state.results?.table?.visibleColumns.firstIndex { $0.title == "books" })
        for _ in 0..<books { _ = state.update(.key(.character("l"))) }
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.focus, .children)
        XCTAssertEqual(state.miller?.current?.node, NodePath([0, 0]))
        XCTAssertTrue(View.render(state).buffer.text.contains("book  id:12  authorId:1"))
        // Elsewhere ↵ shows the row's values.
        _ = state.update(.key(.escape))
        _ = state.update(.key(.escape))
        state.miller = nil
        _ = state.update(.key(.character("h")))
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.overlay?.title, "author 1")
    }

    /// Hiding the last columns from the right end never leaves the table with nothing to draw.
    func testHidingColumnsFromTheEndKeepsOneInView() throws {
        var state = try table("Author.including(all: Author.books)")
        for _ in 0..<30 { _ = state.update(.key(.right)) }
        for _ in 0..<30 { _ = state.update(.key(.character("x"))) }
        XCTAssertEqual(state.results?.table?.visibleColumns.map(\.title), ["id"])
        XCTAssertEqual(lines(state)[2], "   1")
    }

    func testAWideValueIsCutWithItsSize() {
        let cell = TableLayout.Cell(text: String(repeating: "x", count: 2_000), size: 2_000, style: .plain)
        XCTAssertEqual(TableLayout.fitted(cell, width: 20), String(repeating: "x", count: 12) + "… (2 KB)")
        XCTAssertEqual(TableLayout.fitted(cell, width: 8), "xxxxxxx…", "no room for the size")
        let wide = TableLayout.Cell(text: "漢字漢字漢字", size: 18, style: .plain)
        XCTAssertEqual(TableLayout.fitted(wide, width: 6), "漢字…")
    }

    func testFormatCommandSwitchesAndTheTreeComesBack() throws {
        var state = try Fixtures.state(after: "Author.limit(2)", width: 80, height: 24, walk: false)
        for c in ":format table" { _ = state.update(.key(.character(c))) }
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.results?.format, .table)
        XCTAssertTrue(lines(state)[1].hasPrefix("  id │ name"), lines(state)[1])
        for c in ":format tree" { _ = state.update(.key(.character(c))) }
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.results?.format, .tree)
        XCTAssertTrue(lines(state)[1].hasPrefix("  author  id:1  name:\"Victor Hugo\""), lines(state)[1])
        for c in ":format json" { _ = state.update(.key(.character(c))) }
        _ = state.update(.key(.enter))
        XCTAssertEqual(state.notice?.isError, true)
    }
}
