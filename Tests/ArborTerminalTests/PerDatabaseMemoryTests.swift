import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Examples from the open database, and a history per database.
final class PerDatabaseMemoryTests: XCTestCase {
    func testExamplesComeFromTheOpenDatabase() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
            """)
        let session = try Session(path: path)
        var state = AppState(width: 100, height: 30, environment: session.environment)
        XCTAssertEqual(
            state.examples,
            ["Artist.all()", "Artist.including(all: Artist.albums)", "Album.including(required: Album.artist)"])
        let empty = View.render(state).buffer.text
        XCTAssertTrue(empty.contains("Type a request below and press ↵, for example:"), empty)
        XCTAssertTrue(empty.contains("  Artist.including(all: Artist.albums)"), empty)
        XCTAssertFalse(empty.contains("Author"), empty)
        _ = state.update(.key(.function(1)))
        let help = View.render(state).buffer.text
        XCTAssertTrue(help.contains("  Album.including(required: Album.artist)"), help)
        XCTAssertFalse(help.contains("Author"), help)
        // A database with no tables says so.
        let none = AppState(width: 100, height: 30, environment: Fixtures.emptyEnvironment)
        XCTAssertEqual(none.examples, [])
        XCTAssertTrue(View.render(none).buffer.text.contains("(this database has no tables)"))
    }
}
