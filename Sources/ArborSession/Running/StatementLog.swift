import Foundation
import GRDB

/// Every statement a windowed result ran, labelled, in order: its windows, the
/// counts and pages of capped children, the rows fetched for "↵ for more", its
/// row count. Scrolling through a million rows runs thousands of windows, so only
/// the last `capacity` statements are kept; `dropped` says how many went.
public final class StatementLog: @unchecked Sendable {
    public let capacity: Int
    private let lock = NSLock()
    private var entries: [CapturedStatement] = []
    private var droppedCount = 0
    /// Grows with each statement, so that a view knows when to read the log again.
    private var appended = 0

    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
    }

    /// The statements kept, oldest first, how many older ones were dropped, and
    /// how many were ever appended.
    public var snapshot: (statements: [CapturedStatement], dropped: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (entries, droppedCount, appended)
    }

    /// How many statements were ever appended (cheap: no copy).
    public var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return appended
    }

    /// Appends the statements of one fetch: the first is `label`, the ones GRDB
    /// ran after it (its prefetches) are `label · prefetch`.
    public func append(_ statements: [CapturedStatement], label: String) {
        guard !statements.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        for (i, statement) in statements.enumerated() {
            var statement = statement
            statement.label = i == 0 ? label : label + " · prefetch"
            entries.append(statement)
        }
        appended += statements.count
        if entries.count > capacity {
            droppedCount += entries.count - capacity
            entries.removeFirst(entries.count - capacity)
        }
    }

    /// Run first in every read (`WindowedResult` checks the schema the result was made with).
    var readCheck: ((Database) throws -> Void)?

    /// Runs `body` in a read of `database`, recording the statements it runs as `label`.
    func read<T>(_ database: DatabaseQueue, label: String, _ body: (Database) throws -> T) throws -> T {
        let recorder = StatementRecorder()
        defer { append(recorder.statements, label: label) }
        return try database.read { db in
            // In the read's own transaction: what it checks holds for the statements that follow.
            try readCheck?(db)
            db.trace(options: .profile) { recorder.record($0) }
            defer { db.trace(options: [], nil) }
            return try body(db)
        }
    }
}
