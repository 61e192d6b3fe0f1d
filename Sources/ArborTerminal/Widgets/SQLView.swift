import ArborCore
import ArborSession

/// The SQL pane: the statements the app would run for the last request, then
/// every statement that ran for it, each with its label (and its duration).
enum SQLView {
    static func draw(_ state: SQLState, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool) {
        let entries = state.entries
        let appCount = state.appStatements?.count
        var title = "SQL"
        if !entries.isEmpty {
            title += " · app " + (appCount.map(String.init) ?? "…") + " · ran " + NumberText.grouped(state.ranTotal)
        }
        let info = entries.isEmpty ? "" : "p plan · y copy · Y app's · R ran"
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: title, info: info, focused: focused, separatorOnRight: false)
        guard !entries.isEmpty else {
            buffer.put(
                "the statements of the last request appear here", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1,
                style: Theme.hint)
            return
        }
        // Labels get a column as wide as the widest one shown, within a third of the pane.
        let shown = entries.indices.filter { $0 >= state.top && $0 < state.top + inner.height }
        let labelWidth = min(
            max(8, inner.width / 3),
            shown.map { TextFit.width(TerminalText.escaped(label(of: entries[$0], in: state))) }.max() ?? 0)
        for row in 0..<inner.height {
            let index = state.top + row
            guard entries.indices.contains(index) else { break }
            let entry = entries[index]
            let y = inner.y + row
            buffer.put(label(of: entry, in: state), x: inner.x, y: y, maxWidth: labelWidth, style: Theme.hint)
            let sqlX = inner.x + labelWidth + 1
            if let statement = state.statement(entry) {
                var durationWidth = 0
                if case .ran = entry {
                    let duration = NumberText.statementDuration(statement.duration)
                    durationWidth = TextFit.width(duration)
                    buffer.put(duration, x: inner.maxX - durationWidth, y: y, style: Theme.hint)
                } else if let measure = state.measure(entry) {
                    let numbers = Self.numbers(measure)
                    durationWidth = TextFit.width(numbers)
                    buffer.put(numbers, x: inner.maxX - durationWidth, y: y, style: Theme.hint)
                    if !measure.scannedTables.isEmpty {
                        // The mark stands out: a full scan the right index would make a search.
                        buffer.put(Self.scanMark, x: inner.maxX - durationWidth, y: y, style: Theme.error)
                    }
                }
                buffer.put(
                    spans: [Span(state.line(entry) ?? "")], x: sqlX, y: y,
                    maxWidth: max(0, inner.maxX - sqlX - (durationWidth > 0 ? durationWidth + 1 : 0)))
            } else if case .appNote(let note) = entry {
                buffer.put(note, x: sqlX, y: y, maxWidth: max(0, inner.maxX - sqlX), style: Theme.hint)
            } else if case .dropped(let count) = entry {
                buffer.put(
                    "… \(NumberText.grouped(count)) earlier statements not kept", x: sqlX, y: y,
                    maxWidth: max(0, inner.maxX - sqlX), style: Theme.hint)
            }
            if index == state.selected {
                Panel.highlight(&buffer, row: Rect(x: inner.x, y: y, width: inner.width, height: 1), focused: focused)
            }
        }
    }

    static let scanMark = "scan"

    /// `12 rows · 3 ms`, and `scan · ` before it when the plan scans a table the
    /// statement filters or joins (`p` shows the plan and the index to create).
    static func numbers(_ measure: StatementMeasure) -> String {
        (measure.scannedTables.isEmpty ? "" : scanMark + " · ")
            + NumberText.grouped(measure.rows) + (measure.rows == 1 ? " row · " : " rows · ")
            + NumberText.statementDuration(measure.duration)
    }

    /// `app main`, `app prefetch books`, `ran window 2`.
    static func label(of entry: SQLState.Entry, in state: SQLState) -> String {
        switch entry {
        case .app, .appNote: "app " + (state.statement(entry)?.label ?? "")
        case .ran, .dropped: "ran " + (state.statement(entry)?.label ?? "")
        }
    }
}
