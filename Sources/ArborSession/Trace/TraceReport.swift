import ArborCore
import Foundation

/// What reading a trace gave: how much was read, what could not be, and the findings.
public struct TraceReport: Sendable {
    public var lineCount = 0
    public var statementCount = 0
    public var unreadableCount = 0
    /// The first unreadable lines, with their numbers.
    public var unreadableLines: [UnreadableLine] = []
    public var findings: [TraceFinding] = []
    /// Set when the log had more distinct statements than arbor follows.
    public var tooManyShapes = false

    public struct UnreadableLine: Sendable, Equatable {
        public var number: Int
        public var text: String
    }

    /// Waste to fail on (a linter's exit status 1).
    public var hasWaste: Bool { findings.contains { $0.isWaste } }

    /// One line for standard error: what was read.
    public var summary: String {
        var text =
            "read \(lineCount) line\(lineCount == 1 ? "" : "s"), \(statementCount) statement\(statementCount == 1 ? "" : "s")"
        if unreadableCount > 0 {
            text += ", \(unreadableCount) unreadable line\(unreadableCount == 1 ? "" : "s")"
        }
        let waste = findings.filter(\.isWaste).count
        text += "; \(waste) finding\(waste == 1 ? "" : "s") of waste"
        if findings.count > waste {
            text += ", \(findings.count - waste) note\(findings.count - waste == 1 ? "" : "s")"
        }
        return text
    }

    /// The unreadable lines, one a line, for standard error.
    public var unreadableText: [String] {
        var lines = unreadableLines.map { "line \($0.number): unreadable: \(TerminalText.escaped($0.text))" }
        if unreadableCount > unreadableLines.count {
            lines.append("… and \(unreadableCount - unreadableLines.count) more unreadable lines")
        }
        if tooManyShapes {
            lines.append(
                "note: more than \(WasteFinder.maximumShapes) different statements: the later new ones were not followed"
            )
        }
        return lines
    }

    /// The report for people.
    public var text: String {
        guard !findings.isEmpty else { return "no waste found in the trace" }
        return findings.enumerated().map { index, finding in
            var lines = ["\(index + 1). \(finding.kind.rawValue): \(TerminalText.escaped(finding.summary))"]
            lines.append(
                "   lines \(Self.ranges(Array(finding.lines.prefix(Self.shownLines))))"
                    + (finding.lines.count > Self.shownLines ? ", …" : "")
                    + (finding.occurrences > 1 ? " (\(finding.occurrences) times in the log)" : ""))
            if let request = finding.request { lines.append("   fix: \(TerminalText.escaped(request))") }
            lines.append(
                "   statements: \(finding.before) → \(finding.after)"
                    + Self.times(finding.beforeSeconds, finding.afterSeconds, measured: finding.measured))
            for note in finding.notes {
                lines.append(
                    contentsOf: note.split(separator: "\n", omittingEmptySubsequences: false).map {
                        "   " + TerminalText.escaped(String($0))
                    })
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// One JSON object per finding, one a line.
    public var jsonLines: [String] {
        findings.map { finding in
            var writer = JSONWriter()
            var fields: [(String, (inout JSONWriter) -> Void)] = [
                ("kind", { $0.write(string: finding.kind.rawValue) }),
                ("summary", { $0.write(string: finding.summary) }),
                ("request", { w in if let r = finding.request { w.write(string: r) } else { w.append("null") } }),
                (
                    "association",
                    { w in if let a = finding.association { w.write(string: a) } else { w.append("null") } }
                ),
                ("before", { $0.append(String(finding.before)) }),
                ("after", { $0.append(String(finding.after)) }),
                ("beforeSeconds", { w in w.append(finding.beforeSeconds.map { Self.number($0) } ?? "null") }),
                ("afterSeconds", { w in w.append(finding.afterSeconds.map { Self.number($0) } ?? "null") }),
                ("measured", { $0.append(finding.measured ? "true" : "false") }),
                ("lines", { w in w.append("[" + finding.lines.map(String.init).joined(separator: ",") + "]") }),
                ("occurrences", { $0.append(String(finding.occurrences)) }),
                ("waste", { $0.append(finding.isWaste ? "true" : "false") }),
            ]
            fields.append(
                (
                    "notes",
                    { w in
                        w.append("[")
                        for (i, note) in finding.notes.enumerated() {
                            if i > 0 { w.append(",") }
                            w.write(string: note)
                        }
                        w.append("]")
                    }
                ))
            writer.append("{")
            for (i, field) in fields.enumerated() {
                if i > 0 { writer.append(",") }
                writer.write(string: field.0)
                writer.append(":")
                field.1(&writer)
            }
            writer.append("}")
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    /// Line numbers a finding shows in the text report (JSON has them all).
    static let shownLines = 20

    private static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.6f", value) : "null"
    }

    private static func times(_ before: Double?, _ after: Double?, measured: Bool) -> String {
        guard let before else { return "" }
        var text = ", \(milliseconds(before))"
        if let after { text += " → \(milliseconds(after))" }
        if measured { return text + " (measured on this database)" }
        return text + (after == nil ? " (from the log)" : " (the app's from the log, the fix's measured here)")
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: seconds < 0.01 ? "%.2f ms" : "%.1f ms", seconds * 1000)
    }

    /// `3, 5-14, 20`.
    static func ranges(_ lines: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        while i < lines.count {
            var j = i
            while j + 1 < lines.count, lines[j + 1] == lines[j] + 1 { j += 1 }
            parts.append(j > i ? "\(lines[i])-\(lines[j])" : "\(lines[i])")
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }
}
