import ArborTestSupport
import Foundation
import XCTest

/// Schema and index advice in the terminal interface of the real binary, on a
/// database shaped like the music store sample (issue 21, items 2 and 6).
final class SchemaAdviceTerminalTests: XCTestCase {
    var stateDirectory = ""
    var database = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("tui-state").path
        database = try MusicStoreFixture.make()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
        try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent)
    }

    private func arbor() throws -> TmuxSession {
        let tmux = try TmuxSession(
            command: TmuxSession.arborCommand("'\(database)'", stateDirectory: stateDirectory), width: 120,
            height: 40)
        try tmux.waitFor("arbor>")
        return tmux
    }

    /// The costliest advice first, the eleven table names folded at the end; a rule
    /// kept quiet stays quiet in the next run on the same database.
    func testAdviceIsRankedFoldedAndARuleStaysQuiet() throws {
        let tmux = try arbor()
        defer { tmux.kill() }
        try tmux.type(":advise")
        try tmux.press("Enter")
        try tmux.waitFor("Track: the foreign key Track(GenreId) → Genre has no index", "migration (every fix of Track")
        try tmux.press("End")
        try tmux.waitFor(
            "migration: in the one migration for Track, above", "11 table names are not singular camelCase")
        try tmux.press("Escape")
        try tmux.type(":advise --quiet tableName")
        try tmux.press("Enter")
        try tmux.waitFor("`tableName` (table name) is quiet for this database")
        try tmux.press("Escape")
        try tmux.type(":quit")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        tmux.kill()

        let next = try arbor()
        defer { next.kill() }
        try next.type(":advise")
        try next.press("Enter")
        try next.waitFor("Track: the foreign key Track(GenreId)")
        try next.press("End")
        try next.waitFor("quiet for this database: tableName")
        XCTAssertFalse(try next.screen().contains("table names are not singular"))
    }

    /// `:explain` of a request that joins names the scan its filter makes, with the index.
    func testExplainOfAJoinedRequestAdvisesAnIndex() throws {
        let tmux = try arbor()
        defer { tmux.kill() }
        try tmux.type(#":explain Track.filter(Column("Composer") == "AC/DC").including(required: Track.album)"#)
        try tmux.press("Enter")
        try tmux.waitFor(
            "|--SCAN Track", "note: full scan of `Track`, which this statement filters on `Composer`",
            #"try db.create(index: "index_Track_on_Composer", on: "Track", columns: ["Composer"])"#)
        try tmux.press("Escape")
        try tmux.type(#":explain Track.joining(required: Track.album.filter(Column("Title") == "Facelift"))"#)
        try tmux.press("Enter")
        try tmux.waitFor("|--SCAN Album", "note: full scan of `Album`, which this statement filters on `Title`")
    }
}
