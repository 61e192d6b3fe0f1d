import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// The table view's keys to its ends (issue 21, item 10): `$` reaches the last
/// column (annotations and includes come after the base columns) in one press,
/// `0` the first.
final class TableViewEndColumnsTests: XCTestCase {
    func testDollarReachesTheIncludeAtTheEndAndZeroComesBack() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try Fixtures.state(
            after: "Customer.annotated(with: Customer.invoices.sum(Column(\"Total\")).forKey(\"invoiceTotalSum\"))"
                + ".including(optional: Customer.supportRep)",
            width: 80, height: 24, in: session)
        _ = state.update(.key(.character("t")))
        _ = state.update(.key(.character("$")))
        let table = try XCTUnwrap(state.results?.table)
        XCTAssertEqual(table.selected, table.visibleColumns.count - 1)
        let lines = View.render(state).buffer.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].contains("supportRep.Email"), lines[1])
        _ = state.update(.key(.character("0")))
        XCTAssertEqual(state.results?.table?.selected, 0)
        let back = View.render(state).buffer.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(back[1].contains("CustomerId"), back[1])
    }
}
