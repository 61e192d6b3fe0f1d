import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Narrow terminals: the schema pane gives way below 100 columns (F2 brings it
/// back down to 60), and after a resize its first rows show again.
final class NarrowTerminalTests: XCTestCase {
    func testAt80By24TheResultsTakeTheWholeWidth() throws {
        var state = try Fixtures.state(after: "Author.including(all: Author.books)", width: 80, height: 24)
        XCTAssertNil(state.layout.schema)
        XCTAssertEqual(state.layout.results, Rect(x: 0, y: 0, width: 80, height: 17))
        _ = state.update(.key(.character(" ")))
        let lines = View.render(state).buffer.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0].prefix(39), "─ Author.including(all: Author.books) ─")
        XCTAssertEqual(lines[1], "▾ author  id:1  name:\"Victor Hugo\"  birthYear:1802  deathDate:\"1885-05-22\"  …")
        XCTAssertEqual(lines[2], "  ▾ books  11 rows")
        XCTAssertEqual(lines[3], "      book  id:12  authorId:1  translatorId:NULL  libraryId:3  title:\"Les Ch…  …")
        // F2 brings the schema pane; F2 again hides it.
        _ = state.update(.key(.function(2)))
        XCTAssertEqual(state.layout.schema?.width, 22)
        XCTAssertTrue(View.render(state).buffer.text.hasPrefix("─ Schema "))
        _ = state.update(.key(.function(2)))
        XCTAssertNil(state.layout.schema)
        // At 120 columns it is there, unless hidden with F2.
        _ = state.update(.resize(width: 120, height: 40))
        XCTAssertNil(state.layout.schema, "hidden by F2 stays hidden")
        _ = state.update(.key(.function(2)))
        XCTAssertEqual(state.layout.schema?.width, 30)
        // Below 60 columns there is no room: F2 says so.
        _ = state.update(.resize(width: 50, height: 20))
        XCTAssertNil(state.layout.schema)
        _ = state.update(.key(.function(2)))
        _ = state.update(.key(.function(2)))
        XCTAssertEqual(state.notice?.text, "no room for the schema pane below 60 columns")
    }

    func testTheSchemaPaneComesBackAtItsFirstRowsAfterShrinkingAndGrowing() throws {
        let session = try Fixtures.demo()
        var state = AppState(width: 120, height: 40, environment: session.environment)
        _ = state.update(.key(.escape))
        XCTAssertEqual(state.focus, .schema)
        for _ in 0..<20 { _ = state.update(.key(.down)) }
        _ = state.update(.resize(width: 120, height: 12))
        XCTAssertGreaterThan(state.schema.top, 0, "scrolled to keep the selection in view")
        for _ in 0..<17 { _ = state.update(.key(.up)) }
        _ = state.update(.resize(width: 80, height: 12))
        _ = state.update(.resize(width: 120, height: 40))
        XCTAssertEqual(state.schema.top, 0)
        let lines = View.render(state).buffer.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].hasPrefix("▸ country "), lines[1])
    }
}
