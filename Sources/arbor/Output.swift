import ArborCore
import ArborTerminal
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Standard output carries data only; messages go to standard error.
enum Output {
    static func line(_ s: String) {
        write(s + "\n")
    }

    static func lines(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n")
    }

    static func write(_ s: String) {
        var s = s
        s.withUTF8 { buffer in writeBytes(UnsafeRawBufferPointer(buffer)) }
    }

    /// Writes straight to file descriptor 1 (callers batch their output).
    /// A failure ends arbor (`StandardOutputFailure`): quietly for a closed pipe, else with an error.
    static func writeBytes(_ buffer: UnsafeRawBufferPointer) {
        guard var base = buffer.baseAddress else { return }
        if StandardOutputFailure.closedAtStart { StandardOutputFailure.writeFailed(EBADF) }
        var remaining = buffer.count
        while remaining > 0 {
            let written = systemWrite(1, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                StandardOutputFailure.writeFailed(errno)
            }
            remaining -= written
            base += written
        }
    }

    /// Each line escaped (`TerminalText`): nothing from the database or the input
    /// can drive the terminal through a message.
    static func terminalSafe(_ s: String) -> String {
        // Printable ASCII and newlines need nothing escaped: most messages (20,000 notes of a load).
        if TerminalText.isPrintableASCII(s, newlines: true) { return s }
        return s.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
            .joined(separator: "\n")
    }

    static func error(_ s: String) {
        if InterruptedStatement.isItsOwnError(s) { return }
        writeError(Array((terminalSafe(s) + "\n").utf8))
    }

    /// Writes to standard error, as much as it takes; a failure is not reported (there is no one to tell).
    static func writeError(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard var base = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = systemWrite(2, base, remaining)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                remaining -= written
                base += written
            }
        }
    }

    static func errors(_ errors: [ArborError], in text: String) {
        for error in errors { self.error(DiagnosticRenderer.render(error, in: text)) }
    }
}
