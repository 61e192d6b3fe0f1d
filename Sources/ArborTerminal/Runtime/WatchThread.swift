import ArborCore
import ArborSession
import Foundation

/// `:watch` in the interface: a thread that waits on the `DatabaseWatcher` and
/// posts `.databaseChanged` (or a problem) to the UI thread. It runs no
/// statement of its own but the watcher's `PRAGMA data_version`.
final class WatchThread: @unchecked Sendable {
    private let lock = NSLock()
    private var watcher: DatabaseWatcher?
    /// Bumped by each start and stop, so that a watcher made after a stop is dropped.
    private var epoch = 0

    func start(worker: SessionWorker, inbox: Inbox) {
        lock.lock()
        epoch += 1
        let mine = epoch
        lock.unlock()
        worker.makeWatcher { [self] result in
            switch result {
            case .failure(let error):
                let message = Session.message(error)
                inbox.post(.watchProblem("cannot watch: " + message, ended: true))
            case .success(let watcher):
                lock.lock()
                guard epoch == mine else {
                    lock.unlock()
                    return
                }
                self.watcher = watcher
                lock.unlock()
                Thread.detachNewThread { Self.loop(watcher, inbox: inbox) }
            }
        }
    }

    func stop() {
        lock.lock()
        epoch += 1
        let watcher = self.watcher
        self.watcher = nil
        lock.unlock()
        watcher?.stop()
    }

    private static func loop(_ watcher: DatabaseWatcher, inbox: Inbox) {
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss"
        while let change = watcher.next() {
            switch change {
            case .committed:
                inbox.post(.databaseChanged(time: clock.string(from: Date())))
            case .problem(let message):
                inbox.post(.watchProblem(message, ended: false))
            case .ended(let message):
                inbox.post(.watchProblem(message, ended: true))
                return
            }
        }
    }
}
