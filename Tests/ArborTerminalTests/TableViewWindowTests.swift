import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// A windowed result shown before its first window is read: the window asked
/// for comes in, and the table gets its first line and its columns.
final class TableViewWindowTests: XCTestCase {
    func testTheFirstWindowArrivingGivesTheSelectionAndTheColumns() throws {
        let session = try Fixtures.demo()
        let window = try WindowedResult(
            session: session, plan: RequestPlan(table: "author"), childCap: nil)
        let requests = WindowedResultSourceTests.Requests()
        var results = ResultsState(
            source: WindowedResultSource(window: window, load: { requests.append($0) }), title: "Author.all()",
            format: .table)
        XCTAssertNil(results.selected)
        XCTAssertEqual(results.table?.columns.isEmpty, true)
        XCTAssertEqual(requests.all.first, 0..<100)
        _ = try window.rows(in: 0..<100)
        results.rowsArrived()
        XCTAssertEqual(results.selected, NodePath([0]))
        XCTAssertEqual(results.table?.columns.first?.title, "id")
    }
}
