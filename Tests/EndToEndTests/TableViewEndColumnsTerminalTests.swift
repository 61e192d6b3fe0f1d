import ArborTestSupport
import Foundation
import XCTest

/// The table view's `$` in the real binary (issue 21, item 10): on the music store's
/// top customers, one press shows the include at the end of a wide row.
final class TableViewEndColumnsTerminalTests: XCTestCase {
    var stateDirectory = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("tui-state").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    func testDollarShowsTheLastColumn() throws {
        let database = try MusicStoreFixture.make()
        let tmux = try TmuxSession(
            command: TmuxSession.arborCommand("'\(database)'", stateDirectory: stateDirectory), width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type(
            #"Customer.annotated(with: Customer.invoices.sum(Column("Total")).forKey("invoiceTotalSum")).including(optional: Customer.supportRep)"#
        )
        try tmux.press("Enter")
        try tmux.waitFor("3 rows")
        try tmux.press("Escape")
        try tmux.waitFor("i edit")
        try tmux.press("t")
        try tmux.waitFor("CustomerId")
        try tmux.press("$")
        try tmux.waitFor("supportRep.Email")
        try tmux.press("0")
        try tmux.waitFor("CustomerId")
    }
}
