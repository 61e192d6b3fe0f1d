/// The status line: a notice or the keys of the focused pane on the left;
/// the running request (spinner, elapsed time) or the last one's counts on the right.
enum StatusLineView {
    static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    static func draw(_ state: AppState, into buffer: inout ScreenBuffer, rect: Rect) {
        buffer.fill(rect)
        var right: [Span] = []
        if let running = state.running {
            let elapsed = max(0, state.now - running.started)
            let frame = spinner[Int(elapsed * 10) % spinner.count]
            right = [
                Span(String(frame) + " ", Theme.spinner),
                Span(running.cancelling ? "cancelling… " : "running… ", Theme.spinner),
                Span(NumberText.duration(elapsed) + " · ^C to cancel", Theme.hint),
            ]
        } else if let last = state.last {
            right = [Span(summary(last, short: rect.width < 80), Theme.hint)]
        }
        if let watch = state.watch {
            right.insert(Span(watch.status + (right.isEmpty ? "" : " · "), WatchMarkText.changed), at: 0)
        }
        let rightWidth = right.reduce(0) { $0 + TextFit.width($1.text) }
        let leftRoom = max(0, rect.width - (rightWidth > 0 ? rightWidth + 2 : 0))
        let left: [Span]
        if let notice = state.notice {
            left = [Span(notice.text, notice.isError ? Theme.error : .bold)]
        } else if !state.completions.isEmpty {
            left = [Span(state.completions.joined(separator: "  "), Theme.hint)]
        } else {
            left = [Span(hints(state), Theme.hint)]
        }
        buffer.put(spans: left, x: rect.x, y: rect.y, maxWidth: leftRoom)
        if rightWidth > 0, rightWidth <= rect.width {
            buffer.put(spans: right, x: rect.maxX - rightWidth, y: rect.y, maxWidth: rightWidth)
        }
    }

    static func summary(_ last: LastRun, short: Bool = false) -> String {
        var parts = [last.rows.map(NumberText.rows) ?? "counting rows…"]
        if last.statements > 1, !short { parts.append("\(last.statements) statements") }
        parts.append(NumberText.duration(last.elapsed))
        return parts.joined(separator: " · ")
    }

    static func hints(_ state: AppState) -> String {
        if state.overlay != nil { return "↑↓ scroll · Tab next block · y copy it · Y all · Esc close" }
        if state.find != nil { return "↵ find the next line containing the text · Esc cancel" }
        if let jump = state.columnJump { return ColumnJumpText.status(jump) }
        switch state.focus {
        case .input:
            if state.input.isSelected {
                return "type to replace · → edit · ↵ run again · Esc/Tab walk the result · PgUp/PgDn scroll · F1 help"
            }
            return "F1 help · ↵ run · Tab complete · ^R history · Esc panes · ^D quit"
        case .results where state.results?.format == .table:
            return
                "←→ column · c go to one · ␣ open a count · v detail · </> width · x hide · X show all · t tree · i edit"
        case .results:
            return "␣ expand · → children · e/c all · v detail · / find · y SQL · J JSON · i edit · Tab pane"
        case .children:
            return "→ into · ← back · v detail · J JSON · q input"
        case .schema:
            return "␣ open · ↵ insert · Tab pane · q input"
        case .sql:
            return "y copy · Y the app's statements · R all that ran · ↵ full text · i edit"
        }
    }
}
