import Foundation
import GRDB

/// `arbor --watch` under a writer committing 100 times a second (issue 20), in
/// each journal mode: for every commit, the time until a document shows it (or
/// a later one), and the longest stretch without a document while commits go
/// on (`ARBOR_BENCH_ONLY=watch-writer`). Goal: every commit seen within 1 s.
enum WatchUnderWriterBenchmark {
    static func run(arbor: String) throws {
        for wal in [false, true] {
            try measure(arbor: arbor, wal: wal)
        }
    }

    static func measure(arbor: String, wal: Bool) throws {
        try FileManager.default.createDirectory(at: BenchmarkData.directory, withIntermediateDirectories: true)
        let path = BenchmarkData.directory.appendingPathComponent("watch-writer-\(getpid()).sqlite").path
        let remove = {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        remove()
        defer { remove() }
        // As an app would: a commit waits for arbor's read rather than fail.
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let writer = try DatabaseQueue(path: path, configuration: configuration)
        try writer.writeWithoutTransaction { db in
            if wal { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try db.execute(
                sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 0)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arbor)
        process.arguments = [path, "-c", "Counter.all()", "--watch", "--format", "json"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // Each document's `n`, with the time it arrived.
        let seen = SeenBox()
        Thread.detachNewThread {
            let handle = output.fileHandleForReading
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                pending.append(data)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    let n = line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
                    seen.add(n)
                }
            }
        }
        while seen.count == 0 { usleep(1000) }
        var commits: [(n: Int, time: Date)] = []
        let total = 500
        for n in 1...total {
            try writer.write { db in try db.execute(sql: "UPDATE counter SET n = ?", arguments: [n]) }
            commits.append((n, Date()))
            usleep(10_000)
        }
        let deadline = Date().addingTimeInterval(10)
        while seen.last < total, Date() < deadline { usleep(1000) }
        let documents = seen.all
        var latencies: [Double] = []
        for commit in commits {
            guard let first = documents.first(where: { $0.n >= commit.n }) else {
                latencies.append(.infinity)
                continue
            }
            latencies.append(max(0, first.time.timeIntervalSince(commit.time)))
        }
        var longestGap = 0.0
        for (a, b) in zip(documents, documents.dropFirst()) where b.time <= commits.last?.time ?? b.time {
            longestGap = max(longestGap, b.time.timeIntervalSince(a.time))
        }
        let mode = wal ? "WAL" : "rollback journal"
        Measure.report(
            "watch, \(mode), \(total) commits at 100/s: documents", "\(documents.count - 1)")
        Measure.report(
            "watch, \(mode): commit → document (median)", Measure.ms(Measure.percentile(latencies, 0.5)))
        Measure.report(
            "watch, \(mode): commit → document (max)", Measure.ms(latencies.max() ?? 0), goal: "≤ 1000 ms")
        Measure.report("watch, \(mode): longest gap between documents", Measure.ms(longestGap), goal: "≤ 1000 ms")
    }

    final class SeenBox: @unchecked Sendable {
        private let lock = NSLock()
        private var documents: [(n: Int, time: Date)] = []
        func add(_ n: Int) {
            lock.lock()
            documents.append((n, Date()))
            lock.unlock()
        }
        var all: [(n: Int, time: Date)] {
            lock.lock()
            defer { lock.unlock() }
            return documents
        }
        var count: Int { all.count }
        var last: Int { all.last?.n ?? -1 }
    }
}
