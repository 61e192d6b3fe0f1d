import ArborCore
import Foundation
import GRDB

extension Session {
    /// Opens the file again without `immutable`, so that SQLite sees another
    /// process's commits: a WAL database without a `-wal` file is opened immutable
    /// (`ReadOnlyOpening`), which `:watch` can not use. Declarations, bindings and
    /// the schema stay; results read through the session use the new connection.
    /// Call it where the session runs (its worker), never while a request runs.
    public func reopenForWatching() throws {
        guard isImmutable, let path else { return }
        var configuration = Self.configuration(busyTimeout: busyTimeout)
        Self.configureFile(&configuration, writable: false)
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw ArborError("\(path): \(OpenFailure.message(error, path: path, busyTimeout: busyTimeout))")
        }
        isImmutable = false
    }
}
