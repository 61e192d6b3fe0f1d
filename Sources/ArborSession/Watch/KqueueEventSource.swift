#if canImport(Darwin)
    import Darwin
    import Foundation

    /// Darwin: kqueue vnode events on the database's folder (a journal created or
    /// deleted, the file replaced), on the database and on each companion that
    /// exists (kqueue watches open files, so a `-wal` or `-journal` that appears
    /// is opened when the folder says so). Written for macOS and iOS; Linux uses
    /// `InotifyEventSource`.
    final class KqueueEventSource: FileEventSource {
        private let queue: Int32
        private let folderPath: String
        private let name: String
        private let companions: Set<String>
        private let stopPipe: StopPipe
        private let folder: Int32
        private var database: Int32 = -1
        private var databaseInode: ino_t = 0
        /// The companions open for events, by name.
        private var watched: [String: Int32] = [:]

        init?(folder folderPath: String, name: String) {
            let queue = kqueue()
            guard queue >= 0 else { return nil }
            let folder = open(folderPath, O_EVTONLY)
            guard folder >= 0, let stopPipe = StopPipe() else {
                if folder >= 0 { close(folder) }
                close(queue)
                return nil
            }
            self.queue = queue
            self.folder = folder
            self.folderPath = folderPath
            self.name = name
            companions = FileChangeNotifier.companions(of: name)
            self.stopPipe = stopPipe
            register(folder, fflags: UInt32(NOTE_WRITE | NOTE_DELETE | NOTE_RENAME))
            register(stopPipe.read, filter: Int16(EVFILT_READ), fflags: 0)
            database = openWatched(name)
            if database >= 0 {
                var info = stat()
                if fstat(database, &info) == 0 { databaseInode = info.st_ino }
            }
            for companion in companions { openCompanion(companion) }
        }

        deinit {
            for descriptor in watched.values { close(descriptor) }
            if database >= 0 { close(database) }
            close(folder)
            close(queue)
            stopPipe.close()
        }

        func stop() { stopPipe.signal() }

        func wait(timeout: Double?) -> FileChangeNotifier.Events? {
            let deadline = timeout.map { Date().addingTimeInterval($0) }
            var received = [kevent](repeating: kevent(), count: 16)
            while true {
                let count: Int32
                if let deadline {
                    let seconds = max(0, deadline.timeIntervalSinceNow)
                    var limit = timespec(
                        tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
                    count = kevent(queue, nil, 0, &received, Int32(received.count), &limit)
                } else {
                    count = kevent(queue, nil, 0, &received, Int32(received.count), nil)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                if count == 0 { return .init() }
                var events = FileChangeNotifier.Events()
                for event in received.prefix(Int(count)) {
                    let descriptor = Int32(truncatingIfNeeded: event.ident)
                    let gone = event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME) != 0
                    if descriptor == stopPipe.read {
                        return nil
                    } else if descriptor == folder {
                        if gone { events.removed = true }
                        lookAtFolder(&events)
                    } else if descriptor == database {
                        events.touched = true
                        if gone { events.removed = true }
                    } else if let companion = watched.first(where: { $0.value == descriptor })?.key {
                        events.touched = true
                        if gone {
                            close(descriptor)
                            watched[companion] = nil
                        }
                    }
                }
                if events != .init() { return events }
                if let deadline, deadline.timeIntervalSinceNow <= 0 { return .init() }
            }
        }

        /// The folder changed: a companion appeared (opened and counted as a
        /// touch), or the database's name now points to another file or none.
        private func lookAtFolder(_ events: inout FileChangeNotifier.Events) {
            for companion in companions where watched[companion] == nil {
                if openCompanion(companion) { events.touched = true }
            }
            var info = stat()
            if stat(folderPath + "/" + name, &info) != 0 {
                events.removed = true
                events.touched = true
            } else if info.st_ino != databaseInode {
                events.replaced = true
                events.touched = true
            }
        }

        @discardableResult
        private func openCompanion(_ companion: String) -> Bool {
            let descriptor = openWatched(companion)
            guard descriptor >= 0 else { return false }
            watched[companion] = descriptor
            return true
        }

        /// Opens a file of the folder for events only, and registers it; -1 when it does not exist.
        private func openWatched(_ file: String) -> Int32 {
            let descriptor = open(folderPath + "/" + file, O_EVTONLY)
            guard descriptor >= 0 else { return -1 }
            register(
                descriptor,
                fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME))
            return descriptor
        }

        private func register(_ descriptor: Int32, filter: Int16 = Int16(EVFILT_VNODE), fflags: UInt32) {
            var change = kevent(
                ident: UInt(descriptor), filter: filter, flags: UInt16(EV_ADD | EV_CLEAR), fflags: fflags, data: 0,
                udata: nil)
            _ = kevent(queue, &change, 1, nil, 0, nil)
        }
    }
#endif
