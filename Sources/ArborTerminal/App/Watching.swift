import ArborCore
import ArborLanguage
import ArborSession

/// `:watch`: the request on screen runs again each time another process
/// commits to the database; the tree keeps its expansion and cursor, and what
/// changed is marked until the next change.
public struct WatchState: Sendable, Equatable {
    /// When the last change came (the wall clock, `12:03:04`), nil before the first.
    public var lastChange: String?
    /// A change came while a request ran: run again once it is done.
    public var pending = false
    /// The run that a change started, whose result is compared with the one before.
    public var rerunGeneration: Int?
    public var marks = WatchMarks()

    public init() {}

    /// For the status line: `watching · changed 12:03:04 · +1 −1 ~2`.
    public var status: String {
        guard let lastChange else { return "watching" }
        return "watching · changed \(lastChange) · \(marks.summary)"
    }
}

/// What a re-run must not lose: taken before `finish` replaces the result.
struct WatchSnapshot {
    var results: ResultsState?
    var miller: MillerState?
    var focus: Focus
    var input: LineEditor
    var inputError: InputError?

    init(_ state: AppState) {
        inputError = state.inputError
        results = state.results
        miller = state.miller
        focus = state.focus
        input = state.input
    }
}

extension AppState {
    /// `:watch` turns watching on or off.
    mutating func toggleWatch() -> [Effect] {
        if watch != nil {
            watch = nil
            notice = Notice(text: "stopped watching", isError: false)
            return [.watch(false)]
        }
        watch = WatchState()
        notice = Notice(
            text: "watching: the request on screen runs again after each commit by another process · :watch to stop",
            isError: false)
        return [.watch(true)]
    }

    /// Another process committed: run the request on screen again, or once the
    /// running one is done (changes meanwhile are one change).
    mutating func databaseChanged(at time: String) -> [Effect] {
        guard var watch else { return [] }
        watch.lastChange = time
        self.watch = watch
        if running != nil {
            self.watch?.pending = true
            return []
        }
        return rerunForWatch()
    }

    /// The watch could not start or cannot go on (`ended`), or has something to say.
    mutating func watchProblem(_ message: String, ended: Bool) -> [Effect] {
        if ended { watch = nil }
        notice = Notice(text: message, isError: true)
        return []
    }

    mutating func rerunForWatch() -> [Effect] {
        guard watch != nil, let text = results?.title, !text.isEmpty else { return [] }
        generation += 1
        running = Running(generation: generation, text: text, started: now)
        watch?.rerunGeneration = generation
        watch?.pending = false
        return [.run(text: text, generation: generation)]
    }

    /// After `finish`: a re-run keeps the rows open and selected where they went,
    /// and marks what changed; a change that came meanwhile runs again.
    mutating func watchFinished(generation: Int, before snapshot: WatchSnapshot, environment: Environment) -> [Effect] {
        guard var watch else { return [] }
        if watch.rerunGeneration == generation {
            watch.rerunGeneration = nil
            // A re-run is not the user's: whether it worked or failed (a lock, said in
            // the status line), what they typed, its errors and the focus stay.
            input = snapshot.input
            inputError = snapshot.inputError
            focus = snapshot.focus
            if let before = snapshot.results, var after = results, after.title == before.title {
                let schema = environment.schema
                let (marks, move) = WatchMarks.compare(
                    old: before.source, new: after.source,
                    primaryKey: { schema.table(named: $0)?.primaryKey ?? [] })
                // A run that finds nothing new (the commit was already shown) keeps the marks.
                if !marks.isEmpty { watch.marks = marks }
                after.expanded = Set(before.expanded.compactMap(move))
                if let selected = before.selected {
                    after.selected =
                        move(selected) ?? (after.source.node(at: selected) != nil ? selected : after.selected)
                }
                // What the request returns now shows: a view from the first line stays
                // there (new rows that sort first are seen), else the cursor keeps its
                // place on screen; the pane stays full.
                let height = resultsHeight
                // A selection out of view: the top line stays on its row.
                if let top = before.top { after.top = move(top) ?? after.top }
                after.placeTop(
                    offset: before.selectionOffset(height: height), atStart: before.isAtStart, height: height)
                results = after
                // The children pane stays open on the same rows, as far as they are still there.
                if var miller = snapshot.miller {
                    miller.levels = Array(
                        miller.levels.prefix { move($0.node) != nil }.map { level in
                            var level = level
                            level.node = move(level.node) ?? level.node
                            return level
                        })
                    self.miller = miller.levels.isEmpty ? nil : miller
                    if self.miller == nil, focus == .children { focus = .results }
                }
                keepSelectionsInView()
            }
        } else if running == nil {
            // A request typed meanwhile: marks belong to the result they were made for.
            watch.marks = WatchMarks()
        }
        self.watch = watch
        if watch.pending, running == nil { return rerunForWatch() }
        return []
    }
}
