import Foundation

/// How a connection waits for another process's lock. SQLite's own busy
/// handler sleeps longer and longer, up to 100 ms a try: under a writer that
/// commits 100 times a second with a rollback journal, each try can fall in
/// the writer's next lock, and a reader waited seconds. Short sleeps with a
/// random part find the gaps between commits; after `timeout` the statement
/// fails with `SQLITE_BUSY`, as with `sqlite3_busy_timeout`.
final class BusyBackoff: @unchecked Sendable {
    let timeout: TimeInterval
    /// When the current wait began. SQLite calls the handler on the thread that
    /// runs the connection's statement, one wait at a time: no lock is needed.
    private var started: UInt64 = 0

    /// The longest sleep between two tries.
    static let longestSleep: TimeInterval = 0.004

    init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    /// SQLite's busy callback: true to try again.
    func shouldRetry(afterTries tries: Int) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if tries == 0 { started = now }
        let waited = Double(now &- started) / 1e9
        guard waited < timeout else { return false }
        // 0.25 ms, 0.5 ms, 1 ms, … up to `longestSleep`, each cut by a random part.
        let step = min(Self.longestSleep, 0.000_25 * Double(1 << min(tries, 8)))
        let sleep = min(step * Double.random(in: 0.5...1), timeout - waited)
        usleep(UInt32(max(0, sleep) * 1_000_000))
        return true
    }
}
