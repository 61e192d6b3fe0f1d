import Foundation

/// Runs work on a thread of its own with a large stack, and waits for it: swift-syntax's
/// parser recurses once per nesting level, and a debug build's frames are large, so the
/// caller's stack (a dispatch worker's) must not be what bounds the code arbor can read.
enum LargeStackThread {
    static let stackSize = 64 << 20

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        // Already on such a thread (a load reading many files): no other thread needed.
        if Thread.current.threadDictionary[Self.marker] != nil { return work() }
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Thread.current.threadDictionary[Self.marker] = true
            box.value = work()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        // The semaphore orders the write before this read; the value is always there.
        if let value = box.value { return value }
        return work()
    }

    private static let marker = "arbor.largeStack"

    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}
