import ArborCore
import ArborLanguage
import ArborSession
import Foundation
import GRDB

/// The figures of issue 5 that concern the engine: each with its reference,
/// measured in the same run, and the ratio.
enum EngineBenchmarks {
    static func run(arbor: String, sqlite3: String) throws {
        let small = try BenchmarkData.library(authors: 1_000, books: 10_000, prizes: 30_000)
        let big = try BenchmarkData.library(authors: 100_000, books: 1_000_000, prizes: 3_000_000)
        let wide = try BenchmarkData.wideSchema()

        try schemaLoad(wide)
        if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "schema" { return }
        try firstWindow(small: small, big: big)
        try scrollMemory(big)
        try orderedDeepWindow(big)
        try windowValidation(big)
        if ProcessInfo.processInfo.environment["ARBOR_BENCH_ONLY"] == "windows" { return }
        try inProcessFetch(big)
        try wholeProcessJSON(big, arbor: arbor, sqlite3: sqlite3)
        try CSVExportBenchmark.run(big, arbor: arbor, sqlite3: sqlite3)
        try interruption(big)
        try processStart(small, arbor: arbor, sqlite3: sqlite3)
    }

    /// Schema load of 1,000 tables and 2,000 foreign keys, with the convention,
    /// against reading `sqlite_master` alone.
    static func schemaLoad(_ path: String) throws {
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        let arbor = try Measure.seconds(repeat: 9) {
            try queue.read { db in
                db.clearSchemaCache()
                _ = Environment(schema: try SchemaGraph.load(db))
            }
        }
        let raw = Measure.seconds(repeat: 9) { _ = RawSQLite.step(path: path, sql: "SELECT * FROM sqlite_master") }
        var schema: SchemaGraph?
        let introspection = try Measure.seconds(repeat: 9) {
            try queue.read { db in
                db.clearSchemaCache()
                schema = try SchemaGraph.load(db)
            }
        }
        let convention = Measure.seconds(repeat: 9) { if let schema { _ = Environment(schema: schema) } }
        Measure.report("  of which introspection (5 queries)", Measure.ms(introspection))
        Measure.report("  of which naming and convention", Measure.ms(convention))
        Measure.report(
            "schema load, 1,000 tables / 2,000 FKs (+ convention)", Measure.ms(arbor), reference: Measure.ms(raw),
            ratio: arbor / raw, goal: "≤ 50 ms")
    }

    /// The first window (100 authors with their books) of `Author.including(all: Author.books)`,
    /// on the 1M-book library against the 10k-book one: the cost must not follow the size.
    static func firstWindow(small: String, big: String) throws {
        func measure(_ path: String) throws -> Double {
            let session = try Session(path: path)
            let plan = try requestPlan("Author.including(all: Author.books)", session)
            return try Measure.seconds(repeat: 9) {
                let window = try WindowedResult(session: session, plan: plan, windowSize: 100)
                _ = try window.rows(in: 0..<100)
            }
        }
        let bigTime = try measure(big)
        let smallTime = try measure(small)
        Measure.report(
            "first window of Author.including(all: Author.books), 1M books", Measure.ms(bigTime),
            reference: Measure.ms(smallTime), ratio: bigTime / smallTime, goal: "ratio ≤ 1.5 vs 10k books, ≤ 20 ms")
    }

    /// Resident memory after walking every window of the 1M books, against after the first.
    static func scrollMemory(_ path: String) throws {
        let session = try Session(path: path)
        let plan = try requestPlan("Book.including(required: Book.author)", session)
        let window = try WindowedResult(session: session, plan: plan, windowSize: 100, maximumWindows: 20)
        _ = try window.rows(in: 0..<100)
        let afterFirst = Measure.residentMB()
        var index = 100
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            let rows = try window.rows(in: index..<(index + 100))
            if rows.count < 100 { break }
            index += 100
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let afterAll = Measure.residentMB()
        Measure.report(
            "memory after scrolling \(index) rows (\(String(format: "%.1f", seconds)) s)",
            String(format: "%.1f MB", afterAll), reference: String(format: "%.1f MB", afterFirst),
            ratio: afterAll / max(afterFirst, 1), goal: "≤ 100 MB, growth ≤ 20 MB")
        Measure.report("peak resident memory of the suite so far", String(format: "%.1f MB", Measure.peakResidentMB()))
    }

    /// The window after row 900,000 of `Book.order(Column("title"))` (no index on
    /// title), reached as scrolling reaches it, by keyset after the previous window,
    /// against the same window by OFFSET in the raw C API.
    static func orderedDeepWindow(_ path: String) throws {
        let session = try Session(path: path)
        let plan = try requestPlan("Book.order(Column(\"title\"))", session)
        let window = try WindowedResult(session: session, plan: plan, windowSize: 100, maximumWindows: 20)
        _ = try window.rows(in: 899_900..<900_000)  // a jump: by offset, once
        var next = 900_000
        let arbor = try Measure.seconds(repeat: 5, warmUp: false) {
            _ = try window.rows(in: next..<(next + 100))
            next += 100
        }
        let raw = Measure.seconds(repeat: 5) {
            _ = RawSQLite.step(
                path: path, sql: "SELECT * FROM \"book\" ORDER BY \"title\", \"id\" LIMIT 100 OFFSET 900000")
        }
        Measure.report(
            "window after row 900,000 of Book.order(title), by keyset", Measure.ms(arbor),
            reference: Measure.ms(raw) + " by OFFSET", ratio: arbor / raw, goal: "< 1")
    }

    /// A keyset window is a statement of its own, validated before it is lowered: the
    /// validation of the window after author 50,000 of `Author.including(all: Author.books)`
    /// (its foreign key resolved again), against fetching that window.
    static func windowValidation(_ path: String) throws {
        let session = try Session(path: path)
        let plan = try requestPlan("Author.including(all: Author.books)", session)
        let id = SQLExpr.column("id", alias: nil)
        let page = plan.appending(.filter(.binary(.greater, id, .value(.integer(50_000)))))
            .appending(.order([OrderingTerm(id, .asc)]))
        let validator = Validator(schema: session.environment.schema, range: nil)
        let rounds = 1_000
        let validation = try Measure.seconds(repeat: 9) {
            for _ in 0..<rounds { _ = try validator.validate(page) }
        }
        let validated = try validator.validate(page).limited(100, offset: nil)
        let window = try Measure.seconds(repeat: 9) {
            _ = try session.database.read { db in try Row.fetchAll(db, Lowering().request(validated)) }
        }
        let each = validation / Double(rounds)
        Measure.report(
            "validating a keyset window of Author.including(all:)", String(format: "%.1f µs", each * 1e6),
            reference: Measure.ms(window) + " to fetch it", ratio: each / window, goal: "≤ 0.02")
    }

    static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }

    /// `Book.including(required: Book.author)` on the 1M-book library into result
    /// rows, against stepping the same SQL with the C API.
    static func inProcessFetch(_ path: String) throws {
        let session = try Session(path: path)
        let plan = try requestPlan("Book.including(required: Book.author)", session)
        var sql = ""
        var rows = 0
        let arbor = try Measure.seconds(repeat: 3) {
            rows = 0
            sql = try session.stream(plan, range: nil) { _ in rows += 1 }
        }
        let raw = Measure.seconds(repeat: 3) { _ = RawSQLite.step(path: path, sql: sql) }
        Measure.report(
            "fetch \(rows) rows of Book.including(required:) into rows", Measure.ms(arbor), reference: Measure.ms(raw),
            ratio: arbor / raw, goal: "ratio ≤ 2.0")
    }

    /// The whole `arbor BIG -c … --format json > /dev/null` against `sqlite3 -json`.
    static func wholeProcessJSON(_ path: String, arbor: String, sqlite3: String) throws {
        let session = try Session(path: path)
        let plan = try requestPlan("Book.including(required: Book.author)", session)
        let sql = try session.request(plan, range: nil, single: false, fetch: false).mainSQL
        let arborTime = try Measure.seconds(repeat: 3) {
            _ = try Measure.process(arbor, [path, "-c", "Book.including(required: Book.author)", "--format", "json"])
        }
        let sqliteTime = try Measure.seconds(repeat: 3) { _ = try Measure.process(sqlite3, ["-json", path, sql]) }
        Measure.report(
            "arbor BIG -c 'Book.including(required:)' --format json", Measure.ms(arborTime),
            reference: Measure.ms(sqliteTime), ratio: arborTime / sqliteTime, goal: "ratio ≤ 1.0 vs sqlite3 -json")
    }

    /// Interrupting a query that runs for seconds: the time from `interrupt()` to
    /// the session answering the next request.
    static func interruption(_ path: String) throws {
        let session = try Session(path: path)
        let slow = try requestPlan(
            "Book.filter(sql: \"(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 60000000) SELECT count(*) FROM c) > 0\").limit(1)",
            session)
        let quick = try requestPlan("Author.limit(1)", session)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let unsafeSession = session
        let queryStart = DispatchTime.now().uptimeNanoseconds
        Thread.detachNewThread {
            started.signal()
            _ = try? unsafeSession.request(slow, range: nil, single: false, fetch: true)
            finished.signal()
        }
        started.wait()
        Thread.sleep(forTimeInterval: 1.0)
        let interruptAt = DispatchTime.now().uptimeNanoseconds
        session.database.interrupt()
        finished.wait()
        _ = try session.request(quick, range: nil, single: false, fetch: true)
        let usable = DispatchTime.now().uptimeNanoseconds
        let latency = Double(usable - interruptAt) / 1e9
        let ranFor = Double(interruptAt - queryStart) / 1e9
        Measure.report(
            "Ctrl-C (interrupt) after \(String(format: "%.1f", ranFor)) s of a long query → usable",
            Measure.ms(latency), goal: "≤ 100 ms")
    }

    /// Whole processes: start-up costs.
    static func processStart(_ path: String, arbor: String, sqlite3: String) throws {
        let sqliteTime = try Measure.seconds(repeat: 9) { _ = try Measure.process(sqlite3, [path, "select 1"]) }
        let version = try Measure.seconds(repeat: 9) { _ = try Measure.process(arbor, ["--version"]) }
        let demo = try Measure.seconds(repeat: 9) { _ = try Measure.process(arbor, ["-c", "Author.limit(1)"]) }
        Measure.report(
            "arbor --version (whole process)", Measure.ms(version), reference: Measure.ms(sqliteTime),
            ratio: version / sqliteTime, goal: "report")
        Measure.report(
            "arbor -c 'Author.limit(1)' on the demo (whole process)", Measure.ms(demo),
            reference: Measure.ms(sqliteTime), ratio: demo / sqliteTime, goal: "report")
    }

    static func requestPlan(_ text: String, _ session: Session) throws -> RequestPlan {
        guard case .rows(let result)? = session.run(text, fetch: false).last else {
            throw ArborError("not a request: \(text)")
        }
        return result.plan
    }
}
