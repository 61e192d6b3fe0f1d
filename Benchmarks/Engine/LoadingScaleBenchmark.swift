import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loading against parsing (issue 20: beyond parsing, loading adds at most half again in
/// time and memory), each a process of its own: `arbor --load` of the files against
/// `ArborBenchmarks --parse-only` of the same files (swift-syntax's parser alone, see
/// `ParseOnlyProcess`). For the 100 files of 1,000 declarations, 5k/10k/20k
/// redeclarations of one member in one file (was quadratic: 2.0 s, 8.4 s, 28–32 s), 20,000
/// of them on one line (41.6 s; with a character above ASCII first, 83 s; named `書`, 100 s),
/// 5k/20k declarations on one table (record types, associations, refused associations:
/// each was quadratic), the largest file arbor reads (the 4 MB cap) and a 50 MB one (above it: refused, was
/// 14 s and 1.4 GB). Wall time, processor time (all threads) and peak memory, each with
/// the ratio to the parse; then the same beyond what each process takes for an empty
/// file (its start, the runtime, the database), the part that grows with the source
/// (`ARBOR_BENCH_ONLY=loading`): each time ratio is the median of at least five rounds
/// (nine for the 100 files and the redeclarations), each round taking its four processes
/// in turn, and each peak the median of three runs.
enum LoadingScaleBenchmark {
    /// `SourceFileReading.sizeCap`: the largest file arbor reads.
    static let sizeCap = 4 * 1024 * 1024

    static func run(arbor: String) throws {
        let folder = BenchmarkData.directory.appendingPathComponent("loading-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("Empty.swift").path
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        let models = folder.appendingPathComponent("Models.swift").path

        let (database, modelFolder) = try BenchmarkData.modelFolder(files: 100)
        print("each figure against the parse-only process on the same files (ref)")
        try compare(
            "100 files, 1,000 declarations", arbor: arbor, { [database, "--load", $0, "-c", "let x = 1"] },
            source: modelFolder, empty: empty, runs: 9)
        for count in [5_000, 10_000, 20_000] {
            var text = "import GRDB\nstruct Author: TableRecord {}\nstruct Book: TableRecord {}\n"
            for _ in 0..<count { text += "extension Author { static let books = hasMany(Book.self) }\n" }
            try text.write(toFile: models, atomically: true, encoding: .utf8)
            try compare(
                "\(count) redeclarations (\(text.utf8.count / 1024) KB)", arbor: arbor,
                { ["--load", $0, "-c", "let x = 1"] }, source: models, empty: empty, runs: 9,
                wallGoal: count == 20_000 ? "≤ 1 s" : "")
        }
        // The same on one line, as minified code has it: plain, with a character above ASCII
        // first, and with a name above ASCII: each note's column and shown line were read
        // from the line's start (41.6 s, 83 s and 100 s for 20,000).
        let oneLine = [("", "", "books"), (", `é` first", "/* é */ ", "books"), (", named `書`", "", "書")]
        for (label, first, name) in oneLine {
            let redeclarations = Array(
                repeating: "extension Author { static let \(name) = hasMany(Book.self) }", count: 20_000)
            let text =
                "import GRDB\nstruct Author: TableRecord {}\nstruct Book: TableRecord {}\n" + first
                + redeclarations.joined(separator: "; ") + "\n"
            try text.write(toFile: models, atomically: true, encoding: .utf8)
            try compare(
                "20000 redeclarations on one line\(label) (\(text.utf8.count / 1024) KB)",
                arbor: arbor, { ["--load", $0, "-c", "let x = 1"] }, source: models, empty: empty, runs: 1)
        }
        // Many declarations on one table, each found by name: each was quadratic (5,000
        // record types with an association 9.8 s; 20,000 associations of one type 9 s; 20,000
        // that GRDB refuses, their errors, 2 s).
        let oneTable: [(String, (Int) -> String)] = [
            (
                "record types of one table, an association each",
                {
                    "struct Writer\($0): TableRecord { static let databaseTableName = \"author\"; static let books = hasMany(Book.self, using: ForeignKey([\"authorId\"])) }"
                }
            ),
            (
                "associations of one type",
                {
                    "extension Book { static let author\($0) = belongsTo(Author.self, using: ForeignKey([\"authorId\"])) }"
                }
            ),
            (
                "associations GRDB refuses (errors)",
                { "extension Author { static let books\($0) = hasMany(Book.self) }" }
            ),
        ]
        for (label, line) in oneTable {
            for count in [5_000, 20_000] {
                let text = "import GRDB\n" + (0..<count).map { line($0) + "\n" }.joined()
                try text.write(toFile: models, atomically: true, encoding: .utf8)
                try compare(
                    "\(count) \(label) (\(text.utf8.count / 1024) KB)", arbor: arbor,
                    { ["--load", $0, "-c", "let x = 1"] }, source: models, empty: empty, runs: 1)
            }
        }
        try declarations(bytes: sizeCap, into: models)
        try compare(
            "4 MB of distinct declarations (at the cap)", arbor: arbor, { ["--load", $0, "-c", "let x = 1"] },
            source: models, empty: empty, runs: 1)
        // Above the cap: refused unread, so there is no parse to compare with.
        try declarations(bytes: 50_000_000, into: models)
        let refused = try Measure.usage(arbor, ["--load", models, "-c", "let x = 1"])
        Measure.report("load 50 MB of distinct declarations: refused (above 4 MB)", Measure.ms(refused.seconds))
        Measure.report("  peak memory", String(format: "%.1f MB", refused.peakMB))
    }

    /// `struct Thing<n>` declarations up to `bytes` of text.
    static func declarations(bytes: Int, into path: String) throws {
        var text = "import GRDB\n"
        var i = 0
        while true {
            let line = "struct Thing\(i): TableRecord { static let databaseTableName = \"book\"; var id: Int64 }\n"
            guard text.utf8.count + line.utf8.count <= bytes else { break }
            text += line
            i += 1
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func compare(
        _ label: String, arbor: String, _ arborArguments: (String) -> [String], source: String, empty: String,
        runs: Int, wallGoal: String = ""
    ) throws {
        let benchmark = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let parseArguments = { (path: String) in [ParseOnlyProcess.flag, path] }
        // Each round runs the four processes one after the other, and its ratios are taken
        // within the round: on a shared machine the speed drifts by a quarter from one
        // minute to the next, which figures from different moments would carry into a ratio.
        var rounds: [Round] = []
        for _ in 0..<max(runs, 5) {
            rounds.append(
                Round(
                    load: try Measure.processTimes(arbor, arborArguments(source)),
                    parse: try Measure.processTimes(benchmark, parseArguments(source)),
                    loadEmpty: try Measure.processTimes(arbor, arborArguments(empty)),
                    parseEmpty: try Measure.processTimes(benchmark, parseArguments(empty))))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let load = (wall: median(rounds.map(\.load.wall)), cpu: median(rounds.map(\.load.processor)))
        let parse = (wall: median(rounds.map(\.parse.wall)), cpu: median(rounds.map(\.parse.processor)))
        let ratios = rounds.map(\.processorRatio).sorted()
        let wallRatios = rounds.map(\.wallRatio).sorted()
        // Each peak the median of three: one sample of a 20 ms load moved the ratio by a fifth.
        func peak(_ executable: String, _ arguments: [String]) throws -> Double {
            median(try (0..<3).map { _ in try Measure.timeAndPeak(executable, arguments).peakMB })
        }
        let loadPeak = try peak(arbor, arborArguments(source))
        let parsePeak = try peak(benchmark, parseArguments(source))
        let loadEmptyPeak = try peak(arbor, arborArguments(empty))
        let parseEmptyPeak = try peak(benchmark, parseArguments(empty))
        Measure.report(
            "load \(label)", Measure.ms(load.wall), reference: Measure.ms(parse.wall),
            ratio: load.wall / parse.wall, goal: wallGoal)
        Measure.report(
            "  processor time", Measure.ms(load.cpu), reference: Measure.ms(parse.cpu), ratio: load.cpu / parse.cpu)
        Measure.report(
            "  peak memory", String(format: "%.1f MB", loadPeak), reference: String(format: "%.1f MB", parsePeak),
            ratio: loadPeak / parsePeak)
        // What grows with the source: each process's run on an empty file taken away.
        Measure.report(
            "  processor time beyond an empty file's run",
            Measure.ms(median(rounds.map { $0.load.processor - $0.loadEmpty.processor })),
            reference: Measure.ms(median(rounds.map { $0.parse.processor - $0.parseEmpty.processor })),
            ratio: median(ratios),
            goal: String(
                format: "≤ 1.5; %ld rounds' quartiles %.2f–%.2f", ratios.count, ratios[ratios.count / 4],
                ratios[ratios.count * 3 / 4]))
        // What the user waits for: a long file's pieces are parsed on every core, so the
        // load's wall time is below its processor time, where the parse-only process has one thread.
        Measure.report(
            "  wall time beyond an empty file's run",
            Measure.ms(median(rounds.map { $0.load.wall - $0.loadEmpty.wall })),
            reference: Measure.ms(median(rounds.map { $0.parse.wall - $0.parseEmpty.wall })), ratio: median(wallRatios),
            goal: String(
                format: "≤ 1.5; quartiles %.2f–%.2f", wallRatios[wallRatios.count / 4],
                wallRatios[wallRatios.count * 3 / 4]))
        let memory = (loadPeak - loadEmptyPeak, parsePeak - parseEmptyPeak)
        Measure.report(
            "  peak memory beyond an empty file's run", String(format: "%.1f MB", memory.0),
            reference: String(format: "%.1f MB", memory.1), ratio: memory.1 > 0 ? memory.0 / memory.1 : nil,
            goal: "≤ 1.5")
    }

    /// One round: the load and the parse of a file, and of an empty file, one after the other.
    private struct Round {
        var load, parse, loadEmpty, parseEmpty: (wall: Double, processor: Double)

        /// Processor time beyond an empty file's run, the load's against the parse's.
        var processorRatio: Double {
            (load.processor - loadEmpty.processor) / max(parse.processor - parseEmpty.processor, 1e-6)
        }

        var wallRatio: Double { (load.wall - loadEmpty.wall) / max(parse.wall - parseEmpty.wall, 1e-6) }
    }
}
