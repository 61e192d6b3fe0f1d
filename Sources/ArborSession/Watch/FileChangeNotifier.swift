import Foundation

/// Wakes a watcher when another process touches a database's files: the
/// database, its `-wal` and its `-journal` (a rollback journal is created and
/// deleted at each commit, so its folder is what can see it appear). One
/// interface over each system's notifications: inotify on Linux
/// (`InotifyEventSource`), kqueue on Darwin (`KqueueEventSource`). Where there
/// is neither, `init` fails and `DatabaseWatcher` polls. Nothing here reads
/// the database.
final class FileChangeNotifier: @unchecked Sendable {
    /// What the events said, beyond "something changed".
    struct Events: Equatable {
        var touched = false
        /// The database file was deleted or moved away.
        var removed = false
        /// Another file took the database's name.
        var replaced = false
    }

    private let source: any FileEventSource

    /// nil when the system gives no notifications here (the caller polls instead).
    init?(path: String) {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let name = url.lastPathComponent
        let folder = url.deletingLastPathComponent().path
        #if canImport(Glibc)
            guard let source = InotifyEventSource(folder: folder, name: name) else { return nil }
            self.source = source
        #elseif canImport(Darwin)
            guard let source = KqueueEventSource(folder: folder, name: name) else { return nil }
            self.source = source
        #else
            return nil
        #endif
    }

    /// Wakes a `wait` in progress, which then returns nil.
    func stop() { source.stop() }

    /// Blocks until an event about the database's files, `timeout` seconds
    /// (an empty `Events`), or `stop()` (nil).
    func wait(timeout: Double?) -> Events? { source.wait(timeout: timeout) }

    /// The companions SQLite writes beside a database named `name`.
    static func companions(of name: String) -> Set<String> {
        [name + "-wal", name + "-journal"]
    }
}

/// What each system's notifications provide to `FileChangeNotifier`.
protocol FileEventSource: AnyObject {
    func wait(timeout: Double?) -> FileChangeNotifier.Events?
    func stop()
}

/// A pipe whose write wakes a blocked `poll`/`kevent` (`stop()`).
struct StopPipe {
    let read: Int32
    let write: Int32

    init?() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        read = descriptors[0]
        write = descriptors[1]
    }

    func signal() {
        var byte: UInt8 = 1
        _ = Foundation.write(write, &byte, 1)
    }

    func close() {
        _ = Foundation.close(read)
        _ = Foundation.close(write)
    }
}
