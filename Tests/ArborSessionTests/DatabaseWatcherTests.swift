import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// The watcher is woken by another connection's commits in both journal modes (how
/// soon is the benchmark's figure), runs no statement while nothing changes, and reports a file that is
/// deleted, replaced or locked for long instead of failing.
final class DatabaseWatcherTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-watch")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A database with table `t`, in WAL mode or with a rollback journal; the
    /// writer connection stays open (another "process" for the session).
    func makeDatabase(wal: Bool) throws -> (path: String, writer: DatabaseQueue) {
        let path = directory.appendingPathComponent("watched.sqlite").path
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { db in
            if wal { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try db.execute(sql: "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t(name) VALUES ('a')")
        }
        return (path, writer)
    }

    /// Runs `next()` on another thread; the result arrives in the returned box.
    func nextInBackground(_ watcher: DatabaseWatcher) -> (XCTestExpectation, ChangeBox) {
        let box = ChangeBox()
        let expectation = expectation(description: "change")
        Thread.detachNewThread {
            box.set(watcher.next())
            expectation.fulfill()
        }
        return (expectation, box)
    }

    /// Waits (at most 5 s) until the watcher has gone to wait for file events
    /// `count` times: from then on nothing runs until an event comes.
    func waitUntilIdle(_ watcher: DatabaseWatcher, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(5)
        while watcher.idleWaitCount < count, Date() < deadline { usleep(2_000) }
        XCTAssertGreaterThanOrEqual(watcher.idleWaitCount, count, "the watcher never waited", file: file, line: line)
    }

    func assertCommitWakesTheWatcher(wal: Bool) throws {
        let (path, writer) = try makeDatabase(wal: wal)
        let session = try Session(path: path)
        XCTAssertFalse(session.isImmutable)
        let watcher = try DatabaseWatcher(session: session)
        XCTAssertTrue(watcher.usesFileNotifications)
        let (expectation, box) = nextInBackground(watcher)
        waitUntilIdle(watcher)
        try writer.write { db in try db.execute(sql: "INSERT INTO t(name) VALUES ('b')") }
        // Idle with notifications, the watcher has no timer: only the commit's file events
        // can wake it. How soon is the benchmark's figure (ARBOR_BENCH_ONLY=watch: 2 ms in
        // release), not this test's: a loaded machine only delays it.
        wait(for: [expectation], timeout: 10)
        XCTAssertEqual(box.change, .committed)
        // The session reads the new row.
        let outcome = session.run("Table(\"t\").fetchCount(db)")
        guard case .count(let count, _)? = outcome.first else { return XCTFail("\(outcome)") }
        XCTAssertEqual(count, 2)
        watcher.stop()
    }

    func testACommitInRollbackJournalModeWakesTheWatcher() throws {
        try assertCommitWakesTheWatcher(wal: false)
    }

    func testACommitInWALModeWakesTheWatcher() throws {
        try assertCommitWakesTheWatcher(wal: true)
    }

    func testNoStatementRunsWhileNothingChanges() throws {
        let (path, writer) = try makeDatabase(wal: true)
        let session = try Session(path: path)
        let watcher = try DatabaseWatcher(session: session)
        let counter = StatementCounter()
        session.database.inDatabase { db in db.trace { counter.add("\($0)") } }
        let (expectation, box) = nextInBackground(watcher)
        // Waiting for file events with nothing to check: nothing runs until one comes.
        waitUntilIdle(watcher)
        XCTAssertEqual(counter.count, 0, "statements run while nothing changed")
        XCTAssertNil(box.change)
        try writer.write { db in try db.execute(sql: "UPDATE t SET name = 'z'") }
        wait(for: [expectation], timeout: 2)
        XCTAssertEqual(box.change, .committed)
        // Woken, it asked SQLite (`PRAGMA data_version`), and only that.
        XCTAssertGreaterThanOrEqual(counter.count, 1)
        XCTAssertEqual(Set(counter.statements), ["PRAGMA data_version"])
        watcher.stop()
    }

    func testCommitsMadeMeanwhileAreOneChange() throws {
        let (path, writer) = try makeDatabase(wal: false)
        let session = try Session(path: path)
        let watcher = try DatabaseWatcher(session: session)
        for i in 0..<5 {
            try writer.write { db in try db.execute(sql: "INSERT INTO t(name) VALUES (?)", arguments: [i]) }
        }
        XCTAssertEqual(watcher.next(), .committed)
        // Nothing is left to report: the next call, its re-checks done, waits for events.
        let idle = watcher.idleWaitCount
        let (expectation, box) = nextInBackground(watcher)
        waitUntilIdle(watcher, count: idle + 1)
        XCTAssertFalse(box.returned)
        watcher.stop()
        wait(for: [expectation], timeout: 2)
        XCTAssertNil(box.change)
    }

    /// A WAL commit's last event (its `-wal` write) comes before the commit shows
    /// in the `-shm`. When that event is read together with an earlier commit's,
    /// the watcher reports the earlier one, and must still look again later: the
    /// last commit of a burst causes no event after it shows.
    func testACommitThatShowsAfterItsEventsWereReadIsSeen() throws {
        let (path, writer) = try makeDatabase(wal: true)
        let session = try Session(path: path)
        // The watcher is woken by another file's events, so the test says when events come.
        let decoy = directory.appendingPathComponent("decoy").path
        XCTAssertTrue(FileManager.default.createFile(atPath: decoy, contents: nil))
        let watcher = try DatabaseWatcher(session: session, fallbackInterval: 1) { _ in
            FileChangeNotifier(path: decoy)
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO t(name) VALUES ('b')") }
        // The events of that commit and of the next one's `-wal` write, read at once.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: decoy))
        handle.write(Data("x".utf8))
        try handle.close()
        XCTAssertEqual(watcher.next(), .committed)
        // The next commit shows now, with no event left to come.
        try writer.write { db in try db.execute(sql: "INSERT INTO t(name) VALUES ('c')") }
        let (expectation, box) = nextInBackground(watcher)
        wait(for: [expectation], timeout: 3)
        XCTAssertEqual(box.change, .committed)
        // It settles: once it looked a last time (1.15 s after the event), it waits for
        // events with nothing to check, and no statement runs.
        let idle = watcher.idleWaitCount
        let (quiet, quietBox) = nextInBackground(watcher)
        waitUntilIdle(watcher, count: idle + 1)
        let counter = StatementCounter()
        session.database.inDatabase { db in db.trace { counter.add("\($0)") } }
        XCTAssertEqual(watcher.idleWaitCount, idle + 1, "the settled watcher woke up")
        XCTAssertEqual(counter.count, 0, "statements run while settled")
        XCTAssertFalse(quietBox.returned)
        watcher.stop()
        wait(for: [quiet], timeout: 2)
        XCTAssertNil(quietBox.change)
    }

    func testADeletedDatabaseEndsTheWatch() throws {
        let (path, _) = try makeDatabase(wal: false)
        let session = try Session(path: path)
        let watcher = try DatabaseWatcher(session: session)
        let (expectation, box) = nextInBackground(watcher)
        try FileManager.default.removeItem(atPath: path)
        wait(for: [expectation], timeout: 2)
        XCTAssertEqual(
            box.change,
            .ended(
                "\(path) was deleted: arbor still reads the file it opened, which nothing will change; the watch ends"))
    }

    func testAReplacedDatabaseEndsTheWatch() throws {
        let (path, _) = try makeDatabase(wal: false)
        let other = directory.appendingPathComponent("other.sqlite").path
        try DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE u(x)") }
        let session = try Session(path: path)
        let watcher = try DatabaseWatcher(session: session)
        let (expectation, box) = nextInBackground(watcher)
        XCTAssertEqual(rename(other, path), 0)
        wait(for: [expectation], timeout: 2)
        XCTAssertEqual(
            box.change,
            .ended(
                "\(path) was replaced by another file: arbor still reads the file it opened, which nothing will change; the watch ends"
            ))
    }

    func testADatabaseLockedForLongIsReportedAndTheWatchGoesOn() throws {
        let (path, _) = try makeDatabase(wal: false)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let writer = try DatabaseQueue(path: path, configuration: configuration)
        let session = try Session(path: path, busyTimeout: 0.2)
        let watcher = try DatabaseWatcher(session: session)
        let (expectation, box) = nextInBackground(watcher)
        // A write transaction left open holds the lock (its journal wakes the watcher).
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO t(name) VALUES ('locked')")
        }
        wait(for: [expectation], timeout: 3)
        XCTAssertEqual(box.change, .problem("\(path): locked by another process for more than 0.2 s; still watching"))
        try writer.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        XCTAssertEqual(watcher.next(), .committed)
        watcher.stop()
    }

    func testWithoutNotificationsItPollsDataVersion() throws {
        let (path, writer) = try makeDatabase(wal: true)
        let session = try Session(path: path)
        let watcher = try DatabaseWatcher(session: session, fallbackInterval: 0.1, useNotifications: false)
        XCTAssertFalse(watcher.usesFileNotifications)
        try writer.write { db in try db.execute(sql: "DELETE FROM t") }
        XCTAssertEqual(watcher.next(), .committed)
        watcher.stop()
    }

    func testTheDemoCanNotBeWatchedAndAnImmutableOpeningIsOpenedAgain() throws {
        XCTAssertThrowsError(try DatabaseWatcher(session: Session(path: nil))) { error in
            XCTAssertEqual(
                (error as? ArborError)?.message,
                "the demo database lives in memory: nothing else can change it, so there is nothing to watch")
        }
        // A WAL database whose writer closed (no -wal file) opens immutable.
        var (path, writer): (String, DatabaseQueue?) = try makeDatabase(wal: true)
        try writer?.close()
        writer = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        let session = try Session(path: path)
        XCTAssertTrue(session.isImmutable)
        _ = session.run("let keep = 1")
        let watcher = try DatabaseWatcher(session: session)
        XCTAssertFalse(session.isImmutable)
        let (expectation, box) = nextInBackground(watcher)
        waitUntilIdle(watcher)
        let other = try DatabaseQueue(path: path)
        try other.write { db in try db.execute(sql: "INSERT INTO t(name) VALUES ('c')") }
        wait(for: [expectation], timeout: 2)
        XCTAssertEqual(box.change, .committed)
        // The session reads the new row through the new connection, and keeps its bindings.
        guard case .count(let count, _)? = session.run("Table(\"t\").fetchCount(db)").first else { return XCTFail() }
        XCTAssertEqual(count, 2)
        guard case .description(let kept)? = session.run("keep").first else { return XCTFail() }
        XCTAssertEqual(kept, "1")
        watcher.stop()
        XCTAssertFalse(try Session(path: path, watchable: true).isImmutable)
    }
}

final class ChangeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: DatabaseWatcher.Change?
    private var done = false

    func set(_ change: DatabaseWatcher.Change?) {
        lock.lock()
        value = change
        done = true
        lock.unlock()
    }

    var change: DatabaseWatcher.Change? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    var returned: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }
}

final class StatementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var statements: [String] = []
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return statements.count
    }
    func add(_ sql: String = "") {
        lock.lock()
        statements.append(sql)
        lock.unlock()
    }
}
