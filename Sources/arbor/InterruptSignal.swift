import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT handed to a thread of arbor's own through a pipe (the self-pipe trick): the
/// handler, installed before this returns, only writes a byte, which is all a signal
/// handler may do; the thread reads it and calls the current receiver. A dispatch signal
/// source, with SIGINT ignored meanwhile, lost a Ctrl-C that came before its registration
/// (done later, on dispatch's own thread) on a loaded machine.
enum InterruptSignal {
    /// The pipe's write end, read by the handler: set before the handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private static let lock = NSLock()
    nonisolated(unsafe) private static var receiver: (@Sendable () -> Void)?

    /// From now on each SIGINT calls `receive` (on another thread), instead of what an
    /// earlier call gave.
    static func forward(to receive: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        receiver = receive
        guard writeEnd < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let readEnd = ends[0]
        writeEnd = ends[1]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                lock.lock()
                let receive = receiver
                lock.unlock()
                receive?()
            }
        }
        thread.start()
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(InterruptSignal.writeEnd, &byte, 1)
        }
    }
}
