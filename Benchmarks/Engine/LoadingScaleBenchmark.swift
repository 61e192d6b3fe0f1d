import ArborLanguage
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loading at scale (issue 20), through the real binary: 5k/10k/20k
/// redeclarations of one member in one file (was quadratic: 2.0 s, 8.4 s,
/// 28–32 s), a 4 MB file of distinct declarations (at the 4 MB cap) and a
/// 50 MB one (above it: refused, was 14 s and 1.4 GB). Wall time and the
/// child's peak memory, against parsing the same text in this process
/// (`ARBOR_BENCH_ONLY=loading`).
enum LoadingScaleBenchmark {
    static func run(arbor: String) throws {
        let folder = BenchmarkData.directory.appendingPathComponent("loading-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for count in [5_000, 10_000, 20_000] {
            var text = "import GRDB\nstruct Author: TableRecord {}\nstruct Book: TableRecord {}\n"
            for _ in 0..<count { text += "extension Author { static let books = hasMany(Book.self) }\n" }
            try measure(
                arbor: arbor, "\(count) redeclarations (\(text.utf8.count / 1024) KB)", text, folder,
                goal: count == 20_000 ? "≤ 1 s" : "")
        }
        for megabytes in [4, 50] {
            var text = "import GRDB\n"
            var i = 0
            while text.utf8.count < megabytes * 1_000_000 {
                text += "struct Thing\(i): TableRecord { static let databaseTableName = \"book\"; var id: Int64 }\n"
                i += 1
            }
            try measure(arbor: arbor, "\(megabytes) MB of distinct declarations", text, folder, goal: "")
        }
    }

    static func measure(arbor: String, _ label: String, _ text: String, _ folder: URL, goal: String) throws {
        let path = folder.appendingPathComponent("Models.swift").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (seconds, peak) = try Measure.timeAndPeak(arbor, ["--load", path, "-c", "let x = 1"])
        let parse = Measure.seconds(repeat: 1, warmUp: false) { _ = SourceUnit.parse(name: "x", text: text) }
        Measure.report(
            "load \(label)", Measure.ms(seconds), reference: Measure.ms(parse) + " parse", ratio: seconds / parse,
            goal: goal)
        Measure.report("  peak memory of arbor", String(format: "%.0f MB", peak))
    }
}
