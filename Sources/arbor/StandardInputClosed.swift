import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `arbor … --trace - <&-`: standard input closed at start. SQLite, opening the database,
/// would take descriptor 0 and give it `/dev/null`, so `--trace -` read an empty log and
/// said "0 findings" with status 0. arbor takes descriptor 0 itself, with `/dev/null`, and
/// remembers that standard input was closed, so that reading it is an error instead.
enum StandardInputClosed {
    nonisolated(unsafe) private(set) static var atStart = false

    /// Called first thing, as `StandardOutputFailure.claimClosedDescriptors()`.
    static func claim() {
        guard fcntl(0, F_GETFD) == -1, errno == EBADF else { return }
        atStart = true
        let opened = open("/dev/null", O_RDONLY)
        if opened > 0 {
            _ = dup2(opened, 0)
            close(opened)
        }
    }
}
