import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// Issue 21 item 1: a watched result shows what the request returns now. A row
/// inserted where it sorts first is seen, the cursor stays on its row, and the
/// pane keeps its five rows under a writer instead of shrinking.
final class WatchNewRowsScreenTests: XCTestCase {
    func testNewRowsShowWhereTheySortAndThePaneStaysFull() throws {
        let path = try Fixtures.database(MusicStore.sql)
        let session = try Session(path: path)
        var state = try Fixtures.state(after: MusicStore.watchedRequest, width: 100, height: 30, in: session)
        XCTAssertEqual(state.focus, .results)
        _ = state.toggleWatch()
        XCTAssertEqual(rootIDs(state), [305, 304, 302, 301, 300])
        let writer = try DatabaseQueue(path: path)
        defer { try? writer.close() }

        for (step, id) in [400, 401, 402, 403].enumerated() {
            try writer.write {
                try $0.execute(sql: "INSERT INTO Artist VALUES (?, 'Manual ' || ?)", arguments: [id, id])
            }
            rerun(&state, session)
            let screen = View.render(state).buffer
            XCTAssertEqual(rootIDs(state).first, Int64(id), "the new row sorts first and is drawn: \(screen.text)")
            XCTAssertEqual(rootIDs(state).count, 5, "the pane keeps its five rows (step \(step))")
            XCTAssertTrue(screen.line(1).contains("+ Artist  ArtistId:\(id)"), screen.text)
            // The cursor is still on the row it was on: 305, one line lower each time.
            XCTAssertEqual(selectedID(state), 305)
            XCTAssertTrue(screen.line(step + 2).contains("ArtistId:305"), screen.text)
            XCTAssertTrue(
                (0..<screen.width).contains { screen[$0, step + 2].style.reverse },
                "the selected line is drawn selected")
        }
        // Below the rows nothing is left empty where rows are hidden above.
        XCTAssertEqual(state.results?.top, NodePath([0]))
    }

    func testAViewScrolledDownKeepsTheCursorWhereItWasOnScreen() throws {
        let path = try Fixtures.database(MusicStore.sql)
        let session = try Session(path: path)
        var state = try Fixtures.state(
            after: #"Artist.order(Column("ArtistId").desc)"#, width: 100, height: 14, in: session)
        _ = state.toggleWatch()
        for _ in 0..<30 { _ = state.update(.key(.down)) }
        let before = View.render(state).buffer
        let selectedLine = (0..<before.height).first { y in (0..<before.width).contains { before[$0, y].style.reverse }
        }
        let selected = selectedID(state)
        XCTAssertEqual(selected, 274)
        let writer = try DatabaseQueue(path: path)
        defer { try? writer.close() }
        try writer.write { try $0.execute(sql: "INSERT INTO Artist VALUES (400, 'Manual 400')") }
        rerun(&state, session)
        let after = View.render(state).buffer
        XCTAssertEqual(selectedID(state), selected, "the cursor stays on its row")
        XCTAssertNotNil(selectedLine)
        XCTAssertEqual(
            (0..<after.height).first { y in (0..<after.width).contains { after[$0, y].style.reverse } }, selectedLine,
            after.text)
    }

    /// What the loop does on a commit by another process: run the request again.
    func rerun(_ state: inout AppState, _ session: Session) {
        guard case .run(let text, let generation)? = state.update(.databaseChanged(time: "12:00:00")).first else {
            return XCTFail("no re-run")
        }
        _ = state.update(
            .finished(
                generation: generation, outcomes: session.run(text), environment: session.environment, elapsed: 0.001))
    }

    func rootIDs(_ state: AppState) -> [Int64] {
        guard let source = state.results?.source else { return [] }
        return (0..<(source.rowCount ?? 0)).compactMap { id(source.node(at: NodePath([$0]))) }
    }

    func selectedID(_ state: AppState) -> Int64? {
        state.results?.selected.flatMap { id(state.results?.source.node(at: $0)) }
    }

    func id(_ node: ResultNode?) -> Int64? {
        guard let row = node?.row, let index = row.names.firstIndex(of: "ArtistId") else { return nil }
        return Int64.fromDatabaseValue(row.values[index])
    }
}
