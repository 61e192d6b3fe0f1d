import Foundation

/// Ctrl-C for work that is not SQLite's to interrupt (parsing and resolving
/// loaded code, advice): set from another thread, read at each step of a long
/// loop, which then stops and leaves things as they were before it began.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Before each job: an earlier Ctrl-C is not this job's.
    public func reset() {
        lock.lock()
        cancelled = false
        lock.unlock()
    }

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Throws `cancelled` once Ctrl-C was pressed.
    public func check() throws {
        if isCancelled { throw ArborError("cancelled") }
    }
}
