import ArborCore
import ArborSession
import ArborTerminal
import Foundation
import GRDB

// Times of the terminal interface, without a terminal: opening the demo and
// drawing the first screen, and the frame of one keystroke (update, view and
// the diff the adapter writes). Run: `swift run -c release TerminalBenchmarks`.

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Median and 99th percentile of `count` runs of `body`, in milliseconds.
func measure(_ name: String, count: Int, _ body: () throws -> Void) rethrows {
    var samples: [Double] = []
    for _ in 0..<count {
        let start = now()
        try body()
        samples.append((now() - start) * 1000)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, Int(Double(samples.count - 1) * 0.99))]
    print(
        name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + String(format: "median %8.3f ms   p99 %8.3f ms   (%d runs)", median, p99, count))
}

/// One frame as the loop makes it: the view, and the runs the adapter would write.
func frame(_ state: AppState, previous: ScreenBuffer?) -> ScreenBuffer {
    let buffer = View.render(state).buffer
    _ = BufferDiff.runs(from: previous, to: buffer)
    return buffer
}

do {
    var first: ScreenBuffer?
    try measure("open the demo and draw the first screen (120×40)", count: 20) {
        let session = try Session(path: nil)
        let state = AppState(width: 120, height: 40, environment: session.environment)
        first = frame(state, previous: nil)
    }
    _ = first

    let session = try Session(path: nil)
    measure("  of which the first screen alone", count: 200) {
        let state = AppState(width: 120, height: 40, environment: session.environment)
        first = frame(state, previous: nil)
    }
    var state = AppState(width: 120, height: 40, environment: session.environment)
    let text = "Author.including(all: Author.books)"
    for c in text { _ = state.update(.key(.character(c))) }
    if case .run(let submitted, let generation)? = state.update(.key(.enter)).last {
        _ = state.update(
            .finished(
                generation: generation, outcomes: session.run(submitted), environment: session.environment, elapsed: 0))
    }
    // ↵ leaves the focus in the input: Esc walks the result.
    _ = state.update(.key(.escape))
    var previous = frame(state, previous: nil)
    measure("keystroke ↓ in the results (76 authors)", count: 2_000) {
        _ = state.update(.key(.down))
        previous = frame(state, previous: previous)
    }
    measure("keystroke ␣ (open/close an author)", count: 2_000) {
        _ = state.update(.key(.character(" ")))
        previous = frame(state, previous: previous)
    }

    // A result of 200,000 rows costs a frame what the screen holds, not what the result holds.
    let names = ["id", "title", "year"]
    let rows = (0..<200_000).map { i in
        ResultRow(
            names: names, values: [i.databaseValue, "Book \(i)".databaseValue, (1800 + i % 200).databaseValue],
            children: [])
    }
    var large = AppState(width: 120, height: 40, environment: session.environment)
    large.results = ResultsState(source: ArrayResultSource(table: "book", rows: rows), title: "Book.all()")
    large.focus = .results
    previous = frame(large, previous: nil)
    measure("keystroke PgDn in 200,000 rows", count: 2_000) {
        _ = large.update(.key(.pageDown))
        previous = frame(large, previous: previous)
    }
    large.results?.setFormat(.table)
    previous = frame(large, previous: nil)
    measure("keystroke PgDn in 200,000 rows (table view)", count: 2_000) {
        _ = large.update(.key(.pageDown))
        previous = frame(large, previous: previous)
    }

    // The 1M-book library of the engine suite (Benchmarks/run.sh makes it): frames
    // over a windowed result, the missing windows loaded as the worker would,
    // before the frame that shows them (so a frame pays for its own fetch).
    let big =
        ProcessInfo.processInfo.environment["ARBOR_BENCHMARK_LIBRARY"]
        ?? ".build/benchmark-data/library-100000-1000000-3000000.sqlite"
    if FileManager.default.fileExists(atPath: big) {
        let bigSession = try Session(path: big)
        guard case .rows(let result)? = bigSession.runInteractive("Book.including(required: Book.author)").last,
            let window = result.window
        else { throw ArborError("no windowed result") }
        // The tree and the table view read the same windows: the same goal for both.
        for format in [ResultsFormat.tree, .table] {
            var windowed = AppState(width: 120, height: 40, environment: bigSession.environment)
            windowed.results = ResultsState(
                source: WindowedResultSource(window: window), title: "1M books", format: format)
            windowed.focus = .results
            previous = frame(windowed, previous: nil)
            var samples: [Double] = []
            for _ in 0..<3_000 {
                let start = now()
                // The windows the screen needs come back as effects, as the loop gets them.
                let effects = windowed.update(.key(.pageDown))
                previous = frame(windowed, previous: previous)
                var loaded = false
                for case .loadWindow(_, let range) in effects {
                    _ = try window.rows(in: range)
                    loaded = true
                }
                if loaded {
                    _ = windowed.update(.windowLoaded)
                    previous = frame(windowed, previous: previous)
                }
                samples.append((now() - start) * 1000)
            }
            samples.sort()
            if format == .table, windowed.results?.table?.columns.isEmpty ?? true {
                throw ArborError("the table view has no columns")
            }
            print(
                "frame of PgDn over 1M books (\(format == .tree ? "tree" : "table view"), windowed)".padding(
                    toLength: 52, withPad: " ", startingAt: 0)
                    + String(
                        format: "median %8.3f ms   p95 %8.3f ms   p99 %8.3f ms   (goal p95 ≤ 5 ms, at row %d)",
                        samples[samples.count / 2],
                        samples[Int(Double(samples.count - 1) * 0.95)], samples[Int(Double(samples.count - 1) * 0.99)],
                        windowed.results?.selected?.steps.first ?? -1))
        }
    }

    var typing = state
    _ = typing.update(.key(.character("q")))
    var line = frame(typing, previous: nil)
    measure("keystroke: a character typed in the input", count: 2_000) {
        _ = typing.update(.key(.character("x")))
        line = frame(typing, previous: line)
        if typing.input.characters.count > 60 { typing.input.set("Book.filter(Column(\"year\") > 1900)") }
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
