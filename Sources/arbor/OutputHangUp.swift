import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells when standard output's reader is gone (`arbor --watch … | head -1`),
/// so that a command that waits for something to print ends at once rather than
/// at its next write. A pipe whose reader closed reports `POLLERR` (Linux) or
/// `POLLHUP` to a `poll` that asks for nothing; a file or terminal reports
/// nothing, and the thread waits for good.
enum OutputHangUp {
    /// Calls `action` once, on a thread of its own, when standard output hangs up.
    static func whenClosed(_ action: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            var descriptor = pollfd(fd: 1, events: 0, revents: 0)
            while true {
                let ready = poll(&descriptor, 1, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                // A closed descriptor is the next write's to report (an error, not a quiet end).
                if descriptor.revents & Int16(POLLNVAL) != 0 { return }
                if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 {
                    action()
                    return
                }
                // Nothing asked, nothing else can come; should a system say more, look again later.
                usleep(100_000)
            }
        }
    }
}
