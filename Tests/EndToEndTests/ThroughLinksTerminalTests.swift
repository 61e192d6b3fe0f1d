import ArborTestSupport
import Foundation
import XCTest

/// Issue 21, item 9's remainder, in the real interface on the music store: a
/// track lists its playlists through `PlaylistTrack` after its direct links and
/// the jump lands on them; a NULL key is listed, dimmed, and goes nowhere.
final class ThroughLinksTerminalTests: XCTestCase {
    func arbor() throws -> TmuxSession {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        return try TmuxSession.arbor("'\(try MusicStoreFixture.make())'", width: 160, height: 40)
    }

    /// Down to the line holding `text` in the children pane, from its first link.
    func select(_ text: String, in screen: String, from first: String, _ tmux: TmuxSession) throws {
        let lines = screen.split(separator: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.contains(first) }, screen)
        let target = try XCTUnwrap(lines.firstIndex { $0.contains(text) }, screen)
        for _ in 0..<(target - start) { try tmux.press("Down") }
    }

    func testAThroughLinkJumpsToThePlaylists() throws {
        let tmux = try arbor()
        defer { tmux.kill() }
        try tmux.type("Track.filter(id: 7)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Track.filter(id: 7) ", "1 row")
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.press("Right")
        let screen = try tmux.waitFor("→ Track.album  1", "← Track.playlistTracks  2", "⇢ Track.playlists  2")
        try select("⇢ Track.playlists", in: screen, from: "→ Track.", tmux)
        try tmux.press("Right")
        try tmux.waitFor(
            #"─ Playlist.joining(required: Playlist.playlistTracks.filter(Column("TrackId") == 7)) "#,
            #"Playlist  PlaylistId:1  Name:"Music""#, #"Playlist  PlaylistId:2  Name:"Grunge""#, "2 rows")
    }

    func testANullKeyIsListedAndGoesNowhere() throws {
        let tmux = try arbor()
        defer { tmux.kill() }
        try tmux.type("Employee.filter(id: 1)")
        try tmux.press("Enter")
        try tmux.waitFor("─ Employee.filter(id: 1) ", "1 row")
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.press("Right")
        let screen = try tmux.waitFor("→ Employee.reportsTo  NULL")
        try select("→ Employee.reportsTo", in: screen, from: "→ Employee.", tmux)
        try tmux.press("Right")
        try tmux.waitFor("Employee.reportsTo: the key is NULL on this row")
        XCTAssertTrue(try tmux.screen().contains("─ Employee.filter(id: 1) "))
    }
}
