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
        var state = AppState(width: 100, height: 30, environment: session.environment)
        state.results = ResultsState(
            source: WindowedResultSource(window: window), title: "Author.all()", format: .table)
        XCTAssertNil(state.results?.selected)
        XCTAssertEqual(state.results?.table?.columns.isEmpty, true)
        XCTAssertEqual(state.missingWindows(), [.loadWindow(WindowReference(window), 0..<100)])
        _ = try window.rows(in: 0..<100)
        XCTAssertEqual(state.update(.windowLoaded), [])
        XCTAssertEqual(state.results?.selected, NodePath([0]))
        XCTAssertEqual(state.results?.table?.columns.first?.title, "id")
    }
}
