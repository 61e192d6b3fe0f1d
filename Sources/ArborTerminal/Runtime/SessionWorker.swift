import ArborCore
import ArborSession
import Foundation
import GRDB

/// Runs the session off the UI thread, one job at a time. The session is
/// touched only on `queue`; the UI thread only interrupts the database.
final class SessionWorker: @unchecked Sendable {
    private let session: Session
    private let database: DatabaseQueue
    private let queue = DispatchQueue(label: "arbor.session", qos: .userInitiated)
    private let inbox: Inbox
    private let lock = NSLock()
    /// Requests up to this generation are cancelled.
    private var cancelledThrough = 0
    /// The generation of the request running now, if one is.
    private var runningGeneration: Int?
    /// Whether the rows of the last result are being counted now.
    private var counting = false

    init(session: Session, inbox: Inbox) {
        self.session = session
        self.database = session.database
        self.inbox = inbox
    }

    func run(_ text: String, generation: Int) {
        lock.lock()
        if counting { database.interrupt() }
        lock.unlock()
        queue.async { [self] in
            let environment = session.environment
            lock.lock()
            let cancelled = generation <= cancelledThrough
            if !cancelled { runningGeneration = generation }
            lock.unlock()
            guard !cancelled else {
                // Cancelled while it waited its turn.
                inbox.post(
                    .finished(
                        generation: generation, outcomes: [.failure([ArborError("cancelled")], text: text)],
                        environment: environment, elapsed: 0))
                return
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let outcomes = session.runInteractive(text)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            lock.lock()
            runningGeneration = nil
            lock.unlock()
            inbox.post(
                .finished(
                    generation: generation, outcomes: outcomes, environment: session.environment,
                    elapsed: elapsed))
            for case .rows(let result) in outcomes {
                if let window = result.window, window.knownRowCount == nil { count(window) }
            }
        }
    }

    /// Counts the rows of a result after its first window is shown. A request typed
    /// meanwhile interrupts the count rather than wait for it (`run`).
    private func count(_ window: WindowedResult) {
        queue.async { [self] in
            lock.lock()
            counting = true
            lock.unlock()
            _ = try? window.rowCount()
            lock.lock()
            counting = false
            lock.unlock()
            inbox.post(.windowLoaded)
        }
    }

    /// Interrupts request `generation` (or an older one) if it is running, and
    /// makes it and every older one skip if still waiting. Called on the UI thread.
    func interrupt(through generation: Int) {
        lock.lock()
        cancelledThrough = max(cancelledThrough, generation)
        let interruptsRunning = runningGeneration.map { $0 <= generation } ?? false
        lock.unlock()
        if interruptsRunning { database.interrupt() }
    }

    /// Loads the root rows `range` of `window` (one window) and wakes the UI.
    func load(_ range: Range<Int>, of window: WindowedResult) {
        queue.async { [self] in
            _ = try? window.rows(in: range)
            inbox.post(.windowLoaded)
        }
    }

    /// Fetches the next rows of a cut to-many child and wakes the UI.
    func loadMore(ofRow row: Int, key: String, of window: WindowedResult) {
        queue.async { [self] in
            _ = try? window.loadMoreChildren(ofRow: row, key: key)
            inbox.post(.windowLoaded)
        }
    }

    /// Counts the rows of each table, one job each, so that requests typed
    /// meanwhile wait for one count at most.
    func countRows(_ tables: [String]) {
        for table in tables {
            queue.async { [self] in
                // GRDB writes the SQL, as for every request.
                let count = try? database.read { db in try Table<Row>(table).fetchCount(db) }
                inbox.post(.counted(table: table, count: count))
            }
        }
    }
}
