/// The results as a table: a header of column titles, then a root row a line,
/// values aligned (numbers to the right) and cut to their column with their size.
enum TableView {
    static func draw(
        _ state: ResultsState, table: TableLayout, into buffer: inout ScreenBuffer, inner: Rect, focused: Bool
    ) {
        let visible = table.visibleColumns
        guard inner.width > 0, inner.height > 0 else { return }
        guard !visible.isEmpty else {
            // No row to measure yet: asking for the lines loads the first window.
            let waiting = !state.visibleLines(height: inner.height - 1).isEmpty
            buffer.put(
                waiting ? "loading…" : "no rows", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1,
                style: Theme.hint)
            return
        }
        let separator = TableLayout.separator
        // The columns drawn: from `left`, those that fit (the first one cut to the pane if wider).
        var drawn: [(index: Int, x: Int, width: Int)] = []
        var x = inner.x + 1
        let left = max(0, min(table.left, visible.count - 1))
        for i in left..<visible.count {
            let room = inner.maxX - x
            let width = drawn.isEmpty ? min(visible[i].width, room) : visible[i].width
            if width > room || width < 1 { break }
            drawn.append((i, x, width))
            x += width + separator.count
        }
        let more = (drawn.last?.index ?? visible.count - 1) < visible.count - 1
        let header = inner.y
        for column in drawn {
            let title = RowText.cut(visible[column.index].title, columns: column.width)
            let style =
                column.index == table.selected && focused ? Style(bold: true, underline: true) : Style(bold: true)
            // Numbers are aligned to the right, and so are their titles.
            let pad = visible[column.index].isNumeric ? column.width - TextFit.width(title) : 0
            buffer.put(title, x: column.x + pad, y: header, maxWidth: column.width - pad, style: style)
            if column.x + column.width + 1 < inner.maxX, column.index != drawn.last?.index {
                buffer.put("│", x: column.x + column.width + 1, y: header, style: Theme.rule)
            }
        }
        if left > 0 { buffer.put("‹", x: inner.x, y: header, style: Theme.hint) }
        if more { buffer.put("›", x: inner.maxX - 1, y: header, style: Theme.hint) }
        let lines = state.visibleLines(height: inner.height - 1)
        if lines.isEmpty {
            buffer.put("no rows", x: inner.x + 1, y: header + 1, maxWidth: inner.width - 1, style: Theme.hint)
            return
        }
        for (i, path) in lines.enumerated() {
            let y = header + 1 + i
            guard let row = state.source.node(at: path)?.row else {
                buffer.put("loading…", x: inner.x + 1, y: y, maxWidth: inner.width - 1, style: Theme.hint)
                continue
            }
            for column in drawn {
                let spec = visible[column.index]
                let cell = TableLayout.cell(row, spec.place)
                let text = TableLayout.fitted(cell, width: column.width)
                let pad = spec.isNumeric ? column.width - TextFit.width(text) : 0
                buffer.put(text, x: column.x + pad, y: y, maxWidth: column.width - pad, style: cell.style)
                if column.index != drawn.last?.index, column.x + column.width + 1 < inner.maxX {
                    buffer.put("│", x: column.x + column.width + 1, y: y, style: Theme.rule)
                }
            }
            if path == state.selected {
                let rowRect = Rect(x: inner.x, y: y, width: inner.width, height: 1)
                Panel.highlight(&buffer, row: rowRect, focused: focused)
                if focused, let column = drawn.first(where: { $0.index == table.selected }) {
                    buffer.restyle(Rect(x: column.x, y: y, width: column.width, height: 1)) { $0.underline = true }
                }
            }
        }
    }
}
