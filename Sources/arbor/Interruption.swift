import ArborSession
import Dispatch
import Foundation
import GRDB

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// SIGINT without the terminal interface (`-c` and line mode), as docs/INTERFACE.md §5
/// says: a statement that is running is interrupted (SQLite stops it, it fails
/// with `interrupted`); with nothing running, arbor ends at once with status 130.
/// Whoever ran the statement decides what follows (`-c` exits 130, line mode at
/// a terminal goes on with the next statement).
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var database: Session?
    private var running = false
    private var interrupted = false
    private var suspended = false
    private var source: (any DispatchSourceSignal)?

    /// Starts watching SIGINT, before anything long runs (opening and reading the
    /// schema, loading code, advice): until `attach`, or outside `run`, SIGINT
    /// ends arbor at once with status 130.
    init(session: Session? = nil) {
        database = session
        listen()
    }

    private func listen() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.received() }
        source.resume()
        lock.lock()
        self.source = source
        lock.unlock()
    }

    /// The session whose statements `run` interrupts.
    func attach(_ session: Session) {
        lock.lock()
        database = session
        lock.unlock()
    }

    /// While the terminal interface runs (it has its own handling), SIGINT is its
    /// alone; `resume` takes it back when the interface could not start.
    func suspend() {
        lock.lock()
        suspended = true
        // Cancelled, not only ignored: on Linux a second source of the same signal
        // can take it from the interface's own, which then never sees SIGINT.
        let source = self.source
        self.source = nil
        lock.unlock()
        source?.cancel()
    }

    func resume() {
        lock.lock()
        suspended = false
        lock.unlock()
        listen()
    }

    private func received() {
        lock.lock()
        if suspended {
            lock.unlock()
            return
        }
        guard running else {
            lock.unlock()
            Output.error("arbor: interrupted")
            exit(130)
        }
        interrupted = true
        let session = database
        lock.unlock()
        session?.database.interrupt()
    }

    /// Runs one statement; returns its result and whether SIGINT stopped it.
    func run<T>(_ body: () -> T) -> (T, interrupted: Bool) {
        lock.lock()
        running = true
        interrupted = false
        lock.unlock()
        let result = body()
        lock.lock()
        running = false
        let wasInterrupted = interrupted
        interrupted = false
        lock.unlock()
        return (result, wasInterrupted)
    }
}
