import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `--trace` (issue 24): a generated 1M-line GRDB trace log, as an app logs it
/// through swift-log with profile lines, analysed by the `arbor` binary on the demo
/// database: wall time and peak memory, against `wc -l` reading the same file
/// (`ARBOR_BENCH_ONLY=trace`).
enum TraceBenchmark {
    static let lineCount = 1_000_000

    static func run(arbor: String) throws {
        let path = try log()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("trace log: \(lineCount) lines, \(size / 1_000_000) MB")
        var arborRun = try Measure.timeAndPeak(arbor, ["--trace", path, "--format", "json"])
        for _ in 0..<2 {
            let again = try Measure.timeAndPeak(arbor, ["--trace", path, "--format", "json"])
            if again.seconds < arborRun.seconds { arborRun.seconds = again.seconds }
        }
        // `wc -l`, not `grep`: GNU grep stops at the first match when its output is /dev/null.
        var readRun = try Measure.timeAndPeak("/usr/bin/env", ["wc", "-l", path])
        for _ in 0..<2 {
            let again = try Measure.timeAndPeak("/usr/bin/env", ["wc", "-l", path])
            if again.seconds < readRun.seconds { readRun.seconds = again.seconds }
        }
        Measure.report(
            "arbor --trace, 1M-line log (best of 3)",
            String(format: "%.2f s", arborRun.seconds),
            reference: String(format: "%.3fs wc -l", readRun.seconds), ratio: arborRun.seconds / readRun.seconds,
            goal: "a few seconds")
        Measure.report(
            "arbor --trace, 1M-line log: peak memory (maxrss)", String(format: "%.1f MB", arborRun.peakMB),
            reference: String(format: "%.1f MB log", Double(size) / 1e6), ratio: arborRun.peakMB / (Double(size) / 1e6),
            goal: "bounded: not the log's size")
    }

    /// The log, made once under `.build/benchmark-data`: loops of the demo's
    /// `Author.books` read by hand, prefetches, windowed reads, repeated statements,
    /// statements over several lines, and a line in fifty that is no statement.
    static func log() throws -> String {
        let path = BenchmarkData.directory.appendingPathComponent("trace-1M.log").path
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(at: BenchmarkData.directory, withIntermediateDirectories: true)
        let temporary = path + ".part"
        _ = FileManager.default.createFile(atPath: temporary, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: temporary) else { throw CocoaError(.fileWriteUnknown) }
        var buffer = ""
        var lines = 0
        var time = 0
        func line(_ text: String) {
            time += 1
            buffer +=
                "2026-11-26T15:\(String(format: "%02d:%02d", time / 60_000 % 60, time / 1_000 % 60))+0000 debug app : [GRDB] \(text)\n"
            lines += 1
        }
        var episode = 0
        while lines < lineCount {
            episode += 1
            switch episode % 5 {
            case 0:
                // An N+1 loop over the demo's authors.
                line("0.001s SELECT * FROM \"author\"")
                for id in 1...12 { line("0.000s SELECT * FROM \"book\" WHERE \"authorId\" = \(id)") }
            case 1:
                // The right request: a prefetch.
                line("0.001s SELECT * FROM \"author\"")
                line(
                    "0.001s SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (1, 2, 3, 4, 5)"
                )
            case 2:
                // Windowed reads.
                for page in 0..<5 { line("0.000s SELECT * FROM \"book\" ORDER BY \"id\" LIMIT 10 OFFSET \(page * 10)") }
            case 3:
                // The same statement twice, and a statement over three lines.
                line("0.000s SELECT * FROM \"book\" WHERE \"kind\" = 'novel'")
                line("0.000s SELECT * FROM \"book\" WHERE \"kind\" = 'novel'")
                line("0.000s SELECT *")
                buffer += "FROM \"author\"\nWHERE \"id\" = \(episode % 40)\n"
                lines += 2
            default:
                line("0.000s UPDATE \"book\" SET \"score\" = \(episode % 10) WHERE \"id\" = \(episode % 50)")
                buffer += "user tapped the button\n"
                lines += 1
            }
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        handle.write(Data(buffer.utf8))
        try handle.close()
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        return path
    }
}
