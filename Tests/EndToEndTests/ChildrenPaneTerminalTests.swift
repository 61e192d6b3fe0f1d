import ArborTestSupport
import Foundation
import XCTest

/// The children pane's links on the music store, in the real binary (issue 21,
/// item 9): each association once, by its foreign key, and a jump that lands on
/// the row it names.
final class ChildrenPaneTerminalTests: XCTestCase {
    var stateDirectory = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("tui-state").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    func testATrackLinksEachAssociationOnceAndAJumpLandsOnTheAlbum() throws {
        let database = try MusicStoreFixture.make()
        let tmux = try TmuxSession(
            command: TmuxSession.arborCommand("'\(database)'", stateDirectory: stateDirectory), width: 160, height: 40)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Track.filter(id: 1)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Track.filter(id: 1) ", "1 row")
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.press("Right")
        let screen = try tmux.waitFor(
            "→ Track.album  1", "→ Track.genre  1", "→ Track.mediaType  1", "← Track.invoiceLines  2",
            "← Track.playlistTracks  1")
        XCTAssertFalse(screen.contains("InvoiceLine.track"), screen)
        XCTAssertFalse(screen.contains("Album.tracks"), screen)
        // Down to `→ Track.album`, then the jump.
        let lines = screen.split(separator: "\n")
        let first = try XCTUnwrap(lines.firstIndex { $0.contains("→ Track.") })
        let album = try XCTUnwrap(lines.firstIndex { $0.contains("→ Track.album") })
        for _ in 0..<(album - first) { try tmux.press("Down") }
        try tmux.press("Right")
        try tmux.waitFor("─ Album.filter(id: 1) ", "For Those About To Rock We Salute You")
    }
}
