import Foundation

/// A value one thread gives once and others wait for: work started on another thread
/// (`LargeStackThread.begin`, the command line's `LoadAhead`) hands its result back
/// through one, and the caller waits only when it needs it.
public final class Eventual<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Set once, under `condition`'s lock.
    private var value: Value?

    public init() {}

    /// Gives the value and wakes every thread waiting for it; a value given again is ignored.
    public func fulfil(_ value: Value) {
        condition.lock()
        defer { condition.unlock() }
        guard self.value == nil else { return }
        self.value = value
        condition.broadcast()
    }

    /// The value, once given: waits until then. Any number of threads may wait, any number of times.
    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }

    /// The value if it has been given, without waiting.
    public var current: Value? {
        condition.lock()
        defer { condition.unlock() }
        return value
    }
}
