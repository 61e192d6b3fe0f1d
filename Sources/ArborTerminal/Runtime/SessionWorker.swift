import ArborCore
import ArborSession
import Foundation
import GRDB

/// Runs the session off the UI thread, one job at a time. The session is
/// touched only on `queue`; the UI thread only interrupts the database.
final class SessionWorker: @unchecked Sendable {
    private let session: Session
    private let queue = DispatchQueue(label: "arbor.session", qos: .userInitiated)
    private let inbox: Inbox

    /// What the UI thread and the worker's queue share, behind one lock.
    struct Shared {
        /// The session's connection (replaced when `:watch` opens the file again), for
        /// interrupting from the UI thread.
        var database: DatabaseQueue
        /// Requests up to this generation are cancelled.
        var cancelledThrough = 0
        /// The generation of the request running now, if one is.
        var runningGeneration: Int?
        /// Whether the rows of the last result are being counted now (or another
        /// background job a request interrupts is running).
        var counting = false
        /// Bumped by each request; a background job keeps the value it was scheduled
        /// under, so that a request interrupts only jobs scheduled before it, never the
        /// jobs of its own result (which may already run when it checks).
        var epoch = 0
        var countingEpoch = 0
        /// Bumped by each batch of link counts and each request: a count of an older
        /// batch still waiting is skipped (the row it was for is no longer shown).
        var linkBatch = 0
        /// The tables whose rows `countRows` counts, and the next one to count.
        var tablesToCount: [String] = []
        var nextTableToCount = 0
        /// A count job is queued or running; it queues the next one.
        var isCountingTables = false
        /// The windowed result the interface shows (the last request that gave rows).
        weak var shownWindow: WindowedResult?
    }

    private let shared: Locked<Shared>
    /// Runs a statement for the interface (`Session.runInteractive`; tests replace it).
    private let runStatement: @Sendable (Session, String) -> [Outcome]
    /// The session's Ctrl-C for work SQLite does not run (`:load`, `:advise`), set from the UI thread.
    private let cancellation: Cancellation

    init(
        session: Session, inbox: Inbox,
        run: @escaping @Sendable (Session, String) -> [Outcome] = { session, text in session.runInteractive(text) }
    ) {
        self.session = session
        self.shared = Locked(Shared(database: session.database))
        self.cancellation = session.cancellation
        self.inbox = inbox
        self.runStatement = run
    }

    func run(_ text: String, generation: Int) {
        // Link counts still waiting are for a row this request replaces.
        let requestEpoch = shared.withLock { shared in
            shared.linkBatch += 1
            shared.epoch += 1
            return shared.epoch
        }
        // Queued first: a count interrupted below goes on after this request (`count`).
        queue.async { [self] in
            let environment = session.environment
            // Before the generation is marked running: a Ctrl-C from then on is this job's.
            cancellation.reset()
            let cancelled = shared.withLock { shared in
                let cancelled = generation <= shared.cancelledThrough
                if !cancelled { shared.runningGeneration = generation }
                return cancelled
            }
            guard !cancelled else {
                // Cancelled while it waited its turn.
                inbox.post(
                    .finished(
                        generation: generation, outcomes: [.failure([ArborError("cancelled")], text: text)],
                        environment: environment, elapsed: 0))
                return
            }
            let start = DispatchTime.now().uptimeNanoseconds
            var outcomes = runStatement(session, text)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // A Ctrl-C between two statements (the main one and a prefetch) found no
            // statement for SQLite to interrupt: the request is cancelled all the same.
            let cancelledMeanwhile = shared.withLock { shared in
                shared.runningGeneration = nil
                return generation <= shared.cancelledThrough
            }
            if cancelledMeanwhile, !outcomes.contains(where: { if case .failure = $0 { true } else { false } }) {
                outcomes = [.failure([ArborError("cancelled")], text: text)]
            }
            inbox.post(
                .finished(
                    generation: generation, outcomes: outcomes, environment: session.environment,
                    elapsed: elapsed))
            for case .rows(let result) in outcomes {
                shared.withLock { $0.shownWindow = result.window }
                if let window = result.window, window.knownRowCount == nil { count(window) }
                if let window = result.window, result.appStatements == nil {
                    appStatements(of: window, single: result.isSingleRow, generation: generation)
                }
            }
        }
        // A request typed while the last result is counted interrupts the count.
        let (database, interruptsCount) = shared.withLock { shared in
            (shared.database, shared.counting && shared.countingEpoch < requestEpoch)
        }
        if interruptsCount { database.interrupt() }
    }

    /// Counts the rows of a result after its first window is shown. A request typed
    /// meanwhile interrupts the count rather than wait for it (`run`).
    private func count(_ window: WindowedResult) {
        backgroundJob(shown: window) { [self] in
            var interrupted = false
            do {
                _ = try window.rowCount()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                interrupted = true
            } catch {}
            let isShown = shared.withLock { $0.shownWindow === window }
            // Interrupted for a request queued before this: count again after it if
            // the result is still on screen (that request gave no rows).
            if !interrupted { return .windowLoaded }
            if isShown { count(window) }
            return nil
        }
    }

    /// Root rows beyond which the app's statements are not worked out: each key
    /// would be listed in the prefetch statement (and GRDB refuses 250,000).
    static let appStatementsParentLimit = 10_000

    /// Works out the statements the app would run for the shown result (its
    /// prefetches need the parents' keys), after its first window and its count.
    /// A request typed meanwhile interrupts it, as it does a count.
    private func appStatements(of window: WindowedResult, single: Bool, generation: Int) {
        backgroundJob(shown: window) { [self] in
            let message: Message
            do {
                let statements = try session.appStatements(
                    window.checked, single: single, parentLimit: Self.appStatementsParentLimit)
                message = .appStatements(generation: generation, statements: statements, note: nil)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                message = .appStatements(generation: generation, statements: nil, note: "interrupted")
            } catch let error as ArborError {
                message = .appStatements(generation: generation, statements: nil, note: error.message)
            } catch {
                message = .appStatements(generation: generation, statements: nil, note: Session.message(error))
            }
            return message
        }
    }

    /// Runs `work` on the worker's queue as a background job, which a request typed
    /// meanwhile interrupts (only jobs scheduled before that request, `run`), and posts
    /// the message it returns once it is over. With `window`, a job for a result no
    /// longer shown does not start.
    private func backgroundJob(shown window: WindowedResult? = nil, _ work: @escaping @Sendable () -> Message?) {
        let jobEpoch = currentEpoch
        queue.async { [self] in
            let starts = shared.withLock { shared in
                if let window, shared.shownWindow !== window { return false }
                shared.counting = true
                shared.countingEpoch = jobEpoch
                return true
            }
            guard starts else { return }
            let message = work()
            shared.withLock { $0.counting = false }
            if let message { inbox.post(message) }
        }
    }

    private var currentEpoch: Int { shared.withLock { $0.epoch } }

    /// Runs each of the app's statements once for its duration, row count and full
    /// scans (the SQL pane's columns). A request typed meanwhile interrupts it, as it
    /// does a count; a statement that fails is left without numbers.
    func measure(_ statements: [String], generation: Int) {
        backgroundJob { [self] in
            var measures: [StatementMeasure?] = []
            for sql in statements {
                do {
                    measures.append(try session.measure(sql))
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                    break
                } catch {
                    measures.append(nil)
                }
            }
            measures += Array(repeating: nil, count: statements.count - measures.count)
            return .measured(generation: generation, measures: measures)
        }
    }

    /// `p` in the SQL pane: the statement's plan, drawn as `:explain` draws it.
    func explain(_ sql: String, title: String) {
        queue.async { [self] in
            do {
                inbox.post(.plan(title: title, text: try session.planText(of: sql), isError: false))
            } catch {
                inbox.post(.plan(title: title, text: "no plan: \(Session.message(error))", isError: true))
            }
        }
    }

    /// Interrupts request `generation` (or an older one) if it is running, and
    /// makes it and every older one skip if still waiting. Called on the UI thread.
    func interrupt(through generation: Int) {
        let (interruptsRunning, database) = shared.withLock { shared in
            shared.cancelledThrough = max(shared.cancelledThrough, generation)
            return (shared.runningGeneration.map { $0 <= generation } ?? false, shared.database)
        }
        if interruptsRunning {
            database.interrupt()
            cancellation.cancel()
        }
    }

    /// Loads the root rows `range` of `window` (one window) and wakes the UI.
    func load(_ range: Range<Int>, of window: WindowedResult) {
        queue.async { [self] in
            do {
                _ = try window.rows(in: range)
                inbox.post(.windowLoaded)
            } catch {
                inbox.post(.windowFailed(Session.message(error)))
            }
        }
    }

    /// Fetches the next rows of a cut to-many child and wakes the UI.
    func loadMore(ofRow row: Int, key: String, of window: WindowedResult) {
        queue.async { [self] in
            _ = try? window.loadMoreChildren(ofRow: row, key: key)
            inbox.post(.windowLoaded)
        }
    }

    /// `:watch`: makes the watcher on the session's queue, where the session lives
    /// (it asks the database for its version once).
    func makeWatcher(_ done: @escaping @Sendable (Result<DatabaseWatcher, any Error>) -> Void) {
        queue.async { [self] in
            let result = Result { try DatabaseWatcher(session: session) }
            shared.withLock { $0.database = session.database }
            done(result)
        }
    }

    /// Counts the rows each link of a row leads to, capped (`CappedCount`), one job
    /// each, so that a request typed meanwhile waits for one count at most.
    /// Counts of a row no longer shown are skipped; a request typed meanwhile
    /// interrupts the count running, as it does the rows' count.
    func countLinks(_ requests: [String]) {
        let (batch, jobEpoch) = shared.withLock { shared in
            shared.linkBatch += 1
            return (shared.linkBatch, shared.epoch)
        }
        for request in requests {
            queue.async { [self] in
                let current = shared.withLock { shared in
                    guard batch == shared.linkBatch else { return false }
                    shared.counting = true
                    shared.countingEpoch = jobEpoch
                    return true
                }
                guard current else { return }
                let count = try? session.cappedCount(of: request)
                shared.withLock { $0.counting = false }
                inbox.post(.linkCounted(request: request, count: count))
            }
        }
    }

    /// Counts the rows of each table, one job at a time: each count queues the next
    /// when it is done, so that a request typed meanwhile waits for one count at most
    /// (queued all at once, 20,000 counts ran before it).
    func countRows(_ tables: [String]) {
        let starts = shared.withLock { shared in
            let starts = !shared.isCountingTables
            shared.isCountingTables = true
            shared.tablesToCount += tables
            return starts
        }
        if starts { countNextTable() }
    }

    private func countNextTable() {
        queue.async { [self] in
            let next: String? = shared.withLock { shared in
                guard shared.nextTableToCount < shared.tablesToCount.count else {
                    shared.tablesToCount = []
                    shared.nextTableToCount = 0
                    shared.isCountingTables = false
                    return nil
                }
                defer { shared.nextTableToCount += 1 }
                return shared.tablesToCount[shared.nextTableToCount]
            }
            guard let table = next else { return }
            // GRDB writes the SQL, as for every request.
            let count = try? session.database.read { db in try Table<Row>(table).fetchCount(db) }
            inbox.post(.counted(table: table, count: count))
            countNextTable()
        }
    }
}
