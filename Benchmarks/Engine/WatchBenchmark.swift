import ArborSession
import Foundation
import GRDB

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `:watch` (issue 13): the CPU a watch uses while nothing changes, and the time
/// from another connection's commit to the first window of the request run
/// again, on a copy of the 1M-book library (`ARBOR_BENCH_ONLY=watch`).
enum WatchBenchmark {
    static func run() throws {
        let big = try BenchmarkData.library(authors: 100_000, books: 1_000_000, prizes: 3_000_000)
        // A copy: the benchmark writes to it.
        let path = BenchmarkData.directory.appendingPathComponent("watch-\(getpid()).sqlite").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: big, toPath: path)
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let session = try Session(path: path)
        let request = "Author.including(all: Author.books)"
        _ = session.runInteractive(request)
        let watcher = try DatabaseWatcher(session: session)

        // Idle: the watcher waits; nothing commits.
        let idleSeconds = Double(ProcessInfo.processInfo.environment["ARBOR_WATCH_IDLE_SECONDS"] ?? "") ?? 10
        let waiting = Thread { _ = watcher.next() }
        waiting.start()
        let cpuBefore = cpuSeconds()
        let wallBefore = Date()
        Thread.sleep(forTimeInterval: idleSeconds)
        let cpu = cpuSeconds() - cpuBefore
        let wall = Date().timeIntervalSince(wallBefore)
        watcher.stop()
        Measure.report(
            "watch idle \(Int(idleSeconds)) s: CPU (getrusage, whole process)",
            String(format: "%.3f%%", cpu / wall * 100), goal: "< 1%")

        // Commit → first window, ten times.
        let latencyWatcher = try DatabaseWatcher(session: session)
        let writer = try DatabaseQueue(path: path)
        var detected: [Double] = []
        var shown: [Double] = []
        for i in 0..<10 {
            // The watcher waits on another thread; this one re-runs the request when it wakes.
            let done = DispatchSemaphore(value: 0)
            let times = TimesBox()
            Thread.detachNewThread {
                if latencyWatcher.next() == .committed { times.detected = Date() }
                done.signal()
            }
            Thread.sleep(forTimeInterval: 0.2)
            try writer.write { db in
                try db.execute(sql: "UPDATE book SET title = ? WHERE authorId = 1", arguments: ["changed \(i)"])
            }
            let committed = Date()
            done.wait()
            _ = session.runInteractive(request)
            times.shown = Date()
            detected.append(times.detected.timeIntervalSince(committed))
            shown.append(times.shown.timeIntervalSince(committed))
        }
        latencyWatcher.stop()
        Measure.report(
            "watch: commit → change seen, 1M books (median of 10)", Measure.ms(Measure.percentile(detected, 0.5)),
            goal: "≤ 200 ms")
        Measure.report(
            "watch: commit → first window again, 1M books (median)", Measure.ms(Measure.percentile(shown, 0.5)),
            goal: "≤ 50 ms")
        Measure.report("watch: commit → first window again, 1M books (max)", Measure.ms(shown.max() ?? 0))
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    final class TimesBox: @unchecked Sendable {
        var detected = Date.distantFuture
        var shown = Date.distantFuture
    }
}
