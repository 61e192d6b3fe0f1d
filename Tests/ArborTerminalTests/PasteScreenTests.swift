import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Issue 21 item 7: a paste goes to the input whole, whatever has the focus:
/// in the results pane its `e` does not expand everything and is not lost.
final class PasteScreenTests: XCTestCase {
    static let declaration = "extension Artist {\n  static let firstAlbum = hasOne(Album.self)\n}"

    func testAPasteInTheResultsPaneGoesWholeToTheInput() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        var state = try Fixtures.state(
            after: "Artist.including(all: Artist.albums).limit(3)", width: 100, height: 24, in: session)
        XCTAssertEqual(state.focus, .results)
        let expanded = state.results?.expanded
        _ = state.update(.paste(Self.declaration))
        XCTAssertEqual(state.input.text, Self.declaration, "whole, its first character too")
        XCTAssertEqual(state.focus, .input)
        XCTAssertEqual(state.results?.expanded, expanded, "its `e` did not expand the results")
        XCTAssertTrue(
            View.render(state).buffer.line(22).hasPrefix(#"arbor> extension Artist {\n  static let firstAlbum"#),
            View.render(state).buffer.text)
    }

    func testAPasteClosesAnOverlayAndReplacesTheKeptRequest() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        var state = try Fixtures.state(after: "Artist.limit(2)", width: 100, height: 24, in: session)
        _ = state.update(.key(.function(1)))
        XCTAssertNotNil(state.overlay)
        _ = state.update(.paste("Album.all()\r\n"))
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.input.text, "Album.all()\n", "the request kept after the run is replaced")
        _ = state.update(.key(.escape))
        _ = state.update(.key(.tab))
        _ = state.update(.key(.tab))
        XCTAssertNotEqual(state.focus, .input)
        _ = state.update(.paste("x"))
        XCTAssertEqual(state.input.text, "Album.all()\nx", "added where the cursor is")
    }
}
