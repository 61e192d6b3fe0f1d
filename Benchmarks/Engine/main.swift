import Foundation

// The benchmark suite (issue 5): `Benchmarks/run.sh` builds in release mode and runs it.
// Each figure is printed with its reference, measured in the same run, and the ratio.
ParseOnlyProcess.runIfAsked()
let arguments = CommandLine.arguments
let buildDirectory = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().path
let arbor = ProcessInfo.processInfo.environment["ARBOR_BINARY"] ?? buildDirectory + "/arbor"
let sqlite3 = ProcessInfo.processInfo.environment["SQLITE3"] ?? "/usr/bin/sqlite3"
do {
    print("arbor benchmarks — \(ProcessInfo.processInfo.processorCount) cores")
    // `ARBOR_BENCH_ONLY=NAME` runs one group alone.
    let groups: [String: () throws -> Void] = [
        "models": { try EngineBenchmarks.modelFolderLoading(arbor: arbor) },
        "advise": { try EngineBenchmarks.schemaAdvice() },
        "decoding": { try EngineBenchmarks.decodingCheck() },
        "watch": { try WatchBenchmark.run() },
        "stages": { try LoadingStages.run() },
        "loading": { try LoadingScaleBenchmark.run(arbor: arbor) },
        "memory": { try MemoryBoundsBenchmark.run(arbor: arbor, sqlite3: sqlite3) },
        "watch-writer": { try WatchUnderWriterBenchmark.run(arbor: arbor) },
        "trace": { try TraceBenchmark.run(arbor: arbor) },
        "migrations": { try MigrationsBenchmark.run(arbor: arbor) },
        "tables": { try EngineBenchmarks.tenThousandTables() },
    ]
    if let only = ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] {
        guard let group = groups[only] else {
            print("ARBOR_BENCH_ONLY: no group \(only) (\(groups.keys.sorted().joined(separator: ", ")))")
            exit(2)
        }
        try group()
        exit(0)
    }
    try EngineBenchmarks.run(arbor: arbor, sqlite3: sqlite3)
    try EngineBenchmarks.tenThousandTables()
    try EngineBenchmarks.modelFolderLoading(arbor: arbor)
    try EngineBenchmarks.schemaAdvice()
    try EngineBenchmarks.decodingCheck()
    try TraceBenchmark.run(arbor: arbor)
    try MigrationsBenchmark.run(arbor: arbor)
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
