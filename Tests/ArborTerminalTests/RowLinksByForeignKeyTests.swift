import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// The children pane's links on the music store (issue 21, item 9): each association
/// once, by the direction of its foreign key, and a jump that lands on the rows it
/// names with the request an app would write.
final class RowLinksByForeignKeyTests: XCTestCase {
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

    func testATrackListsEachAssociationOnceByItsForeignKey() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let state = try openLinks(after: "Track.filter(id: 1)", in: session)
        let links = try XCTUnwrap(state.links?.links)
        // Forward first, then backward, then the through associations; each group in
        // the catalog's order.
        XCTAssertEqual(
            links.map(\.direction), [.forward, .forward, .forward, .backward, .backward, .through, .through])
        XCTAssertEqual(
            links.map { $0.marker + " " + $0.label + " " + $0.request }.sorted(),
            [
                "→ Track.album Album.filter(id: 1)",
                "→ Track.genre Genre.filter(id: 1)",
                "→ Track.mediaType MediaType.filter(id: 1)",
                #"← Track.invoiceLines InvoiceLine.filter(Column("TrackId") == 1)"#,
                #"← Track.playlistTracks PlaylistTrack.filter(Column("TrackId") == 1)"#,
                #"⇢ Track.invoices Invoice.joining(required: Invoice.invoiceLines.filter(Column("TrackId") == 1))"#,
                #"⇢ Track.playlists Playlist.joining(required: Playlist.playlistTracks.filter(Column("TrackId") == 1))"#,
            ].sorted())
        XCTAssertEqual(links.first { $0.label == "Track.invoiceLines" }?.count?.count, 2)
        XCTAssertEqual(links.first { $0.label == "Track.album" }?.count?.count, 1)
        let screen = View.render(state).buffer.text
        XCTAssertTrue(screen.contains("→ Track.album  1"), screen)
        XCTAssertTrue(screen.contains("← Track.invoiceLines  2"), screen)
        XCTAssertFalse(screen.contains("InvoiceLine.track"), screen)
    }

    /// Two foreign keys to `Employee` (its own `ReportsTo`, `Customer.SupportRepId`):
    /// from an employee, its manager forward, its reports and its customers backward.
    func testAnEmployeeReachesItsManagerReportsAndCustomers() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let state = try openLinks(after: "Employee.filter(id: 3)", in: session)
        let links = try XCTUnwrap(state.links?.links)
        let forward = links.filter(\.isForward).map(\.request)
        let backward = links.filter { !$0.isForward }.map(\.request)
        XCTAssertEqual(forward, ["Employee.filter(id: 2)"])
        XCTAssertEqual(
            Set(backward),
            [#"Employee.filter(Column("ReportsTo") == 3)"#, #"Customer.filter(Column("SupportRepId") == 3)"#])
        XCTAssertEqual(links.first { $0.request.hasPrefix("Customer") }?.count?.count, 2)
    }

    /// → on `Track.album` runs `Album.filter(id: 1)`: the results show the album.
    func testAJumpLandsOnTheRowItNames() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try openLinks(after: "Track.filter(id: 1)", in: session)
        let links = try XCTUnwrap(state.links?.links)
        let index = try XCTUnwrap(links.firstIndex { $0.label == "Track.album" })
        let source = try XCTUnwrap(state.results?.source)
        let node = try XCTUnwrap(state.miller?.current?.node)
        let listing = state.childListing(source, node)
        let entry = try XCTUnwrap((0..<listing.count).first { listing.entry(at: $0)?.link == index })
        state.miller?.select(entry, count: listing.count, height: 30)
        guard case .run(let text, let generation)? = state.update(.key(.right)).last else { return XCTFail() }
        XCTAssertEqual(text, "Album.filter(id: 1)")
        XCTAssertEqual(state.history.entries.last, text)
        _ = state.update(
            .finished(generation: generation, outcomes: session.run(text), environment: session.environment, elapsed: 0)
        )
        let screen = View.render(state).buffer.text
        XCTAssertTrue(screen.contains("For Those About To Rock We Salute You"), screen)
    }
}
