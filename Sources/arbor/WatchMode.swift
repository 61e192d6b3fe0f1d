import ArborCore
import ArborSession
import Foundation

/// `--watch`: runs the last `-c` request now and again after each commit by
/// another process, printing its rows as one JSON document a line (the array
/// `--format json` prints, without its line breaks), until Ctrl-C (status 130).
///
/// A document is printed only when it differs from the one before. A commit
/// that changes the schema is followed (`Session.followSchemaChanges`, at the
/// start of every run): the request is compiled again on the new schema, and a
/// request that no longer compiles is an error on standard error while the
/// watch goes on. When standard output closes (`| head -1`) the watch ends at
/// once, with status 0. Commits made
/// while a request runs are one change (`DatabaseWatcher`): under a fast writer
/// arbor prints the latest state after each fetch and never falls behind.
struct WatchMode {
    let session: Session
    let interruption: Interruption

    func run(_ command: String) -> Int32 {
        let watcher: DatabaseWatcher
        do {
            watcher = try DatabaseWatcher(session: session)
        } catch let error as ArborError {
            Output.error("arbor: \(error.message)")
            return 2
        } catch {
            Output.error("arbor: \(Session.message(error))")
            return 2
        }
        if !watcher.usesFileNotifications {
            Output.error(
                "arbor: note: no file-change notifications here: arbor looks for changes every \(DatabaseWatcher.pollInterval) s"
            )
        }
        OutputHangUp.whenClosed { watcher.stop() }
        var last: [UInt8]?
        var isFirst = true
        while true {
            let (document, interrupted) = interruption.run { self.document(command) }
            if interrupted {
                Output.error("arbor: interrupted")
                return 130
            }
            if let document {
                if document != last {
                    document.withUnsafeBytes(Output.writeBytes)
                    last = document
                }
            } else if isFirst {
                // A request that fails at once would fail on every change.
                return 1
            } else {
                // Its errors are printed; once it runs again, its document is news.
                last = nil
            }
            isFirst = false
            waiting: while true {
                switch watcher.next() {
                case .committed?:
                    break waiting
                case .problem(let message)?:
                    Output.error("arbor: " + message)
                case .ended(let message)?:
                    Output.error("arbor: " + message)
                    return 1
                case nil:
                    return 0
                }
            }
        }
    }

    /// The request's result as one line of JSON; nil after printing its errors.
    func document(_ command: String) -> [UInt8]? {
        var writer = JSONWriter()
        for outcome in session.run(command, fetch: false) {
            switch outcome {
            case .rows(let result):
                do {
                    writer.append("[")
                    var first = true
                    let write = { (row: ResultRow) in
                        if !first { writer.append(",") }
                        writer.write(row)
                        first = false
                    }
                    if result.isSingleRow {
                        let fetched = try session.request(result.checked, range: nil, single: true, fetch: true)
                        fetched.rows.forEach(write)
                    } else {
                        try session.stream(result.checked, range: nil, write)
                    }
                    writer.append("]\n")
                } catch let error as ArborError {
                    Output.error("error: \(error.description)")
                    return nil
                } catch {
                    Output.error("error: \(Session.message(error))")
                    return nil
                }
            case .count(let count, _):
                writer.append("\(count)\n")
            case .boolean(let value, _):
                writer.append("\(value)\n")
            case .failure(let errors, let text):
                Output.errors(errors, in: text)
                return nil
            case .silent, .description, .computed, .commandOutput:
                Output.error(
                    "arbor: --watch re-runs a request: the last -c must be one (`Author.including(all: Author.books)`)")
                return nil
            }
        }
        return writer.bytes
    }
}
