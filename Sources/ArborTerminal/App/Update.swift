import ArborCore
import ArborLanguage
import ArborSession

extension AppState {
    /// The Elm architecture's `update`: applies a message, returns the effects to
    /// run, the windows the screen now needs among them (drawing never fetches).
    public mutating func update(_ message: Message) -> [Effect] {
        let effects = apply(message)
        return effects + missingWindows()
    }

    mutating func apply(_ message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            let effects = handle(key)
            return effects + refreshLinks()
        case .mouse(let event):
            let effects = handle(event)
            return effects + refreshLinks()
        case .paste(let text):
            paste(text)
            return refreshLinks()
        case .resize(let width, let height):
            self.width = width
            self.height = height
            keepSelectionsInView()
            return []
        case .tick(let now):
            self.now = now
            return []
        case .finished(let generation, let outcomes, let environment, let elapsed):
            let before = WatchSnapshot(self)
            return finish(generation: generation, outcomes: outcomes, environment: environment, elapsed: elapsed)
                + watchFinished(generation: generation, before: before, environment: environment)
                // A new result (or `:watch`'s re-run keeping the children pane) is counted again.
                + refreshLinks()
        case .databaseChanged(let time):
            return databaseChanged(at: time)
        case .watchProblem(let message, let ended):
            return watchProblem(message, ended: ended)
        case .windowFailed(let message):
            notice = Notice(text: "error: " + message, isError: true)
            return []
        case .windowLoaded:
            // The rows of the last request may have been counted meanwhile.
            if last != nil, last?.rows == nil, let count = results?.source.rowCount { last?.rows = count }
            results?.rowsArrived()
            if let sqlLog {
                sql.refresh(from: sqlLog)
                last?.statements = sql.ranTotal
            }
            return []
        case .appStatements(let generation, let statements, let note):
            guard generation == shownGeneration else { return [] }
            sql.appStatements = statements
            if let note { sql.appNote = "the app's statements: " + note }
            return measureAppStatements()
        case .measured(let generation, let measures):
            guard generation == shownGeneration else { return [] }
            sql.measures = measures
            return []
        case .plan(let title, let text, let isError):
            if isError {
                notice = Notice(text: text, isError: true)
            } else {
                notice = nil
                overlay = Overlay(
                    title: title,
                    lines: text.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0))] })
            }
            return []
        case .counted(let table, let count):
            schema.counts[table] = count.map { .counted($0) } ?? .failed
            return []
        case .linkCounted(let request, let count):
            linkCounted(request, count)
            return []
        case .copied(let how):
            notice = Notice(text: how, isError: false)
            return []
        case .wrote(let path, let error):
            notice = Notice(
                text: error.map { "could not write \(path): \($0)" } ?? "wrote \(path)",
                isError: error != nil)
            return []
        case .terminate:
            return [.quit]
        }
    }

    /// Keys that work everywhere, then those of the overlay or the focused pane,
    /// each found in `KeyBindings`.
    mutating func handle(_ key: Key) -> [Effect] {
        // Esc typed just before a character arrives as Alt with it; where Alt means
        // nothing, it is the two keys.
        if case .alt(let c) = key,
            !(focus == .input && overlay == nil && find == nil && KeyBindings.command(for: key, in: .input) != nil)
        {
            return handle(.escape) + handle(.character(c))
        }
        if let command = KeyBindings.command(for: key, in: .everywhere) {
            switch command {
            case .cancel: return cancel()
            case .suspend: return [.suspend]
            case .redraw: return [.redraw]
            case .toggleHelp: overlay = overlay == nil ? HelpText.overlay(examples: examples) : nil
            case .toggleSchemaPane: toggleSchemaPane()
            default: break
            }
            return []
        }
        if overlay != nil { return handleOverlay(key) }
        notice = nil
        if find != nil { return handleFind(key) }
        if columnJump != nil { return handleColumnJump(key) }
        if focus == .input { return handleInput(key) }
        return handlePane(key)
    }

    /// F2: hides the schema pane, or shows it when there is room (60 columns).
    mutating func toggleSchemaPane() {
        let shown = layout.schema != nil
        schemaPane = shown ? .hidden : .shown
        if !shown, layout.schema == nil {
            notice = Notice(
                text: "no room for the schema pane below \(Layout.schemaMinimumWidth) columns", isError: false)
        }
        keepSelectionsInView()
    }

    /// Ctrl-C: interrupts the running request; never quits.
    mutating func cancel() -> [Effect] {
        if var running {
            running.cancelling = true
            self.running = running
            return [.interrupt(generation: running.generation)]
        }
        if search != nil {
            if let original = search?.original { input.set(original) }
            search = nil
        } else if focus == .input, !input.isEmpty {
            input.set("")
        } else {
            notice = Notice(text: "nothing to cancel · ^D or :quit to leave", isError: false)
        }
        return []
    }

    mutating func handleOverlay(_ key: Key) -> [Effect] {
        guard var overlay, let command = KeyBindings.command(for: key, in: .overlay) else { return [] }
        let page = max(1, layout.overlay.height - 2)
        switch command {
        case .closeOrTakeFix:
            self.overlay = nil
            // `:trace`'s report: ↵ opens the fix at the top of the view as the request.
            if let request = TraceFix.request(in: overlay, top: overlay.top, width: max(1, width - 1)) {
                input.setSelected(request)
                focus = .input
                notice = Notice(text: "the trace's fix: ↵ runs it", isError: false)
            }
            return []
        case .close:
            self.overlay = nil
            return []
        case .copyBlock: return copyOverlayBlock(overlay)
        case .copyAll: return copyOverlay(overlay)
        case .nextBlock: moveOverlayBlock(&overlay, forward: true)
        case .previousBlock: moveOverlayBlock(&overlay, forward: false)
        case .scrollUp: overlay.top -= 1
        case .scrollDown: overlay.top += 1
        case .scrollPageUp: overlay.top -= page
        case .scrollPageDown: overlay.top += page
        case .scrollTop: overlay.top = 0
        case .scrollBottom: overlay.top = Int.max / 2
        default: return []
        }
        let total = OverlayView.wrapped(overlay, width: max(1, width - 1)).count
        overlay.top = max(0, min(overlay.top, total - page))
        // Scrolling moves the selection with the view again.
        if command != .nextBlock, command != .previousBlock, overlay.top != self.overlay?.top {
            overlay.chosenBlock = nil
        }
        self.overlay = overlay
        return []
    }

    /// A request finished: show its rows, SQL and timing, or its errors.
    mutating func finish(
        generation: Int, outcomes: [Outcome], environment: Environment, elapsed: Double
    ) -> [Effect] {
        // A request replaced by a newer one: its outcome is no longer wanted.
        guard let running, running.generation == generation else { return [] }
        self.running = nil
        schema.update(environment: environment)
        // Declarations may have added associations: the reverse index is made again when needed.
        reverseAssociations = nil
        completionEnvironment = environment
        var texts: [String] = []
        var effects: [Effect] = []
        for outcome in outcomes {
            switch outcome {
            case .rows(let result):
                let source: any ResultSource =
                    if let window = result.window, readsWindows {
                        WindowedResultSource(window: window)
                    } else {
                        ArrayResultSource(result)
                    }
                results = ResultsState(source: source, title: running.text, format: resultsFormat)
                miller = nil
                links = nil
                sqlLog = result.window?.log
                shownGeneration = generation
                sql = SQLState(
                    appStatements: result.appStatements
                        ?? (result.window == nil
                            ? [CapturedStatement(sql: result.mainSQL, duration: 0, label: "main")] : nil),
                    ran: result.statements)
                if let sqlLog { sql.refresh(from: sqlLog) }
                effects += measureAppStatements()
                // A windowed result's rows may be counted after it is shown (`.windowLoaded`).
                let rows = result.window == nil ? result.rows.count : result.window?.knownRowCount
                last = LastRun(
                    rows: rows, elapsed: elapsed,
                    statements: sql.ranTotal)
                inputError = nil
                // What GRDB will silently get wrong here (`RequestPitfalls`): said at once, with the fix.
                if let warning = result.warnings.first {
                    notice = Notice(text: "warning: \(warning.message) — \(warning.fix)", isError: true)
                }
                // A decoding check's verdict: the rows that decode, or what GRDB converts silently.
                else if let verdict = result.decodingVerdict {
                    notice = Notice(text: verdict.summary, isError: verdict.isSurprising)
                }
                keepSelectionsInView()
            case .count(let count, let statement):
                showAnswer(
                    "count: \(NumberText.grouped(count))", statement: statement, label: "count", elapsed: elapsed,
                    generation: generation)
            case .boolean(let value, let statement):
                showAnswer("\(value)", statement: statement, label: "main", elapsed: elapsed, generation: generation)
            case .description(let text), .commandOutput(let text), .computed(let text, _):
                texts.append(text)
            case .silent(let what):
                // Declarations may add associations: the examples follow.
                examples = RequestExamples.of(environment)
                notice = Notice(
                    text: what == "declarations" ? "declarations read" : "\(what) defined", isError: false)
            case .failure(let errors, let text):
                if running.cancelling {
                    // The statement stays in the history (↑) but leaves the input free for the next one.
                    notice = Notice(text: "cancelled after \(NumberText.duration(elapsed))", isError: false)
                    continue
                }
                let first = errors.first.map { $0.description } ?? "failed"
                notice = Notice(
                    text: "error: " + first + (errors.count > 1 ? " (+\(errors.count - 1) more)" : ""),
                    isError: true)
                // Give the statement back, underlined and selected as after a success: the
                // first printable key replaces it, → or an editing key keeps it to fix
                // (unless another one was typed meanwhile).
                if text == running.text, input.isEmpty || (input.isSelected && input.text == text) {
                    input.setSelected(text)
                    focus = .input
                }
                inputError = InputError(text: text, errors: errors)
                // The error box takes rows from the panes.
                keepSelectionsInView()
            }
        }
        if !texts.isEmpty {
            overlay = Overlay(
                title: running.text,
                lines: texts.joined(separator: "\n").split(
                    separator: "\n", omittingEmptySubsequences: false
                ).map {
                    [Span(String($0))]
                })
        }
        return effects
    }

    /// The app's statements of the shown result, once known, are run once each in
    /// the background for the SQL pane's durations, row counts and scan marks.
    func measureAppStatements() -> [Effect] {
        guard let statements = sql.appStatements, !statements.isEmpty, let shownGeneration else { return [] }
        return [.measure(generation: shownGeneration, statements: statements.map(\.sql))]
    }

    /// After a resize or a new result: selections stay on screen.
    mutating func keepSelectionsInView() {
        let layout = self.layout
        let resultsHeight = self.resultsHeight
        results?.scrollIntoView(height: resultsHeight)
        schema.fit(height: layout.contentHeight(of: .schema))
        sql.move(by: 0, height: layout.contentHeight(of: .sql))
        if let source = results?.source, let node = miller?.current?.node {
            let count = childListing(source, node).count
            miller?.move(by: 0, count: count, height: layout.contentHeight(of: .children))
        }
        if layout.rect(of: focus) == nil, focus != .input {
            focus = layout.rect(of: .results) != nil ? .results : .input
        }
    }
}

extension AppState {
    /// A request whose answer is one value (`fetchCount`, `exists`): the answer in the
    /// notice, the statement GRDB ran in the SQL pane.
    mutating func showAnswer(
        _ answer: String, statement: String, label: String, elapsed: Double, generation: Int
    ) {
        sqlLog = nil
        shownGeneration = generation
        sql = SQLState(
            appStatements: [CapturedStatement(sql: statement, duration: 0, label: "main")],
            ran: [CapturedStatement(sql: statement, duration: elapsed, label: label)])
        notice = Notice(text: answer, isError: false)
    }
}
