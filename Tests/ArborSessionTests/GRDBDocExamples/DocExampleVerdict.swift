import ArborCore
import ArborSession
import Foundation
import GRDB

/// An example run by arbor and compared with what GRDB gives (expected.txt).
enum DocExampleVerdict: Equatable {
    /// Same SQL, rows, values, count or error as GRDB (or an error where GRDB does not
    /// compile the Swift or stops the process).
    case pass
    /// arbor fails with `message` where GRDB gives an output (or another error).
    case refused(message: String)
    /// arbor gives an output that is not GRDB's: never acceptable.
    case different(arbor: [String])

    /// Runs `example` in a new session on the database at `path`, with Records.swift loaded.
    static func judge(_ example: DocExampleCorpus.Example, expected: [String], path: String) throws -> DocExampleVerdict
    {
        let session = try Session(path: path)
        // Its errors fail GRDBDocExamplesTests.testRecordsLoadWithoutErrors.
        _ = session.load(source: try DocExampleCorpus.read("Records.swift"), name: "Records.swift")
        let outcomes = session.run(example.text)
        for case .failure(let errors, _) in outcomes {
            let message = errors.first?.message ?? "failure"
            return judgeFailure(message, expected: expected)
        }
        guard let last = outcomes.last else { return .different(arbor: ["nothing"]) }
        let header = expected.first ?? ""
        let arbor = lines(of: last, header: header)
        if header.hasPrefix("error ") || header.hasPrefix("compile-error ") || header.hasPrefix("crash ") {
            return .different(arbor: arbor)
        }
        return comparable(arbor) == comparable(expected) ? .pass : .different(arbor: arbor)
    }

    private static func judgeFailure(_ message: String, expected: [String]) -> DocExampleVerdict {
        let header = expected.first ?? ""
        if header.hasPrefix("compile-error ") || header.hasPrefix("crash ") { return .pass }
        if header == "error \(message)" { return .pass }
        return .refused(message: message)
    }

    /// The lines that must be equal: the header, the main statement, and the rows or
    /// values (sorted when GRDB fetched a set).
    private static func comparable(_ lines: [String]) -> [String] {
        let header = lines.first ?? ""
        let sql = lines.first { $0.hasPrefix("sql ") }
        let rest = lines.dropFirst().filter { !$0.hasPrefix("sql ") }
        return [header, sql ?? "no sql"] + (header.hasPrefix("unordered") ? rest.sorted() : Array(rest))
    }

    /// arbor's outcome in expected.txt's lines, shaped as GRDB's `header` says
    /// (arbor shows fetched values as one-column rows).
    static func lines(of outcome: Outcome, header: String) -> [String] {
        switch outcome {
        case .rows(let result):
            let sql = "sql " + result.mainSQL.replacingOccurrences(of: "\n", with: "\\n")
            if header.hasSuffix("values") {
                return [header, sql] + result.rows.map { "value \($0.values.first ?? .null)" }
            }
            return [header.hasSuffix("rows") ? header : "rows", sql] + result.rows.map { "row " + describe($0) }
        case .count(let count, let sql):
            return ["count \(count)", "sql " + sql]
        case .boolean(let answer, let sql):
            return ["bool \(answer)", "sql " + sql]
        case .description(let text), .computed(let text, _):
            return ["description \(text)"]
        case .silent(let name):
            return ["silent \(name)"]
        case .commandOutput(let text):
            return ["command \(text)"]
        case .failure(let errors, _):
            return ["error " + (errors.first?.message ?? "")]
        }
    }

    private static func describe(_ row: ResultRow) -> String {
        var parts = zip(row.names, row.values).map { "\($0)=\($1)" }
        for child in row.children.sorted(by: { $0.key < $1.key }) {
            switch child.value {
            case .toOne(let scoped?): parts.append("{\(child.key): \(describe(scoped))}")
            case .toOne(nil): parts.append("{\(child.key): nil}")
            case .toMany(let rows): parts.append("{\(child.key): \(child.totalCount ?? rows.count) rows}")
            }
        }
        return parts.joined(separator: " ")
    }
}
