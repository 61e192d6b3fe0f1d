import ArborCore
import Foundation

/// `:trace FILE`: the report of `--trace`, as a command's output in a session.
struct TraceCommand {
    let session: Session

    func run(_ argument: String, range: SourceRange) throws -> String {
        let path = argument.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { throw ArborError("name a trace log, as in `:trace app.log`", at: range) }
        guard path != "-" else {
            throw ArborError(
                "`:trace -` would read the session's own input: give a file, or use `arbor DB --trace -`", at: range)
        }
        let report: TraceReport
        do {
            report = try session.analyzeTrace(path: path)
        } catch let error as TraceReadError {
            throw ArborError(error.message, at: range)
        }
        return
            (report.unreadableText + [report.summary, report.findings.isEmpty ? nil : report.text].compactMap { $0 })
            .joined(separator: "\n")
    }
}
