import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Issue 21 item 5: after any run, failed or not, the first printable key
/// replaces the request; → and the editing keys keep it. And the first ↑ after
/// `i` goes to the entry before the one in the input.
final class ReplaceAfterRunScreenTests: XCTestCase {
    func testTheFirstLetterReplacesTheRequestAfterAFailureAsAfterASuccess() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        for request in [#"Artist.order(Column("Nmae"))"#, "Artist.limit(2)"] {
            var state = try Fixtures.state(after: request, width: 80, height: 24, in: session, walk: false)
            XCTAssertEqual(state.focus, .input)
            XCTAssertTrue(state.input.isSelected, request)
            for c in "Album.all()" { _ = state.update(.key(.character(c))) }
            XCTAssertEqual(state.input.text, "Album.all()", "not glued to \(request)")
            XCTAssertTrue(View.render(state).buffer.line(23 - 1).hasPrefix("arbor> Album.all()"))
        }
    }

    func testArrowsAndEditingKeysKeepTheFailedRequest() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        let request = #"Artist.order(Column("Nmae"))"#
        var state = try Fixtures.state(after: request, width: 80, height: 24, in: session, walk: false)
        _ = state.update(.key(.right))
        _ = state.update(.key(.character(".")))
        XCTAssertEqual(state.input.text, request + ".")
        state = try Fixtures.state(after: request, width: 80, height: 24, in: session, walk: false)
        _ = state.update(.key(.control("a")))
        _ = state.update(.key(.character("x")))
        XCTAssertEqual(state.input.text, "x" + request)
        state = try Fixtures.state(after: request, width: 80, height: 24, in: session, walk: false)
        _ = state.update(.key(.backspace))
        XCTAssertEqual(state.input.text, "", "Backspace on the selection deletes it, as typing replaces it")
    }

    func testTheFirstUpAfterIGoesToTheEntryBefore() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        var state = AppState(
            width: 80, height: 24, environment: session.environment, history: History(entries: ["Album.all()"]))
        for c in "Artist.limit(2)" { _ = state.update(.key(.character(c))) }
        guard case .run(let text, let generation)? = state.update(.key(.enter)).last else { return XCTFail() }
        _ = state.update(
            .finished(generation: generation, outcomes: session.run(text), environment: session.environment, elapsed: 0)
        )
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("q")))
        _ = state.update(.key(.control("u")))
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("i")))
        XCTAssertEqual(state.input.text, "Artist.limit(2)")
        _ = state.update(.key(.up))
        XCTAssertEqual(state.input.text, "Album.all()", "the first ↑ does not repeat the entry in the input")
    }
}
