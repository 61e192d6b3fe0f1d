import ArborCore
import ArborSession
import Foundation
import GRDB

#if canImport(Glibc)
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

    /// Starts watching SIGINT for `session`'s statements.
    init(session: Session) {
        database = session
        // Its own `interrupted` is not printed before `arbor: interrupted` (`InterruptedStatement`).
        InterruptedStatement.watch(session.cancellation)
        InterruptSignal.forward { [weak self] in self?.received() }
    }

    /// Before any statement runs (opening and reading the schema, loading code,
    /// advice): SIGINT ends arbor at once with status 130. Only async-signal-safe
    /// calls in the handler; `init` takes SIGINT over once statements run.
    static func exitOnSIGINT() {
        signal(SIGINT) { _ in
            let message: StaticString = "arbor: interrupted\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(130)
        }
    }

    private func received() {
        lock.lock()
        guard running else {
            lock.unlock()
            Output.error("arbor: interrupted")
            exit(130)
        }
        interrupted = true
        let session = database
        lock.unlock()
        session?.database.interrupt()
        // The work SQLite does not run (advice between its statements, loading code).
        session?.cancellation.cancel()
    }

    /// Runs one statement; returns its result and whether SIGINT stopped it.
    func run<T>(_ body: () -> T) -> (T, interrupted: Bool) {
        lock.lock()
        running = true
        interrupted = false
        // An earlier Ctrl-C is not this statement's.
        database?.cancellation.reset()
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
