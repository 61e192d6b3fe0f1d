import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// `:trace FILE` in the interface: the report in the overlay, and ↵ on a finding
/// opens its fix as the request, ready to run.
final class TraceOverlayTests: XCTestCase {
    func testEnterOpensTheFixAtTheTopOfTheView() throws {
        let directory = try TemporaryItems.folder("arbor-trace")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("app.log")
        try Data(
            """
            SELECT * FROM "author" WHERE "countryCode" = 'FR'
            SELECT * FROM "book" WHERE "authorId" = 1
            SELECT * FROM "book" WHERE "authorId" = 2
            SELECT * FROM "book" WHERE "kind" = 'novel'
            SELECT * FROM "book" WHERE "kind" = 'novel'

            """.utf8
        ).write(to: log)
        var state = try Fixtures.state(after: ":trace \(log.path)", width: 160, height: 30, walk: false)
        let overlay = try XCTUnwrap(state.overlay)
        XCTAssertTrue(View.render(state).buffer.text.contains("1. n+1: 2 statements read `book`"))
        // The second finding at the top of the view: ↵ takes its fix.
        let second = try XCTUnwrap(overlay.lines.firstIndex { $0.map(\.text).joined().hasPrefix("2. repeated") })
        state.overlay?.top = second
        _ = state.update(.key(.enter))
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.input.text, "Book.filter(Column(\"kind\") == \"novel\")")
        XCTAssertEqual(state.focus, .input)

        // From the top: the first finding's fix.
        var first = try Fixtures.state(after: ":trace \(log.path)", width: 160, height: 30, walk: false)
        _ = first.update(.key(.enter))
        XCTAssertEqual(
            first.input.text, "Author.filter(Column(\"countryCode\") == \"FR\").including(all: Author.books)")
    }
}
