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
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "models" {
        try EngineBenchmarks.modelFolderLoading(arbor: arbor)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "advise" {
        try EngineBenchmarks.schemaAdvice()
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "decoding" {
        try EngineBenchmarks.decodingCheck()
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "watch" {
        try WatchBenchmark.run()
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "models" {
        try EngineBenchmarks.modelFolderLoading(arbor: arbor)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "stages" {
        try LoadingStages.run()
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "loading" {
        try LoadingScaleBenchmark.run(arbor: arbor)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "memory" {
        try MemoryBoundsBenchmark.run(arbor: arbor, sqlite3: sqlite3)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "watch-writer" {
        try WatchUnderWriterBenchmark.run(arbor: arbor)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "trace" {
        try TraceBenchmark.run(arbor: arbor)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "migrations" {
        try MigrationsBenchmark.run(arbor: arbor)
        exit(0)
    }
    if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "tables" {
        try EngineBenchmarks.tenThousandTables()
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
