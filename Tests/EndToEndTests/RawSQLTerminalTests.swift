import ArborTestSupport
import Foundation
import XCTest

/// Raw SQL in the real binary's interface, in tmux: a large result is read a
/// window at a time, so it shows at once and `G` reaches its last row.
final class RawSQLTerminalTests: XCTestCase {
    var stateDirectory = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("tui-state").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    func testScrollingToTheEndOfALargeRawSQLResult() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
            INSERT INTO big SELECT i, 'name ' || i FROM n;
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let tmux = try TmuxSession(
            command: TmuxSession.arborCommand("'\(path)'", stateDirectory: stateDirectory), width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        for request in [":sql SELECT id, name FROM big", #"Row.fetchAll(db, sql: "SELECT id, name FROM big")"#] {
            try tmux.type(request)
            try tmux.press("Enter")
            try tmux.waitFor("id:1  name:\"name 1\"", "1,000,000 rows")
            // Each key after Esc waits for its effect: Esc and a key sent together read as Alt-key.
            try tmux.press("Escape")
            try tmux.waitFor("␣ expand")
            try tmux.press("G")
            try tmux.waitFor("id:1000000  name:\"name 1000000\"")
            try tmux.press("g")
            try tmux.waitFor("id:1  name:\"name 1\"")
            // Back to the input, where typing replaces the statement kept there.
            try tmux.press("Escape")
            try tmux.waitFor("type to replace")
        }
    }
}
