import ArborTestSupport
import Foundation
import XCTest

/// Issue 21, item 10, in the real interface on the music store: the top-customers
/// request shows its annotation and its include first on each row, and in the
/// table view `c` then the start of a name reaches the column at once.
final class WideRowsTerminalTests: XCTestCase {
    static let topCustomers =
        #"Customer.annotated(with: Customer.invoices.sum(Column("Total")))"#
        + #".including(optional: Customer.supportRep).order(Column("CustomerId"))"#

    func testTheAnnotationAndIncludeShowFirstAndCGoesToAColumn() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let tmux = try TmuxSession.arbor("'\(try MusicStoreFixture.make())'", width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.type(Self.topCustomers)
        try tmux.press("Enter")
        let screen = try tmux.waitFor("▸ Customer  invoiceTotalSum:4.95  supportRep(EmployeeId:3", "3 rows")
        XCTAssertTrue(screen.contains("▸ Customer  invoiceTotalSum:1.98  supportRep(EmployeeId:4"), screen)
        // The table view: `c` then `sup` lands on the include's first column, `ti` on its title.
        try tmux.press("Escape")
        try tmux.waitFor("␣ expand")
        try tmux.press("t")
        try tmux.waitFor("c go to one")
        try tmux.type("csupportRep.l")
        try tmux.waitFor("“supportRep.l” → supportRep.LastName")
        try tmux.press("Enter")
        try tmux.waitFor("supportRep.LastName", "Peacock", "c go to one")
        // `x` hides the column reached: the jump has ended.
        try tmux.press("x")
        try tmux.waitUntil("supportRep.LastName hidden") { screen in
            !screen.contains("supportRep.LastName") && screen.contains("c go to one")
        }
    }
}
