import ArborCore
import Foundation

/// Ctrl-C stops a statement with an error of its own (`interrupted` from SQLite,
/// `cancelled` from a load or advice), and whoever ran it then says
/// `arbor: interrupted`: that one message is enough, so the statement's own is
/// not printed once the session's cancellation has fired.
enum InterruptedStatement {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cancellation: Cancellation?

    /// The cancellation that `Interruption` fires for the session's statements.
    static func watch(_ cancellation: Cancellation) {
        lock.lock()
        self.cancellation = cancellation
        lock.unlock()
    }

    /// Whether `message` (as printed, `error: interrupted` and the statement underlined)
    /// is the error of a statement Ctrl-C stopped.
    static func isItsOwnError(_ message: String) -> Bool {
        guard message.hasPrefix("error: interrupted") || message.hasPrefix("error: cancelled") else { return false }
        let firstLine = message.prefix { $0 != "\n" }
        guard firstLine == "error: interrupted" || firstLine == "error: cancelled" else { return false }
        lock.lock()
        let cancellation = self.cancellation
        lock.unlock()
        return cancellation?.isCancelled == true
    }
}
