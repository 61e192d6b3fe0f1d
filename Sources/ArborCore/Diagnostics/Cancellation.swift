import Foundation

/// Ctrl-C for work that is not SQLite's to interrupt (parsing and resolving
/// loaded code, advice): set from another thread, read at each step of a long
/// loop, which then stops and leaves things as they were before it began. Work
/// that has no steps to check (swift-syntax's parse of one file) is waited for
/// with `whenCancelled`, which wakes the waiter at once.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextHandler = 0

    public init() {}

    public func cancel() {
        lock.lock()
        cancelled = true
        let waiting = handlers.values
        handlers = [:]
        lock.unlock()
        for handler in waiting { handler() }
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

    /// Runs `handler` once on the thread that cancels (at once if already cancelled);
    /// `removeHandler` with the number returned when the wait is over.
    public func whenCancelled(_ handler: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            handler()
            return -1
        }
        nextHandler += 1
        handlers[nextHandler] = handler
        lock.unlock()
        return nextHandler
    }

    public func removeHandler(_ number: Int) {
        lock.lock()
        handlers[number] = nil
        lock.unlock()
    }
}
