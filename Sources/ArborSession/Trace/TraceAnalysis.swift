import ArborCore
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Session {
    /// `--trace FILE`, `:trace FILE`: reads a GRDB trace log (`-` is standard input)
    /// and reports its waste. Throws `TraceReadError` when the file can not be read.
    public func analyzeTrace(path: String) throws -> TraceReport {
        if path == "-" { return try analyzeTrace(descriptor: 0) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceReadError(message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw TraceReadError(message: "\(path): is a directory, not a trace") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw TraceReadError(message: "\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        do {
            return try analyzeTrace(descriptor: descriptor)
        } catch let error as TraceReadError {
            throw TraceReadError(message: "\(path): \(error.message)")
        }
    }

    /// Reads the trace from an open file descriptor, to its end.
    public func analyzeTrace(descriptor: Int32) throws -> TraceReport {
        try analyzeTrace { body in try TraceLineReader(descriptor: descriptor).forEachLine(body) }
    }

    /// Reads a trace given as text (tests, pasted logs).
    public func analyzeTrace(text: String) -> TraceReport {
        // Reading text throws nothing.
        (try? analyzeTrace { body in
            var number = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                number += 1
                var bytes = Array(line.utf8)
                try bytes.withUnsafeMutableBufferPointer { try body(number, UnsafeBufferPointer($0), false) }
            }
        }) ?? TraceReport()
    }

    private func analyzeTrace(
        lines: ((Int, UnsafeBufferPointer<UInt8>, Bool) throws -> Void) throws -> Void
    ) throws -> TraceReport {
        var report = TraceReport()
        let associations = LoopAssociation.all(in: environment)
        // One read for the whole stream: new shapes are prepared (never run) to tell SQL from other text.
        let finder: WasteFinder = try database.read { db in
            var finder = WasteFinder(associations: associations) { sql in Self.isSQL(sql, db) }
            var reader = TraceStatementReader()
            try lines { number, line, wasCut in
                report.lineCount = number
                reader.read(line: number, line, wasCut: wasCut) { finder.read($0) }
            }
            reader.finish { finder.read($0) }
            finder.finish()
            report.unreadableCount = reader.unreadableCount + finder.notSQLCount
            report.unreadableLines =
                (reader.unreadableLines.map { TraceReport.UnreadableLine(number: $0.number, text: $0.text) }
                + finder.notSQL.map { TraceReport.UnreadableLine(number: $0.lines.lowerBound, text: $0.text) })
                .sorted { $0.number < $1.number }.prefix(TraceStatementReader.shownUnreadable).map { $0 }
            return finder
        }
        report.statementCount = finder.statementCount
        report.tooManyShapes = finder.tooManyShapes
        let fixes = TraceFixes(session: self)
        for key in finder.loopOrder {
            if let loop = finder.loops[key] { report.findings.append(fixes.loop(loop)) }
        }
        for key in finder.repetitionOrder {
            if let repetition = finder.repetitions[key] { report.findings.append(fixes.repetition(repetition)) }
        }
        for key in finder.countThenFetchOrder {
            if let found = finder.countsThenFetches[key] { report.findings.append(fixes.countThenFetch(found)) }
        }
        report.findings += fixes.scans(finder.shapes)
        return report
    }

    /// Whether `sql` is SQL at all: it prepares, or fails for another reason than its syntax
    /// (a table this database lacks).
    static func isSQL(_ sql: String, _ db: Database) -> Bool {
        do {
            _ = try db.makeStatement(sql: sql)
            return true
        } catch let error as DatabaseError {
            let message = error.message ?? ""
            return
                !(message.contains("syntax error") || message.contains("incomplete input")
                || message.contains("unrecognized token"))
        } catch {
            return false
        }
    }
}
