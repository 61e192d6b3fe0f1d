/// The results pane: the visible lines of the result tree, and nothing more.
enum ResultsView {
    static func draw(
        _ state: ResultsState?, examples: [String] = [], info: String, into buffer: inout ScreenBuffer, rect: Rect,
        focused: Bool,
        separatorOnRight: Bool, marks: WatchMarks? = nil
    ) {
        let title = state.map { $0.title.isEmpty ? "Results" : $0.title } ?? "Results"
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: title, info: info, focused: focused, separatorOnRight: separatorOnRight)
        guard let state else {
            let intro =
                examples.isEmpty
                ? "Type a request below and press ↵ (this database has no tables)"
                : "Type a request below and press ↵, for example:"
            for (i, line) in ([intro] + examples.map { "  " + $0 }).prefix(inner.height).enumerated() {
                buffer.put(
                    line, x: inner.x + 1, y: inner.y + i, maxWidth: inner.width - 1, style: Theme.hint,
                    overflow: .ellipsis)
            }
            return
        }
        if state.format == .table, let table = state.table {
            TableView.draw(state, table: table, into: &buffer, inner: inner, focused: focused)
            return
        }
        let walker = state.walker
        let lines = state.visibleLines(height: inner.height)
        if lines.isEmpty {
            buffer.put("no rows", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1, style: Theme.hint)
            return
        }
        for (i, path) in lines.enumerated() {
            let y = inner.y + i
            let indent = String(repeating: "  ", count: path.depth)
            guard let node = state.source.node(at: path) else {
                // Counted but not fetched yet (a windowed source loads it meanwhile).
                buffer.put(
                    spans: [Span(indent + "  "), Span("loading…", Theme.hint)], x: inner.x, y: y, maxWidth: inner.width)
                continue
            }
            let marker = walker.isExpandable(path) ? (walker.isOpen(path) ? "▾ " : "▸ ") : "  "
            let room = inner.width - path.depth * 2 - 2
            let text = WatchMarkText.decorate(
                RowText.spans(node, width: room, inline: !walker.isOpen(path)), path: path, marks: marks)
            let spans = [Span(indent), Span(marker, Theme.marker)] + text
            buffer.put(spans: spans, x: inner.x, y: y, maxWidth: inner.width)
            if path == state.selected {
                Panel.highlight(&buffer, row: Rect(x: inner.x, y: y, width: inner.width, height: 1), focused: focused)
            }
        }
    }

    /// The x offset of a line's marker, for mouse clicks that toggle.
    static func markerRange(of path: NodePath) -> Range<Int> {
        (path.depth * 2)..<(path.depth * 2 + 2)
    }
}
