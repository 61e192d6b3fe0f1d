import ArborCore
import ArborSession
import Foundation

/// `--trace FILE` (`-` for standard input): reads a GRDB trace log and reports its
/// waste, as a linter does: the findings on standard output (`--format json`: one
/// object a line), what was read and the unreadable lines on standard error; exit
/// status 1 when there is waste, 0 when there is none, 2 when the file can not be read.
struct TraceMode {
    let session: Session
    let json: Bool

    func run(_ path: String) -> Int32 {
        if path == "-", StandardInputClosed.atStart {
            Output.error("arbor: --trace -: standard input is closed: give the log on it, or name its file")
            return 2
        }
        let report: TraceReport
        do {
            report = try session.analyzeTrace(path: path)
        } catch let error as TraceReadError {
            Output.error("arbor: \(error.message)")
            return 2
        } catch {
            Output.error("arbor: \(path): \(error)")
            return 2
        }
        for line in report.unreadableText { Output.error("arbor: " + line) }
        Output.error("arbor: " + report.summary)
        if json {
            Output.lines(report.jsonLines)
        } else if !report.findings.isEmpty {
            Output.line(report.text)
        }
        return report.hasWaste ? 1 : 0
    }
}
