import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// The results pane reads through `ResultSource`: it asks only for the rows it
/// draws, and a row counted but not fetched yet still has its line.
final class ResultSourceTests: XCTestCase {
    /// A source of `count` rows that records what it is asked and has only some rows at hand.
    final class CountingSource: ResultSource, @unchecked Sendable {
        let table = "book"
        let count: Int
        let available: Range<Int>
        private(set) var asked = Set<Int>()

        init(count: Int, available: Range<Int>) {
            self.count = count
            self.available = available
        }

        var rowCount: Int? { count }

        func rows(in range: Range<Int>) -> [ResultRow] {
            range.compactMap { row(at: $0) }
        }

        func row(at index: Int) -> ResultRow? {
            asked.insert(index)
            guard available.contains(index) else { return nil }
            return ResultRow(names: ["id"], values: [index.databaseValue], children: [])
        }

        func node(at path: NodePath) -> ResultNode? {
            guard path.steps.count == 1, let index = path.steps.first else { return nil }
            return row(at: index).map { .row(table: table, $0) }
        }

        func childCount(of path: NodePath) -> Int? { path.steps.count == 1 ? 0 : nil }
    }

    func testOnlyVisibleRowsAreReadAndMissingOnesShowAsLoading() {
        let source = CountingSource(count: 1_000_000, available: 0..<5_002)
        var state = ResultsState(source: source, title: "Book.all()")
        state.move(by: 5_000, height: 4)
        XCTAssertEqual(state.selected, NodePath([5_000]))
        var buffer = ScreenBuffer(width: 30, height: 5)
        ResultsView.draw(state, info: "", into: &buffer, rect: buffer.bounds, focused: true, separatorOnRight: false)
        XCTAssertEqual(
            buffer.text,
            """
            ─ Book.all() ─────────────────
              book  id:4997
              book  id:4998
              book  id:4999
              book  id:5000
            """)
        state.move(by: 3, height: 4)
        source.resetAsked()
        buffer = ScreenBuffer(width: 30, height: 5)
        ResultsView.draw(state, info: "", into: &buffer, rect: buffer.bounds, focused: true, separatorOnRight: false)
        XCTAssertEqual(buffer.line(2), "  book  id:5001")
        XCTAssertEqual(buffer.line(3), "  loading…")
        XCTAssertEqual(buffer.line(4), "  loading…")
        XCTAssertEqual(source.asked, Set(5_000...5_003), "a frame reads the rows it shows, not the result")
    }
}

extension ResultSourceTests.CountingSource {
    func resetAsked() { asked.removeAll() }
}
