import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output is never lost in silence. A write to standard output that fails ends
/// arbor: quietly with status 0 when the reader is gone (`EPIPE`, as with
/// `| head`: it has what it wanted), else with the cause on standard error and
/// status 1 (a full disk, an I/O error, a closed descriptor).
enum StandardOutputFailure {
    /// Set when arbor started with descriptor 1 closed (`arbor … >&-`).
    nonisolated(unsafe) private(set) static var closedAtStart = false

    /// Called first thing: a closed descriptor 1 or 2 is taken by `/dev/null`,
    /// so that no file arbor opens later (a loaded file, a pipe, a notifier)
    /// gets the number and receives the output; writing to a standard output
    /// that was closed still fails (`writeFailed(EBADF)`).
    static func claimClosedDescriptors() {
        for descriptor: Int32 in [1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_WRONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == 1 { closedAtStart = true }
        }
    }

    /// Ends arbor after a write to standard output failed with `code`.
    static func writeFailed(_ code: Int32) -> Never {
        if code == EPIPE { exit(0) }
        Output.error("arbor: cannot write to standard output: \(String(cString: strerror(code)))")
        exit(1)
    }
}
