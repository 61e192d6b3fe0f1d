import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// `:watch` in the interface: a change re-runs the request on screen through
/// the worker's `.run`; the tree keeps its open rows and its cursor on the same
/// row (by primary key) and marks what was added, removed and changed.
final class WatchTests: XCTestCase {
    static let schema = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
        CREATE INDEX book_authorId ON book(authorId);
        INSERT INTO author VALUES (1, 'Herman Melville'), (2, 'Ursula K. Le Guin');
        INSERT INTO book VALUES (1, 1, 'Moby-Dick'), (7, 1, 'Typee'), (3, 2, 'The Dispossessed');
        """
    static let request = "Author.including(all: Author.books)"

    func testAChangeRerunsTheRequestKeepsTheCursorAndMarksWhatChanged() throws {
        let path = try Fixtures.database(Self.schema)
        let session = try Session(path: path)
        var state = try Fixtures.state(after: Self.request, width: 100, height: 30, in: session, interactive: true)
        // Open the first author and its second author and select Typee (book 7).
        _ = state.update(.key(.character(" ")))
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        XCTAssertEqual(state.results?.selected, NodePath([0, 0, 1]))
        XCTAssertEqual(state.results?.source.node(at: NodePath([0, 0, 1]))?.row?.values.first, 7.databaseValue)

        XCTAssertEqual(runCommand(":watch", in: &state), [.watch(true)])
        _ = state.update(.key(.escape))
        XCTAssertEqual(state.focus, .results)
        XCTAssertEqual(state.watch?.status, "watching")

        // Another connection inserts a book before Typee, renames Moby-Dick, deletes Le Guin's book.
        let writer = try DatabaseQueue(path: path)
        try writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO book VALUES (2, 1, 'Mardi');
                    UPDATE book SET title = 'Moby Dick' WHERE id = 1;
                    DELETE FROM book WHERE id = 3;
                    """)
        }
        let effects = state.update(.databaseChanged(time: "12:00:00"))
        guard case .run(let text, let generation)? = effects.first, effects.count == 1 else {
            return XCTFail("\(effects)")
        }
        XCTAssertEqual(text, Self.request)
        // A second change while it runs waits for it: one more run, not two at once.
        XCTAssertEqual(state.update(.databaseChanged(time: "12:00:01")), [])
        let after = state.update(
            .finished(
                generation: generation, outcomes: session.runInteractive(text), environment: session.environment,
                elapsed: 0.002))
        XCTAssertEqual(after.count, 1, "the change that came meanwhile runs the request again")
        // It finds nothing new (the commit was in the first run): the marks stay.
        guard case .run(_, let second)? = after.first else { return XCTFail("\(after)") }
        _ = state.update(
            .finished(
                generation: second, outcomes: session.runInteractive(text), environment: session.environment,
                elapsed: 0.002))
        XCTAssertNil(state.running)

        let marks = try XCTUnwrap(state.watch?.marks)
        XCTAssertEqual(marks.added, [NodePath([0, 0, 1])])
        XCTAssertEqual(marks.changed, [NodePath([0, 0, 0]): ["title"]])
        XCTAssertEqual(marks.removed, [NodePath([1, 0]): 1])
        XCTAssertEqual(marks.summary, "+1 −1 ~1")
        // The cursor is still on Typee, now the third book; the first author is still open.
        XCTAssertEqual(state.results?.selected, NodePath([0, 0, 2]))
        XCTAssertEqual(state.results?.source.node(at: NodePath([0, 0, 2]))?.row?.values.first, 7.databaseValue)
        XCTAssertTrue(state.results?.expanded.contains(NodePath([0])) ?? false)

        let screen = View.render(state).buffer.text
        XCTAssertTrue(screen.contains("▾ books  3 rows"), screen)
        XCTAssertTrue(screen.contains("~ book  id:1  authorId:1  title:\"Moby Dick\""), screen)
        XCTAssertTrue(screen.contains("+ book  id:2  authorId:1  title:\"Mardi\""), screen)
        XCTAssertTrue(screen.contains("    book  id:7  authorId:1  title:\"Typee\""), screen)
        XCTAssertTrue(screen.contains("watching · changed 12:00:01 · +1 −1 ~1 · 2 rows"), screen)

        // Opening Le Guin shows her list's loss.
        _ = state.update(.key(.character("G")))
        _ = state.update(.key(.character(" ")))
        let opened = View.render(state).buffer.text
        XCTAssertTrue(opened.contains("▾ author  id:2  name:\"Ursula K. Le Guin\"\n"), opened)
        XCTAssertTrue(opened.contains("    books  0 rows  −1 removed"), opened)

        XCTAssertEqual(runCommand(":watch", in: &state), [.watch(false)])
        XCTAssertNil(state.watch)
        XCTAssertFalse(View.render(state).buffer.text.contains("watching ·"))
    }

    func testARerunKeepsTheChildrenPaneAndAFailedOneLeavesTheInputAlone() throws {
        let path = try Fixtures.database(Self.schema)
        let session = try Session(path: path)
        var state = try Fixtures.state(after: Self.request, width: 100, height: 30, in: session, interactive: true)
        XCTAssertEqual(runCommand(":watch", in: &state), [.watch(true)])
        _ = state.update(.key(.escape))
        // Le Guin's books in the children pane.
        _ = state.update(.key(.down))
        _ = state.update(.key(.right))
        XCTAssertEqual(state.miller?.current?.node, NodePath([1]))
        XCTAssertEqual(state.focus, .children)
        // A new first author moves Le Guin to the third row.
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "INSERT INTO author VALUES (0, 'Anonymous')") }
        guard case .run(let text, let generation)? = state.update(.databaseChanged(time: "12:00:00")).first else {
            return XCTFail()
        }
        _ = state.update(
            .finished(
                generation: generation, outcomes: session.runInteractive(text), environment: session.environment,
                elapsed: 0.002))
        XCTAssertEqual(state.watch?.marks.added, [NodePath([0])])
        XCTAssertEqual(state.results?.selected, NodePath([2]))
        XCTAssertEqual(state.miller?.current?.node, NodePath([2]))
        XCTAssertEqual(state.focus, .children)

        // A re-run that fails says why and leaves the focus and the input as they were.
        guard case .run(let again, let failing)? = state.update(.databaseChanged(time: "12:00:05")).first else {
            return XCTFail()
        }
        _ = state.update(
            .finished(
                generation: failing,
                outcomes: [.failure([ArborError("database is locked by another process")], text: again)],
                environment: session.environment, elapsed: 5))
        XCTAssertEqual(state.focus, .children)
        XCTAssertNil(state.inputError)
        XCTAssertEqual(state.notice, Notice(text: "error: database is locked by another process", isError: true))
        XCTAssertNotNil(state.watch)
    }

    func testAWatchThatCannotGoOnSaysWhyAndStops() throws {
        var state = try Fixtures.state(after: "Author", width: 100, height: 30)
        XCTAssertEqual(runCommand(":watch", in: &state), [.watch(true)])
        _ = state.update(
            .watchProblem(
                "cannot watch: the demo database lives in memory: nothing else can change it, so there is nothing to watch",
                ended: true))
        XCTAssertNil(state.watch)
        XCTAssertEqual(state.notice?.isError, true)
        XCTAssertTrue(
            View.render(state).buffer.text.contains("cannot watch: the demo database lives in memory"))
        // Without a watch, a change (a late message) runs nothing.
        XCTAssertEqual(state.update(.databaseChanged(time: "12:00:00")), [])
    }

    /// Types a command in the input and returns its effects but the history's.
    func runCommand(_ command: String, in state: inout AppState) -> [Effect] {
        if state.focus != .input { _ = state.update(.key(.character(":"))) }
        for c in command.dropFirst(state.input.text == ":" ? 1 : 0) { _ = state.update(.key(.character(c))) }
        return state.update(.key(.enter)).filter {
            if case .saveHistory = $0 { false } else { true }
        }
    }
}
