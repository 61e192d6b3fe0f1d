import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Issue 21 item 8: `y` copies an overlay's selected block (the code under a
/// heading such as `declaration to paste:`), marked in the margin, `Y` all of
/// it; Tab goes to the next block.
final class OverlayBlockCopyScreenTests: XCTestCase {
    static let advice = """
        Track: the foreign key AlbumId has no index
          why: "an index on the foreign key" (GRDB guide)
          migration:
            try db.create(index: "track_on_albumId", on: "Track", columns: ["AlbumId"])
          declaration to paste:
            extension Track {
                static let album = belongsTo(Album.self)
            }

        Album: the table has no primary key
          why: "every table should have a primary key" (GRDB guide)
          migration:
            try db.alter(table: "Album") { t in t.add(column: "id", .integer) }
        """

    func state() -> AppState {
        var state = AppState(width: 90, height: 24, environment: Fixtures.emptyEnvironment)
        state.overlay = Overlay(
            title: ":advise",
            lines: Self.advice.split(separator: "\n", omittingEmptySubsequences: false).map {
                [Span(String($0))]
            })
        return state
    }

    func testYCopiesTheSelectedBlockAndTabMovesToTheNext() {
        var state = state()
        let screen = View.render(state).buffer
        // The first block, marked in the margin: the migration's line.
        XCTAssertEqual(
            screen.line(4), #"▌    try db.create(index: "track_on_albumId", on: "Track", columns: ["AlbumId"])"#)
        XCTAssertEqual(screen.line(5), "   declaration to paste:")
        XCTAssertEqual(
            state.update(.key(.character("y"))),
            [
                .copy(
                    text: #"try db.create(index: "track_on_albumId", on: "Track", columns: ["AlbumId"])"#,
                    what: "the block (1 line)")
            ])
        _ = state.update(.key(.tab))
        let next = View.render(state).buffer
        XCTAssertEqual(next.line(6), "▌    extension Track {", "the mark on the next block")
        XCTAssertTrue(next.line(4).hasPrefix("     try db.create(index:"), next.line(4))
        XCTAssertEqual(
            state.update(.key(.character("y"))),
            [
                .copy(
                    text: "extension Track {\n    static let album = belongsTo(Album.self)\n}",
                    what: "the block (3 lines)")
            ])
        XCTAssertEqual(state.lastCopied, "extension Track {\n    static let album = belongsTo(Album.self)\n}")
        _ = state.update(.key(.backTab))
        XCTAssertTrue(View.render(state).buffer.line(4).hasPrefix("▌    try db.create(index:"))
    }

    func testCapitalYCopiesAllOfIt() {
        var state = state()
        XCTAssertEqual(state.update(.key(.character("Y"))), [.copy(text: Self.advice, what: "all of :advise")])
        XCTAssertNotNil(state.overlay, "copying keeps the overlay open")
    }

    func testTextWithoutCodeIsCutIntoParagraphs() {
        XCTAssertEqual(OverlayBlocks.blocks(["a", "b", "", "c"]), [0..<2, 3..<4])
        XCTAssertEqual(OverlayBlocks.blocks(["x:", "  y", "  z", "", "w"]), [1..<3])
    }

    func testSwiftOverlayCopiesItsCode() throws {
        var state = try Fixtures.state(after: ":swift Author.all()", width: 100, height: 30, walk: false)
        guard let overlay = state.overlay else { return XCTFail("no overlay") }
        let effects = state.update(.key(.character("Y")))
        guard case .copy(let text, _)? = effects.first else { return XCTFail("no copy") }
        XCTAssertEqual(text, overlay.plainLines.joined(separator: "\n"))
        XCTAssertTrue(text.contains("Author"), text)
        guard case .copy(let block, _)? = state.update(.key(.character("y"))).first else { return XCTFail() }
        XCTAssertFalse(block.isEmpty)
        XCTAssertTrue(text.contains(block), "a block of the text")
    }
}
