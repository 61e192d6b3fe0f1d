import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// A window that can not be loaded (another process changed the schema since the
/// request ran) is said in the status line, rather than left "loading…" in silence.
final class WindowFailureNoticeTests: XCTestCase {
    func testAWindowThatFailsIsSaid() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO t SELECT i, 'a' || i, 'b' || i FROM n;
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        var state = AppState(width: 100, height: 24, environment: session.environment)
        state.readsWindows = true
        var failures: [Range<Int>] = []
        func perform(_ effects: [Effect]) {
            for case .loadWindow(let reference, let range) in effects {
                do { _ = try reference.window.rows(in: range) } catch { failures.append(range) }
            }
        }
        state.input.set("T.all()")
        guard case .run(_, let generation)? = state.update(.key(.enter)).last else { return XCTFail("no run") }
        let outcomes = session.runInteractive("T.all()")
        perform(
            state.update(
                .finished(generation: generation, outcomes: outcomes, environment: session.environment, elapsed: 0.01)))
        // The rows are counted (the worker does it after the first window), so `G` knows the end.
        guard case .rows(let result)? = outcomes.first, let window = result.window else { return XCTFail() }
        XCTAssertEqual(try window.rowCount(), 500)
        perform(state.update(.windowLoaded))
        let writer = try DatabaseQueue(path: path)
        try writer.write { try $0.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        try writer.close()
        _ = state.update(.key(.escape))
        perform(state.update(.key(.character("G"))))
        XCTAssertEqual(failures.count, 1, "the last window was asked for and failed")
        _ = state.update(
            .windowFailed("another process changed the schema since this result was read: run the request again"))
        let screen = View.render(state).buffer.text
        XCTAssertTrue(screen.contains("error: another process changed the schema"), screen)
    }
}
