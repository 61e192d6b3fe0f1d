import ArborTestSupport
import Foundation
import XCTest

/// The decoding check's verdict in the terminal interface (issue 21, item 3): a check
/// that passes says how many rows decode, a silent conversion is a warning.
final class DecodingVerdictTerminalTests: XCTestCase {
    var stateDirectory = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("tui-state").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    func testAPassingCheckAndASilentConversionAreSaid() throws {
        let database = try MusicStoreFixture.make()
        let tmux = try TmuxSession(
            command: TmuxSession.arborCommand("'\(database)'", stateDirectory: stateDirectory), width: 140, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("struct G: Decodable, FetchableRecord { var GenreId: Int; var Name: String }")
        try tmux.press("Enter")
        try tmux.waitFor("declarations read")
        try tmux.type(#"try dbQueue.read { db in try G.fetchAll(db, Table("Genre")) }"#)
        try tmux.press("Enter")
        try tmux.waitFor("3 rows decode as `G`", "Metal")
        try tmux.type("struct H: Decodable, FetchableRecord { var Name: Int }")
        try tmux.press("Enter")
        try tmux.waitFor("declarations read")
        try tmux.type(#"try dbQueue.read { db in try H.fetchAll(db, Table("Genre")) }"#)
        try tmux.press("Enter")
        try tmux.waitFor("3 rows decode as `H`, but GRDB converts `H.Name` silently: declare `var Name: String`")
    }
}
