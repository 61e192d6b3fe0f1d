/// The results pane: the visible lines of the result tree, and nothing more.
enum ResultsView {
    static func draw(
        _ state: ResultsState?, info: String, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool,
        separatorOnRight: Bool, marks: WatchMarks? = nil
    ) {
        let title = state.map { $0.title.isEmpty ? "Results" : $0.title } ?? "Results"
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: title, info: info, focused: focused, separatorOnRight: separatorOnRight)
        guard let state else {
            buffer.put(
                "Type a request below and press ↵", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1,
                style: Theme.hint)
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
            let text = WatchMarkText.decorate(RowText.spans(node, limit: inner.width), path: path, marks: marks)
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
