import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborTerminal

/// `:sql SELECT …` in the terminal shows its rows in the results pane, read a
/// window at a time like a request's: 200,000 rows, and `G` shows the last one
/// after reading the last window only.
final class RawSQLWindowScreenTests: XCTestCase {
    func testARawSQLResultIsWindowedAndScrollsToItsEnd() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
            INSERT INTO big SELECT i, 'name ' || i FROM n;
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        var state = AppState(width: 80, height: 24, environment: session.environment)
        state.readsWindows = true
        let text = ":sql SELECT id, name FROM big ORDER BY id"
        state.input.set(text)
        guard case .run(_, let generation)? = state.update(.key(.enter)).last else { return XCTFail("no run") }
        let outcomes = session.runInteractive(text)
        guard case .rows(let result)? = outcomes.first, let window = result.window else {
            return XCTFail("not windowed: \(outcomes)")
        }
        perform(
            state.update(
                .finished(generation: generation, outcomes: outcomes, environment: session.environment, elapsed: 0.01)),
            on: &state)
        XCTAssertNil(state.overlay, "rows, not a text overlay")
        let first = render(state)
        XCTAssertTrue(first.contains("id:1") && first.contains("name:\"name 1\""), first)
        XCTAssertEqual(try window.rowCount(), 200_000)
        _ = state.update(.windowLoaded)
        XCTAssertTrue(render(state).contains("200,000 rows"), render(state))

        _ = state.update(.key(.escape))
        XCTAssertEqual(state.focus, .results)
        perform(state.update(.key(.character("G"))), on: &state)
        let last = render(state)
        XCTAssertTrue(last.contains("id:200000") && last.contains("\"name 200000\""), last)
        XCTAssertEqual(window.cachedWindowCount, 2, "the first window and the last, nothing between")
    }

    func render(_ state: AppState) -> String { View.render(state).buffer.text }

    /// Runs the window loads `update` asks for, as the worker does, and tells `update`.
    func perform(_ effects: [Effect], on state: inout AppState) {
        var loaded = false
        for case .loadWindow(let reference, let range) in effects {
            _ = try? reference.window.rows(in: range)
            loaded = true
        }
        if loaded { perform(state.update(.windowLoaded), on: &state) }
    }
}
