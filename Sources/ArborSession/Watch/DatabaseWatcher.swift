import ArborCore
import Foundation
import GRDB

/// Tells when another process commits to a session's database, WAL or rollback
/// journal, and costs nothing while nothing changes: it sleeps on file-change
/// notifications (`FileChangeNotifier`) and, woken, asks SQLite whether the
/// database changed with `PRAGMA data_version` on the session's own connection.
/// No request runs until it has. Without inotify it asks every `fallbackInterval`.
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

    /// Whether file-change notifications wake the watcher (else it polls).
    public var usesFileNotifications: Bool { notifier != nil }

    /// After an event, `data_version` is asked again after these delays when it
    /// has not moved yet: a WAL commit writes the `-wal` before it publishes the
    /// commit in the `-shm`, which no notification reports.
    static let settleDelays: [TimeInterval] = [0.01, 0.04, 0.1]
    /// How long after an unexplained touch the version is read once more.
    static let unsettledRecheck: Double = 1

    /// A session opened `immutable` is opened again first (`reopenForWatching`):
    /// call it where the session runs.
    public init(session: Session, fallbackInterval: TimeInterval = 1, useNotifications: Bool = true) throws {
        guard let path = session.path else {
            throw ArborError(
                "the demo database lives in memory: nothing else can change it, so there is nothing to watch")
        }
        // Opened immutable, SQLite would never see a change: open the file again.
        try session.reopenForWatching()
        database = session.database
        self.path = path
        busyTimeout = session.busyTimeout
        self.fallbackInterval = max(0.05, fallbackInterval)
        notifier = useNotifications ? FileChangeNotifier(path: path) : nil
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
        var unsettled = false
        while !isStopped {
            guard let notifier else {
                Thread.sleep(forTimeInterval: fallbackInterval)
                if isStopped { return nil }
                if let change = check() { return change }
                continue
            }
            // After a touch that changed nothing while we looked (a transaction still open,
            // a commit whose events came while settling), look once more a second later:
            // a commit is never missed for want of a later event.
            guard let events = notifier.wait(timeout: unsettled ? Self.unsettledRecheck : nil) else { return nil }
            if events.removed || events.replaced {
                return .ended(ended(replaced: events.replaced))
            }
            guard events.touched else {
                if unsettled {
                    unsettled = false
                    if let change = check() { return change }
                }
                continue
            }
            if let change = check() { return change }
            for delay in Self.settleDelays {
                guard let more = notifier.wait(timeout: delay) else { return nil }
                if more.removed || more.replaced { return .ended(ended(replaced: more.replaced)) }
                if let change = check() { return change }
            }
            unsettled = true
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
