import ArborCore
import Foundation
import GRDB

/// Tells when another process commits to a session's database, WAL or rollback
/// journal, and costs nothing while nothing changes: it sleeps on file-change
/// notifications (`FileChangeNotifier`) and, woken, asks SQLite whether the
/// database changed with `PRAGMA data_version` on the session's own connection.
/// No request runs until it has. Without notifications (none on this system,
/// or `ARBOR_WATCH_POLL=1`, which tests use to run the watch through polling)
/// it asks every `fallbackInterval`.
public final class DatabaseWatcher: @unchecked Sendable {
    public enum Change: Equatable, Sendable {
        /// Another connection committed since the last change.
        case committed
        /// Something to report, after which the watch goes on (a long lock).
        case problem(String)
        /// The watch cannot go on: the file was deleted or replaced.
        case ended(String)
    }

    private let database: DatabaseQueue
    private let path: String
    private let busyTimeout: TimeInterval
    private let notifier: FileChangeNotifier?
    private let fallbackInterval: TimeInterval
    private var version: Int
    private let lock = NSLock()
    private var stopped = false
    /// Signalled by `stop()`: wakes a poller between two looks.
    private let stopSignal = DispatchSemaphore(value: 0)

    /// How often the poller asks, when there are no notifications.
    public static let pollInterval: TimeInterval = 0.1

    /// `ARBOR_WATCH_POLL=1` turns notifications off: the polling fallback, forced.
    public static func notificationsWanted(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Bool
    {
        environment["ARBOR_WATCH_POLL"] != "1"
    }

    /// Whether file-change notifications wake the watcher (else it polls).
    public var usesFileNotifications: Bool { notifier != nil }

    /// After the latest event, `data_version` is asked again after each of these
    /// delays in turn, whether or not it moved meanwhile: a WAL commit writes the
    /// `-wal` (the last event it causes), syncs it, and only then publishes the
    /// commit in the `-shm`, which no notification reports. An event can thus be
    /// read, and the version seen moved by an earlier commit, before its own
    /// commit shows: the last commit of a burst would be missed for good if the
    /// watcher stopped looking there.
    static let settleDelays: [TimeInterval] = [0.01, 0.04, 0.1, 1]
    /// The next of `settleDelays` to wait, kept from one `next()` to the next;
    /// nil once settled (then only an event wakes the watcher).
    private var settling: Int?
    /// How many times `next` has gone to wait for file events with nothing left to
    /// check: from then on no statement runs until an event comes. Tests wait for
    /// it instead of sleeping before they say that nothing ran.
    private var idleWaits = 0
    public var idleWaitCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return idleWaits
    }

    /// A session opened `immutable` is opened again first (`reopenForWatching`):
    /// call it where the session runs.
    public convenience init(
        session: Session, fallbackInterval: TimeInterval = DatabaseWatcher.pollInterval,
        useNotifications: Bool = DatabaseWatcher.notificationsWanted()
    ) throws {
        try self.init(session: session, fallbackInterval: fallbackInterval) { path in
            useNotifications ? FileChangeNotifier(path: path) : nil
        }
    }

    /// `makeNotifier` gives what wakes the watcher for the database's path (a test
    /// wakes it with another file's events, to play a commit whose events came early).
    init(
        session: Session, fallbackInterval: TimeInterval, makeNotifier: (String) -> FileChangeNotifier?
    ) throws {
        guard let path = session.path else {
            throw ArborError(
                "the demo database lives in memory: nothing else can change it, so there is nothing to watch")
        }
        // Opened immutable, SQLite would never see a change: open the file again.
        try session.reopenForWatching()
        database = session.database
        self.path = path
        busyTimeout = session.busyTimeout
        self.fallbackInterval = max(0.01, fallbackInterval)
        notifier = makeNotifier(path)
        do {
            version = try Self.dataVersion(database)
        } catch {
            throw ArborError("\(path): \(Session.message(error))")
        }
    }

    /// Makes a `next()` in progress (and every later one) return nil.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        notifier?.stop()
        stopSignal.signal()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Blocks until the database changes, or there is something to report; nil
    /// once stopped. Commits made while the caller was busy are one change: a
    /// caller that re-runs its request on each change never falls behind.
    public func next() -> Change? {
        while !isStopped {
            guard let notifier else {
                _ = stopSignal.wait(timeout: .now() + fallbackInterval)
                if isStopped { return nil }
                if let change = check() { return change }
                continue
            }
            if settling == nil {
                lock.lock()
                idleWaits += 1
                lock.unlock()
            }
            guard let events = notifier.wait(timeout: settling.map { Self.settleDelays[$0] }) else { return nil }
            if events.removed || events.replaced {
                return .ended(ended(replaced: events.replaced))
            }
            if events.touched {
                settling = 0
            } else if let stage = settling {
                settling = stage + 1 < Self.settleDelays.count ? stage + 1 : nil
            } else {
                continue
            }
            switch check() {
            case nil:
                continue
            case .problem(let message)?:
                // A long lock is reported once; its end (a commit) causes events.
                settling = nil
                return .problem(message)
            case let change?:
                return change
            }
        }
        return nil
    }

    /// `.committed` when `data_version` moved, a problem when it could not be read.
    private func check() -> Change? {
        do {
            let current = try Self.dataVersion(database)
            guard current != version else { return nil }
            version = current
            return .committed
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return .problem(
                "\(path): locked by another process for more than \(OpenFailure.seconds(busyTimeout)); still watching")
        } catch {
            return .problem("\(path): \(Session.message(error)); still watching")
        }
    }

    private func ended(replaced: Bool) -> String {
        let what =
            replaced || FileManager.default.fileExists(atPath: path)
            ? "was replaced by another file" : "was deleted"
        return "\(path) \(what): arbor still reads the file it opened, which nothing will change; the watch ends"
    }

    /// SQLite's count of other connections' commits, as this connection sees it.
    static func dataVersion(_ database: DatabaseQueue) throws -> Int {
        try database.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
