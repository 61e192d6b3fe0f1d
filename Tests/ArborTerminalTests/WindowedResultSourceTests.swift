import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// The results pane over a windowed result: it never queries on the UI thread,
/// `update` asks for the missing windows as effects, and a cut to-many child says so.
final class WindowedResultSourceTests: XCTestCase {
    func testRowsComeFromLoadedWindowsAndMissingOnesAreAskedFor() throws {
        let session = try Session(
            path: try Fixtures.database(
                """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
                INSERT INTO author SELECT i, 'A' || i FROM n;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
                INSERT INTO book SELECT i, 1 FROM n;
                """))
        guard
            case .rows(let result)? = session.runInteractive(
                "Author.including(all: Author.books)", childCap: 50
            ).last,
            let window = result.window
        else { return XCTFail("no windowed result") }
        XCTAssertEqual(result.rows.count, 100, "the first window")
        XCTAssertNil(window.knownRowCount, "counted after the first window is shown")
        XCTAssertEqual(try window.rowCount(), 250)
        XCTAssertTrue(
            result.statements.first?.sql.hasPrefix("SELECT * FROM \"author\"") == true,
            "GRDB's request first")

        let source = WindowedResultSource(window: window)
        XCTAssertEqual(source.rowCount, 250)
        XCTAssertNotNil(source.node(at: NodePath([99])))
        XCTAssertNil(source.node(at: NodePath([150])), "not loaded: drawn as loading")
        XCTAssertNil(source.node(at: NodePath([160])))
        // Reading (and drawing) asks for nothing: `update` names the windows the screen needs.
        var state = AppState(width: 100, height: 30, environment: session.environment)
        state.results = ResultsState(source: source, title: "Author.including(all: Author.books)")
        state.results?.top = NodePath([150])
        state.results?.selected = NodePath([150])
        _ = View.render(state)
        XCTAssertEqual(state.missingWindows(), [.loadWindow(WindowReference(window), 100..<200)])
        XCTAssertEqual(state.missingWindows(), [], "one request per missing window while it loads")
        _ = try window.rows(in: 100..<200)
        XCTAssertNotNil(source.node(at: NodePath([150])))

        // Author 1 has 500 books, cut to the first 50 and announced.
        guard let books = source.node(at: NodePath([0, 0])) else { return XCTFail() }
        let text = RowText.spans(books, width: 80).map(\.text).joined()
        XCTAssertEqual(text, "books  50 of 500 rows — ↵ for more")
        XCTAssertEqual(source.childCount(of: NodePath([0, 0])), 50)
    }

    /// ↵ on a cut list asks the worker for its next rows; they show once loaded.
    func testEnterOnACutListFetchesMore() throws {
        let session = try Session(
            path: try Fixtures.database(
                """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                INSERT INTO author VALUES (1, 'A'), (2, 'B');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
                INSERT INTO book SELECT i, 1 FROM n;
                """))
        var state = AppState(width: 100, height: 30, environment: session.environment)
        state.readsWindows = true
        let text = "Author.including(all: Author.books)"
        state.input.set(text)
        guard case .run(_, let generation)? = state.update(.key(.enter)).last else {
            return XCTFail("no run")
        }
        _ = state.update(
            .finished(
                generation: generation, outcomes: session.runInteractive(text, childCap: 50),
                environment: session.environment, elapsed: 0.01))
        XCTAssertEqual(state.focus, .input)
        _ = state.update(.key(.escape))
        XCTAssertEqual(state.focus, .results)
        _ = state.update(.key(.character(" ")))
        _ = state.update(.key(.down))
        XCTAssertEqual(state.results?.selected, NodePath([0, 0]), "the books of author 1")
        XCTAssertTrue(render(state).contains("▾ books  50 of 1,500 rows — ↵ for more"), render(state))
        perform(state.update(.key(.enter)), on: &state)
        XCTAssertTrue(
            render(state).contains("▾ books  1,050 of 1,500 rows — ↵ for more"), render(state))
        perform(state.update(.key(.enter)), on: &state)
        XCTAssertTrue(render(state).contains("▾ books  1,500 rows"), render(state))
        // Author 2's empty list has nothing to fetch.
        XCTAssertNil(try XCTUnwrap(state.results?.source).moreRows(at: NodePath([1, 0])))
    }

    /// The first window shows before the rows are counted; the count follows.
    func testTheCountFollowsTheFirstWindow() throws {
        let session = try Session(
            path: try Fixtures.database(
                """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
                INSERT INTO author SELECT i, 'A' || i FROM n;
                """))
        var state = AppState(width: 100, height: 30, environment: session.environment)
        state.readsWindows = true
        state.input.set("Author.all()")
        guard case .run(_, let generation)? = state.update(.key(.enter)).last else { return XCTFail("no run") }
        let outcomes = session.runInteractive("Author.all()")
        guard case .rows(let result)? = outcomes.first, let window = result.window else { return XCTFail() }
        XCTAssertNil(window.knownRowCount, "not counted with the first window")
        _ = state.update(
            .finished(generation: generation, outcomes: outcomes, environment: session.environment, elapsed: 0.01))
        XCTAssertNil(state.last?.rows)
        XCTAssertTrue(render(state).contains("counting rows… · 10 ms"), render(state))
        XCTAssertEqual(try window.rowCount(), 250)
        _ = state.update(.windowLoaded)
        // The count is a statement that ran too.
        XCTAssertTrue(render(state).contains("250 rows · 2 statements · 10 ms"), render(state))
        XCTAssertEqual(state.sql.ran.map(\.label), ["window 1", "row count"])
    }

    func render(_ state: AppState) -> String { View.render(state).buffer.text }

    /// Runs the loads among `effects` as the worker does, then tells the state.
    func perform(_ effects: [Effect], on state: inout AppState) {
        var loaded = false
        for effect in effects {
            switch effect {
            case .loadWindow(let reference, let range):
                _ = try? reference.window.rows(in: range)
                loaded = true
            case .loadMoreChildren(let more):
                _ = try? more.window.window.loadMoreChildren(ofRow: more.row, key: more.key)
                loaded = true
            default: break
            }
        }
        if loaded { perform(state.update(.windowLoaded), on: &state) }
    }
}
