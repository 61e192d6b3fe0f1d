import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// The children pane's links after the direct ones (issue 21, item 9's remainder):
/// each through association, `⇢`, whose jump lands on the rows at its far end with
/// the request an app writes from there; and a link whose key is NULL on the row,
/// listed dimmed, that leads nowhere.
final class ThroughAndNullLinksTests: XCTestCase {
    func openLinks(after text: String, in session: Session) throws -> AppState {
        var state = try Fixtures.state(after: text, width: 140, height: 40, in: session)
        let effects = state.update(.key(.right))
        for case .countLinks(let requests) in effects {
            for request in requests {
                _ = state.update(.linkCounted(request: request, count: try? session.cappedCount(of: request)))
            }
        }
        return state
    }

    /// Selects the link labelled `label` in the children pane.
    func select(_ label: String, in state: inout AppState) throws {
        let links = try XCTUnwrap(state.links?.links)
        let index = try XCTUnwrap(links.firstIndex { $0.label == label }, "\(links.map(\.label))")
        let source = try XCTUnwrap(state.results?.source)
        let node = try XCTUnwrap(state.miller?.current?.node)
        let listing = state.childListing(source, node)
        let entry = try XCTUnwrap((0..<listing.count).first { listing.entry(at: $0)?.link == index })
        state.miller?.select(entry, count: listing.count, height: 30)
    }

    func testATrackListsItsPlaylistsThroughAfterTheDirectLinks() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let state = try openLinks(after: "Track.filter(id: 7)", in: session)
        let links = try XCTUnwrap(state.links?.links)
        XCTAssertEqual(
            links.map(\.direction), [.forward, .forward, .forward, .backward, .backward, .through, .through])
        let playlists = try XCTUnwrap(links.first { $0.label == "Track.playlists" })
        XCTAssertEqual(playlists.direction, .through)
        XCTAssertEqual(
            playlists.request, #"Playlist.joining(required: Playlist.playlistTracks.filter(Column("TrackId") == 7))"#)
        // Track 7 is in both playlists.
        XCTAssertEqual(playlists.count?.count, 2)
        let screen = View.render(state).buffer.text
        XCTAssertTrue(screen.contains("⇢ Track.playlists  2"), screen)
        // Listed after the backward links.
        let lines = screen.split(separator: "\n")
        let through = try XCTUnwrap(lines.firstIndex { $0.contains("⇢ Track.playlists") })
        let backward = try XCTUnwrap(lines.lastIndex { $0.contains("← Track.") })
        XCTAssertLessThan(backward, through)
    }

    /// The jump runs the request, whose SQL is GRDB's own for the through
    /// association from the record (`track.request(for: Track.playlists)`), and the
    /// results land on the playlists.
    func testAJumpAlongAThroughLinkLandsOnItsRows() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try openLinks(after: "Track.filter(id: 7)", in: session)
        try select("Track.playlists", in: &state)
        guard case .run(let text, let generation)? = state.update(.key(.right)).last else {
            return XCTFail("no run")
        }
        XCTAssertEqual(state.history.entries.last, text)
        let result = try session.requestResult(text)
        XCTAssertEqual(result.rows.map { $0.values[1] }, ["Music".databaseValue, "Grunge".databaseValue])
        let fromRecord = try session.requestResult(
            #"Track(TrackId: 7, Name: "We Die Young", MediaTypeId: 1, Milliseconds: 152084, UnitPrice: 0.99)"#
                + ".request(for: Track.playlists)", fetch: false)
        XCTAssertEqual(result.mainSQL, fromRecord.mainSQL)
        _ = state.update(
            .finished(generation: generation, outcomes: session.run(text), environment: session.environment, elapsed: 0)
        )
        let screen = View.render(state).buffer.text
        XCTAssertTrue(screen.contains("Playlist  PlaylistId:1  Name:\"Music\""), screen)
        XCTAssertTrue(screen.contains("Playlist  PlaylistId:2  Name:\"Grunge\""), screen)
    }

    /// The general manager reports to nobody: `→ Employee.reportsTo  NULL`, dimmed,
    /// not counted; → on it says why nothing runs, and `y` copies nothing.
    func testANullKeyIsListedDimmedAndLeadsNowhere() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try openLinks(after: "Employee.filter(id: 1)", in: session)
        let links = try XCTUnwrap(state.links?.links)
        let manager = try XCTUnwrap(links.first { $0.label == "Employee.reportsTo" })
        XCTAssertTrue(manager.isNullKey)
        XCTAssertEqual(manager.direction, .forward)
        XCTAssertNil(manager.count)
        let frame = View.render(state)
        let lines = frame.buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try XCTUnwrap(
            lines.firstIndex { $0.contains("→ Employee.reportsTo  NULL") }, lines.joined(separator: "\n"))
        let x = try XCTUnwrap(lines[y].range(of: "Employee.reportsTo")).lowerBound
        let column = lines[y].distance(from: lines[y].startIndex, to: x)
        XCTAssertEqual(frame.buffer[column, y].style.dim, true, "the label is dimmed")
        try select("Employee.reportsTo", in: &state)
        let historyBefore = state.history.entries
        let effects = state.update(.key(.right))
        XCTAssertFalse(effects.contains { if case .run = $0 { true } else { false } }, "\(effects)")
        XCTAssertEqual(state.history.entries, historyBefore)
        XCTAssertEqual(state.notice?.text.hasPrefix("Employee.reportsTo: the key is NULL on this row"), true)
        let copied = state.update(.key(.character("y")))
        XCTAssertFalse(copied.contains { if case .copy = $0 { true } else { false } }, "\(copied)")
        // The other links of the row are counted as before.
        XCTAssertGreaterThan(links.filter { !$0.isNullKey }.count, 1)
        XCTAssertTrue(links.filter { !$0.isNullKey }.allSatisfy { $0.count != nil }, "\(links)")
    }
}
