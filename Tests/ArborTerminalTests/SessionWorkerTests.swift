import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// The worker that runs requests off the UI thread: cancellation and counts.
final class SessionWorkerTests: XCTestCase {
    final class Box: @unchecked Sendable { var worker: SessionWorker? }

    /// Messages posted by the worker until `done` says enough (at most 10 s).
    func messages(_ inbox: Inbox, until done: ([Message]) -> Bool) -> [Message] {
        var all: [Message] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !done(all) {
            all += inbox.drain()
            usleep(5_000)
        }
        return all
    }

    func finished(_ messages: [Message]) -> [Outcome]? {
        for case .finished(_, let outcomes, _, _) in messages { return outcomes }
        return nil
    }

    /// A Ctrl-C that lands when no statement runs (between the main statement and
    /// a prefetch) finds nothing for SQLite to interrupt; the request is cancelled anyway.
    func testCtrlCBetweenStatementsCancelsTheRequest() throws {
        let session = try Session(path: nil)
        let inbox = Inbox()
        let box = Box()
        box.worker = SessionWorker(session: session, inbox: inbox) { session, text in
            box.worker?.interrupt(through: 1)  // no statement is running at this moment
            return session.runInteractive(text)
        }
        box.worker?.run("Author.including(all: Author.books)", generation: 1)
        let outcomes = finished(messages(inbox) { finished($0) != nil })
        guard case .failure(let errors, _)? = outcomes?.first else {
            return XCTFail("the request was not cancelled")
        }
        XCTAssertEqual(errors.map(\.message), ["cancelled"])
    }

    /// Link counts are for the row the children pane shows: a batch for another
    /// row skips the counts of the last one still waiting.
    func testLinkCountsOfARowNoLongerShownAreSkipped() throws {
        let session = try Session(path: nil)
        let inbox = Inbox()
        let worker = SessionWorker(session: session, inbox: inbox)
        // Many rows' counts, so that the new batch comes while they are still waiting
        // however fast this machine counts.
        let old = (1...2_000).map { "Book.joining(required: Book.author.filter(id: \($0)))" }
        let new = "Painting.joining(required: Painting.author.filter(id: 1))"
        worker.countLinks(old)
        worker.countLinks([new])
        let all = messages(inbox) { messages in
            messages.contains { if case .linkCounted(new, _) = $0 { true } else { false } }
        }
        var counted: [String: CappedCount?] = [:]
        for case .linkCounted(let request, let count) in all { counted[request] = count }
        XCTAssertEqual(counted[new], CappedCount(count: 4, cap: 10_000))
        // Those still waiting when the new batch came were skipped.
        XCTAssertLessThan(counted.count, old.count / 2, "\(counted.count) counted")
    }

    /// The rows are counted after the first window; a failing request typed
    /// meanwhile leaves the result on screen, and its count still comes.
    func testTheCountComesEvenWhenARequestInterruptsIt() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
            INSERT INTO author SELECT i, 'A' || i FROM n;
            """)
        let session = try Session(path: path)
        let inbox = Inbox()
        let worker = SessionWorker(session: session, inbox: inbox)
        worker.run("Author.filter(Column(\"name\").like(\"%1%\"))", generation: 1)
        let first = messages(inbox) { finished($0) != nil }
        guard case .rows(let result)? = finished(first)?.first, let window = result.window else {
            return XCTFail("no windowed result")
        }
        worker.run("Author.nope", generation: 2)
        _ = messages(inbox) { _ in window.knownRowCount != nil }
        XCTAssertEqual(window.knownRowCount, 140_951, "the names of 1 to 200,000 that contain a 1")
    }

    /// After a request with a prefetch is shown, the worker works out what the app
    /// would run (the prefetch lists the parents' keys) and posts it for that request.
    func testTheAppsStatementsFollowTheResult() throws {
        let session = try Session(path: nil)
        let inbox = Inbox()
        let worker = SessionWorker(session: session, inbox: inbox)
        worker.run("Author.filter(keys: [1, 2]).including(all: Author.books)", generation: 7)
        let all = messages(inbox) { messages in
            messages.contains { if case .appStatements = $0 { true } else { false } }
        }
        guard case .rows(let result)? = finished(all)?.first else { return XCTFail("\(all)") }
        XCTAssertNil(result.appStatements, "not known when the first window shows")
        var posted: [CapturedStatement]?
        for case .appStatements(7, let statements, nil) in all { posted = statements }
        XCTAssertEqual(
            posted?.map(\.sql),
            [
                "SELECT * FROM \"author\" WHERE \"id\" IN (1, 2)",
                "SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (1, 2)",
            ])
        XCTAssertEqual(posted?.map(\.label), ["main", "prefetch books"])
    }

    /// The SQL pane's numbers and plans are worked out on the worker and posted back:
    /// rows, a scan mark on the unindexed filter, and the plan as `:explain` draws it;
    /// a statement SQLite refuses gets no numbers and no plan, with the reason.
    func testMeasuresAndPlansArePostedByTheWorker() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER, title TEXT);
            INSERT INTO book VALUES (1, 1, 'A'), (2, 1, 'B'), (3, 2, 'C');
            """)
        let session = try Session(path: path)
        let inbox = Inbox()
        let worker = SessionWorker(session: session, inbox: inbox)
        let filtered = "SELECT * FROM \"book\" WHERE \"authorId\" = 1"
        worker.measure(["SELECT * FROM \"book\"", filtered, "SELECT * FROM \"nowhere\""], generation: 3)
        worker.explain(filtered, title: "plan")
        worker.explain("SELECT * FROM \"nowhere\"", title: "plan")
        let posted = messages(inbox) { $0.count >= 3 }
        guard posted.count == 3, case .measured(let generation, let measures) = posted[0] else {
            return XCTFail("\(posted)")
        }
        XCTAssertEqual(generation, 3)
        XCTAssertEqual(measures.map { $0?.rows }, [3, 2, nil])
        XCTAssertEqual(measures.map { $0?.scannedTables }, [[], ["book"], nil])
        guard case .plan(_, let plan, false) = posted[1], case .plan(_, let error, true) = posted[2] else {
            return XCTFail("\(posted)")
        }
        XCTAssertEqual(
            plan.split(separator: "\n").prefix(3), [Substring(filtered + ";"), "QUERY PLAN", "`--SCAN book"])
        XCTAssertTrue(plan.contains("CREATE INDEX \"index_book_on_authorId\" ON \"book\"(\"authorId\");"), plan)
        XCTAssertTrue(error.hasPrefix("no plan: "), error)
        XCTAssertTrue(error.contains("no such table: nowhere"), error)
    }
}
