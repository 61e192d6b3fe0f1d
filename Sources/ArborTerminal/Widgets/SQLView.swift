import ArborSession

/// The SQL pane: every statement of the last request with its duration.
enum SQLView {
    static func draw(_ state: SQLState, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool) {
        let count = state.statements.count
        let info = count == 0 ? "" : "y copy · Y all"
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: count == 0 ? "SQL" : "SQL \(state.selected + 1)/\(count)", info: info,
            focused: focused, separatorOnRight: false)
        guard count > 0 else {
            buffer.put(
                "the statements of the last request appear here", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1,
                style: Theme.hint)
            return
        }
        let numberWidth = String(count).count * 2 + 1
        for row in 0..<inner.height {
            let index = state.top + row
            guard state.statements.indices.contains(index) else { break }
            let statement = state.statements[index]
            let y = inner.y + row
            let number = "\(index + 1)/\(count)"
            let duration = NumberText.statementDuration(statement.duration)
            let durationWidth = TextFit.width(duration)
            buffer.put(
                String(repeating: " ", count: max(0, numberWidth - number.count)) + number, x: inner.x, y: y,
                style: Theme.hint)
            let sqlX = inner.x + numberWidth + 1
            buffer.put(
                spans: [Span(oneLine(statement.sql))], x: sqlX, y: y,
                maxWidth: max(0, inner.maxX - sqlX - durationWidth - 1))
            buffer.put(duration, x: inner.maxX - durationWidth, y: y, style: Theme.hint)
            if index == state.selected {
                Panel.highlight(&buffer, row: Rect(x: inner.x, y: y, width: inner.width, height: 1), focused: focused)
            }
        }
    }

    /// Statements on one line: runs of white space become one space.
    static func oneLine(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
