#if canImport(Glibc)
    import Foundation
    import Glibc

    /// Linux: inotify on the database's folder, keeping the events about the
    /// database and its companions.
    final class InotifyEventSource: FileEventSource {
        private let descriptor: Int32
        private let name: String
        private let companions: Set<String>
        private let stopPipe: StopPipe

        init?(folder: String, name: String) {
            self.name = name
            companions = FileChangeNotifier.companions(of: name)
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            let mask = UInt32(
                IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            guard inotify_add_watch(fd, folder, mask) >= 0, let stopPipe = StopPipe() else {
                close(fd)
                return nil
            }
            descriptor = fd
            self.stopPipe = stopPipe
        }

        deinit {
            close(descriptor)
            stopPipe.close()
        }

        func stop() { stopPipe.signal() }

        func wait(timeout: Double?) -> FileChangeNotifier.Events? {
            let deadline = timeout.map { Date().addingTimeInterval($0) }
            while true {
                var fds = [
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
                ]
                var milliseconds: Int32 = -1
                if let deadline {
                    milliseconds = Int32(
                        max(0, min(Double(Int32.max), deadline.timeIntervalSinceNow * 1000)).rounded(.up))
                }
                let ready = poll(&fds, 2, milliseconds)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                if fds[1].revents != 0 { return nil }
                if ready == 0 { return .init() }
                let events = drain()
                if events != .init() { return events }
                if let deadline, deadline.timeIntervalSinceNow <= 0 { return .init() }
            }
        }

        /// Reads every pending event, keeping those about the database's files.
        private func drain() -> FileChangeNotifier.Events {
            var events = FileChangeNotifier.Events()
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
        }
    }
#endif
