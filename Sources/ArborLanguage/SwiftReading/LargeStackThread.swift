import ArborCore
import Foundation

/// Runs work on a thread of its own with a large stack, and waits for it: swift-syntax's
/// parser recurses once per nesting level, and a debug build's frames are large, so the
/// caller's stack (a dispatch worker's) must not be what bounds the code arbor can read.
enum LargeStackThread {
    static let stackSize = 64 << 20

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        // Already on such a thread (a load reading many files): no other thread needed.
        if isCurrent { return work() }
        // Without a cancellation the wait ends only with the work's value.
        return run(abandoningOn: nil, work) ?? work()
    }

    /// Runs `work` on such a thread; nil as soon as `cancellation` fires (Ctrl-C during
    /// the parse of one big file, which has no step at which to stop). The thread then
    /// runs to its end on its own and its value is dropped: `work` must touch no state
    /// but its own (it reads a text and builds a new tree).
    static func run<T: Sendable>(abandoningOn cancellation: Cancellation?, _ work: @escaping @Sendable () -> T)
        -> T?
    {
        run(each: [work], abandoningOn: cancellation)?.first
    }

    /// Runs each of `works` on a thread of its own at the same time (files read on every
    /// core), and returns their values in order; nil as soon as `cancellation` fires, as
    /// `run(abandoningOn:)` does.
    static func run<T: Sendable>(each works: [@Sendable () -> T], abandoningOn cancellation: Cancellation?) -> [T]? {
        if isCurrent { return works.map { $0() } }
        let results = Shared<[T?]>(Array(repeating: nil, count: works.count))
        let left = Shared<Int>(works.count)
        let done = DispatchSemaphore(value: 0)
        for (index, work) in works.enumerated() {
            start {
                let value = work()
                results.update { $0[index] = value }
                // The last one to end wakes the caller.
                if left.update({ $0 -= 1 }) == 0 { done.signal() }
            }
        }
        let handler = cancellation?.whenCancelled { done.signal() }
        done.wait()
        if let handler { cancellation?.removeHandler(handler) }
        let values = results.value.compactMap { $0 }
        return values.count == works.count ? values : nil
    }

    /// Runs `works` at the same time, the first on the calling thread and each other on a
    /// thread of its own, and returns their values in order once all have ended: the pieces
    /// of one long file read on every core, from the thread already reading it. Nothing is
    /// abandoned here: each work stops on Ctrl-C between two steps of its own.
    static func runAlongside<T: Sendable>(_ works: [@Sendable () -> T]) -> [T] {
        guard let first = works.first else { return [] }
        let results = Shared<[T?]>(Array(repeating: nil, count: works.count))
        let done = DispatchSemaphore(value: 0)
        for (index, work) in works.enumerated().dropFirst() {
            start {
                let value = work()
                results.update { $0[index] = value }
                done.signal()
            }
        }
        let value = first()
        for _ in works.dropFirst() { done.wait() }
        return results.update { $0[0] = value }.compactMap { $0 }
    }

    /// Starts `work` on a thread of its own and returns at once; `wait()` gives its value:
    /// work that reads only what it is given, done while the caller goes on.
    static func begin<T: Sendable>(_ work: @escaping @Sendable () -> T) -> Eventual<T> {
        let eventual = Eventual<T>()
        start { eventual.fulfil(work()) }
        return eventual
    }

    /// Starts `work` on a new thread with a large stack, marked as such, counted while it runs.
    private static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: 1))
            work()
            running.update { $0 -= 1 }
        }
        thread.stackSize = stackSize
        running.update { $0 += 1 }
        thread.start()
    }

    /// How many such threads are running, those abandoned included (for tests: an
    /// abandoned parse ends on its own).
    static var runningCount: Int { running.value }

    /// Asked before each file's parse: a thread-specific value, where `Thread.current`'s
    /// dictionary went through Foundation's bridging each time.
    private static var isCurrent: Bool { pthread_getspecific(marker) != nil }

    private static let marker: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    private static let running = Shared<Int>(0)

    /// A value written by one thread and read by another, under a lock.
    private final class Shared<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value

        init(_ value: Value) { stored = value }

        var value: Value {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }

        /// Changes the value; returns it as changed.
        @discardableResult
        func update(_ change: (inout Value) -> Void) -> Value {
            lock.lock()
            defer { lock.unlock() }
            change(&stored)
            return stored
        }
    }
}
