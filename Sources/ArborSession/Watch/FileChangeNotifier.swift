import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Wakes a watcher when another process touches a database's files: inotify on
/// the database's folder, keeping the events about the database, its `-wal` and
/// its `-journal` (a rollback journal is created and deleted at each commit, so
/// the folder is what can see it appear). Nothing here reads the database.
final class FileChangeNotifier: @unchecked Sendable {
    /// What the events said, beyond "something changed".
    struct Events: Equatable {
        var touched = false
        /// The database file was deleted or moved away.
        var removed = false
        /// Another file took the database's name.
        var replaced = false
    }

    private let descriptor: Int32
    private let name: String
    private let companions: Set<String>
    /// Closing the watch writes here, to wake a `wait` in progress.
    private let stopPipe: (read: Int32, write: Int32)

    /// nil when inotify is not available (the caller polls instead): always on Darwin.
    init?(path: String) {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        name = url.lastPathComponent
        companions = [name + "-wal", name + "-journal"]
        #if !os(Linux)
            return nil
        #else
            let folder = url.deletingLastPathComponent().path
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            let mask = UInt32(
                IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            guard inotify_add_watch(fd, folder, mask) >= 0 else {
                close(fd)
                return nil
            }
            var pipeDescriptors: [Int32] = [-1, -1]
            guard pipe(&pipeDescriptors) == 0 else {
                close(fd)
                return nil
            }
            descriptor = fd
            stopPipe = (pipeDescriptors[0], pipeDescriptors[1])
        #endif
    }

    deinit {
        close(descriptor)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Wakes a `wait` in progress, which then returns nil.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    /// Blocks until an event about the database's files, `timeout` seconds
    /// (an empty `Events`), or `stop()` (nil).
    func wait(timeout: Double?) -> Events? {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            var fds = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            var milliseconds: Int32 = -1
            if let deadline {
                milliseconds = Int32(max(0, min(Double(Int32.max), deadline.timeIntervalSinceNow * 1000)).rounded(.up))
            }
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if fds[1].revents != 0 { return nil }
            if ready == 0 { return Events() }
            let events = drain()
            if events != Events() { return events }
            if let deadline, deadline.timeIntervalSinceNow <= 0 { return Events() }
        }
    }

    /// Reads every pending event, keeping those about the database's files.
    private func drain() -> Events {
        var events = Events()
        #if !os(Linux)
            return events
        #else
            let size = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer, size)
                if count <= 0 { return events }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameLength = Int(event.len)
                    var fileName = ""
                    if nameLength > 0 {
                        let start = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                            .assumingMemoryBound(to: CChar.self)
                        fileName = String(cString: start)
                    }
                    offset += MemoryLayout<inotify_event>.size + nameLength
                    let mask = event.mask
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                        // The folder itself went away.
                        events.removed = true
                        continue
                    }
                    if fileName == name {
                        events.touched = true
                        if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { events.removed = true }
                        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { events.replaced = true }
                    } else if companions.contains(fileName) {
                        events.touched = true
                    }
                }
            }
        #endif
    }
}
