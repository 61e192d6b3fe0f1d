import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// Bounded memory on every path (issue 20), through the real binary: peak memory
/// (the child's max RSS, GNU `time`) and wall time (median of 3 runs; one for 10M
/// rows) of value fetches over 1M and 10M rows and of raw SQL rows as JSON, against
/// `sqlite3 -json` on the same SQL, and of a 1M-children `including(all:)` as JSON
/// and as a tree, output to /dev/null (`ARBOR_BENCH_ONLY=memory`).
/// Before: `String.fetchAll` 273 MB (1M) and 1.8 GB (10M); raw SQL JSON 2.3–2.5×
/// `sqlite3 -json`; the include 513 MB (JSON) and 656 MB (tree).
enum MemoryBoundsBenchmark {
    static func run(arbor: String, sqlite3: String) throws {
        let library = try BenchmarkData.library(authors: 100_000, books: 1_000_000, prizes: 3_000_000)
        let big = try bigNames(rows: 10_000_000)
        for (label, path, sql) in [
            ("1M titles", library, "SELECT title FROM book"),
            ("10M names", big, "SELECT name FROM big"),
        ] {
            let runs = label.hasPrefix("10M") ? 1 : 3
            compare(
                "String.fetchAll \(label) json vs sqlite3 -json",
                arbor: (arbor, [path, "-c", "try String.fetchAll(db, sql: \"\(sql)\")", "--format", "json"]),
                reference: (sqlite3, ["-json", path, sql]), runs: runs, goal: "≤ 100 MB")
        }
        for (label, format) in [("fetchSet 1M titles json (holds the set)", "json"), ("fetchAll 1M titles csv", "csv")]
        {
            let fetch = label.hasPrefix("fetchSet") ? "fetchSet" : "fetchAll"
            measure(
                "String.\(label)",
                arbor, [library, "-c", "try String.\(fetch)(db, sql: \"SELECT title FROM book\")", "--format", format],
                runs: 3, goal: "")
        }
        for format in ["jsonl", "csv"] {
            measure(
                "String.fetchAll 10M names \(format)",
                arbor, [big, "-c", "try String.fetchAll(db, sql: \"SELECT name FROM big\")", "--format", format],
                runs: 1, goal: "≤ 100 MB")
        }
        for sql in ["SELECT title FROM book", "SELECT * FROM book"] {
            compare(
                "Row.fetchAll json \(sql) (1M) vs sqlite3 -json",
                arbor: (arbor, [library, "-c", "try Row.fetchAll(db, sql: \"\(sql)\")", "--format", "json"]),
                reference: (sqlite3, ["-json", library, sql]), runs: 3, goal: "≤ 1.0×, ≤ 100 MB")
        }
        compare(
            "Row.fetchAll jsonl SELECT * FROM book (1M) vs sqlite3 -json",
            arbor: (arbor, [library, "-c", "try Row.fetchAll(db, sql: \"SELECT * FROM book\")", "--format", "jsonl"]),
            reference: (sqlite3, ["-json", library, "SELECT * FROM book"]), runs: 3, goal: "≤ 1.0×, ≤ 100 MB")
        compare(
            "Row.fetchAll json SELECT name FROM big (10M) vs sqlite3 -json",
            arbor: (arbor, [big, "-c", "try Row.fetchAll(db, sql: \"SELECT name FROM big\")", "--format", "json"]),
            reference: (sqlite3, ["-json", big, "SELECT name FROM big"]), runs: 1, goal: "≤ 1.0×, ≤ 100 MB")
        for format in ["json", "tree"] {
            measure(
                "Author.including(all: Author.books) 1M children \(format)",
                arbor, [library, "-c", "Author.including(all: Author.books)", "--format", format],
                runs: 1, goal: "≤ 150 MB")
        }
    }

    /// arbor's time and peak memory beside the reference's, with the ratio of times.
    static func compare(
        _ label: String, arbor: (String, [String]), reference: (String, [String]), runs: Int, goal: String
    ) {
        let time = median(runs) { try Measure.process(arbor.0, arbor.1) }
        let referenceTime = median(runs) { try Measure.process(reference.0, reference.1) }
        let peak = (try? Measure.timeAndPeak(arbor.0, arbor.1).1) ?? 0
        let referencePeak = (try? Measure.timeAndPeak(reference.0, reference.1).1) ?? 0
        Measure.report(label, Measure.ms(time), reference: Measure.ms(referenceTime), ratio: time / referenceTime)
        Measure.report(
            "  peak memory", String(format: "%.0f MB", peak), reference: String(format: "%.0f MB", referencePeak),
            goal: goal)
    }

    static func measure(_ label: String, _ executable: String, _ arguments: [String], runs: Int, goal: String) {
        let time = median(runs) { try Measure.process(executable, arguments) }
        let peak = (try? Measure.timeAndPeak(executable, arguments).1) ?? 0
        Measure.report(label, Measure.ms(time))
        Measure.report("  peak memory", String(format: "%.0f MB", peak), goal: goal)
    }

    static func median(_ runs: Int, _ body: () throws -> Double) -> Double {
        let samples = (0..<runs).compactMap { _ in try? body() }.sorted()
        return samples.isEmpty ? 0 : samples[samples.count / 2]
    }

    /// `big(id, name)`: `rows` names of about 20 bytes.
    static func bigNames(rows: Int) throws -> String {
        let path = BenchmarkData.directory.appendingPathComponent("big-\(rows).sqlite").path
        return try BenchmarkData.generate(path) { db in
            try db.execute(
                sql: """
                    CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
                    INSERT INTO big SELECT i, 'Name number ' || i FROM n;
                    """)
        }
    }
}
