import Foundation

/// A long session: `let` statements run one after another (the start-up file's way, as a
/// script or an hour at the prompt gives them), each a request bound to a name. Each
/// statement's cost should not grow with the names bound before it: 20,000 statements
/// against 2,000, per statement (was 4.9 s for 20,000, quadratic: each `let` copied every
/// binding) (`ARBOR_BENCH_ONLY=session`).
enum SessionScaleBenchmark {
    static func run(arbor: String) throws {
        let folder = BenchmarkData.directory.appendingPathComponent("session-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func seconds(statements count: Int) throws -> Double {
            let script = folder.appendingPathComponent("lets-\(count).arbor").path
            let lines = (0..<count).map { "let b\($0) = Book.filter(Column(\"year\") > \($0))\n" }
            try lines.joined().write(toFile: script, atomically: true, encoding: .utf8)
            return try Measure.usage(arbor, ["--init", script, "-c", "1 + 1"], runs: 3).seconds
        }
        let start = try seconds(statements: 0)
        let few = (try seconds(statements: 2_000) - start) / 2_000
        let many = (try seconds(statements: 20_000) - start) / 20_000
        Measure.report("2,000 let statements, each", String(format: "%.1f µs", few * 1e6))
        Measure.report(
            "20,000 let statements, each", String(format: "%.1f µs", many * 1e6),
            reference: String(format: "%.1f µs", few * 1e6), ratio: many / few, goal: "≈ 1 (linear)")
    }
}
