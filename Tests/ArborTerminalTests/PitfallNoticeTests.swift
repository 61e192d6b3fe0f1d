import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// A request GRDB would silently get wrong shows its rows, and a warning with the fix.
final class PitfallNoticeTests: XCTestCase {
    func testAPitfallIsNoticedWithItsFix() throws {
        let state = try Fixtures.state(
            after:
                "Author.annotated(with: Author.books.filter(Column(\"kind\") == \"novel\").count.forKey(\"novelCount\"), Author.books.filter(Column(\"kind\") == \"poems\").count.forKey(\"poemCount\"))",
            width: 200, height: 20, interactive: true, walk: false)
        XCTAssertEqual(state.notice?.isError, true)
        XCTAssertEqual(
            state.notice?.text,
            "warning: `Author.books` is refined 2 ways under one association key, `book`: GRDB joins it once, with every filter, so each aggregate sees only the rows that match all of them (groue/GRDB.swift#1559) — give each refinement its own key, before its filter: `Author.books.forKey(\"…\").filter(…)`"
        )
        XCTAssertTrue(View.render(state).buffer.text.contains("warning: `Author.books` is refined 2 ways"))
    }

    func testARequestWithoutPitfallHasNoWarning() throws {
        let state = try Fixtures.state(
            after: "Author.annotated(with: Author.books.count, Author.paintings.count)", width: 200, height: 20,
            interactive: true, walk: false)
        XCTAssertNotEqual(state.notice?.isError, true)
    }
}
