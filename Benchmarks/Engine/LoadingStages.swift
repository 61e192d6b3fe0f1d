import ArborLanguage
import ArborSession
import Foundation
import SwiftParser
import SwiftSyntax

/// Where the time of loading the model folder goes (issue 18: the whole load within
/// 1.5× of the hand-written parser's 12–14 ms; issue 20: at most half again beyond
/// parsing). Each stage on the same 100 files, on one thread, median of runs:
/// swift-syntax's parser alone, arbor's reading (parse, lowering, refusals), then the
/// whole `Session.load` (reading files, resolving, evaluating into the environment).
/// `ARBOR_BENCH_ONLY=stages`; `ARBOR_BENCH_LOOP=N` repeats the whole load N times
/// for a profiler (`perf record -g`).
enum LoadingStages {
    static func run() throws {
        let (database, folder) = try BenchmarkData.modelFolder(files: 100)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map {
            (name: folder + "/" + $0, text: try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }
        if let loops = ProcessInfo.processInfo.environment["ARBOR_BENCH_LOOP"].flatMap(Int.init) {
            for _ in 0..<loops {
                let session = try Session(path: database)
                _ = try session.load(paths: [folder])
            }
            return
        }
        let parser = Measure.seconds(repeat: 15) {
            for file in files { _ = Parser.parse(source: file.text) }
        }
        let reading = Measure.seconds(repeat: 15) { _ = SourceUnit.parse(files: files) }
        let open = try Measure.seconds(repeat: 15) { _ = try Session(path: database) }
        let load = try Measure.seconds(repeat: 15) {
            let session = try Session(path: database)
            _ = try session.load(paths: [folder])
        }
        // Files are read on every core: the processor time, all threads together, says what
        // the load costs beside the wall time it takes.
        let parserCPU = cpuSeconds(repeat: 15) {
            for file in files { _ = Parser.parse(source: file.text) }
        }
        let openCPU = try cpuSeconds(repeat: 15) { _ = try Session(path: database) }
        let loadCPU = try cpuSeconds(repeat: 15) {
            let session = try Session(path: database)
            _ = try session.load(paths: [folder])
        }
        let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
        Measure.report("100 files, \(bytes / 1024) KB: swift-syntax's parser alone", Measure.ms(parser))
        Measure.report(
            "  reading (parse, lowering, refusals; a thread a core)", Measure.ms(reading),
            reference: Measure.ms(parser) + " parse", ratio: reading / parser)
        Measure.report(
            "  whole load (session open excluded)", Measure.ms(load - open), reference: Measure.ms(parser) + " parse",
            ratio: (load - open) / parser, goal: "≤ 21 ms (1.5 × 14 ms)")
        // Against the parser's own processor time: on a busy machine both grow alike.
        Measure.report(
            "  its processor time, all threads", Measure.ms(loadCPU - openCPU),
            reference: Measure.ms(parserCPU) + " parse", ratio: (loadCPU - openCPU) / parserCPU,
            goal: "≤ 1.5 (issue 20)")
    }

    /// Processor time of this process (every thread) taken by `body`: the median of runs.
    static func cpuSeconds(repeat count: Int, _ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        try body()
        var samples: [Double] = []
        for _ in 0..<count {
            let start = now()
            try body()
            samples.append(now() - start)
        }
        return samples.sorted()[samples.count / 2]
    }
}
