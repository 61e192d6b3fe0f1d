import ArborCore

/// The input line: the prompt, the statement coloured by token with its
/// errors underlined, scrolled so that the cursor stays in view. Returns
/// where the terminal cursor goes.
enum InputLineView {
    static let prompt = "arbor> "

    static func draw(_ state: AppState, into buffer: inout ScreenBuffer, rect: Rect) -> (x: Int, y: Int) {
        buffer.fill(rect)
        if let search = state.search {
            let match = search.match.map { state.history.entries[$0] } ?? ""
            let head = "(reverse-i-search)'\(search.query)': "
            let used = buffer.put(head, x: rect.x, y: rect.y, maxWidth: rect.width, style: Theme.prompt)
            buffer.put(spans: [Span(match)], x: rect.x + used, y: rect.y, maxWidth: rect.width - used)
            return (min(rect.maxX - 1, rect.x + TextFit.width(TerminalText.escaped(head)) - 3), rect.y)
        }
        if let find = state.find {
            let used = buffer.put("find: ", x: rect.x, y: rect.y, style: Theme.prompt)
            buffer.put(find.query.text, x: rect.x + used, y: rect.y, maxWidth: rect.width - used)
            let column = TextFit.width(TerminalText.escaped(String(find.query.characters.prefix(find.query.cursor))))
            return (min(rect.maxX - 1, rect.x + used + column), rect.y)
        }
        let promptWidth = buffer.put(
            prompt, x: rect.x, y: rect.y, style: state.focus == .input ? Theme.prompt : Theme.hint)
        let characters = state.input.characters
        var styles = SyntaxHighlighter.styles(state.input.text)
        if let error = state.inputError, error.text == state.input.text {
            underline(error.errors, in: characters, styles: &styles)
        }
        if state.input.isSelected {
            // The request just run, selected: typing replaces it.
            for i in styles.indices { styles[i].reverse = true }
        }
        // Columns of each character as shown (control characters escaped).
        let widths = characters.map { TextFit.width(TerminalText.escaped(String($0))) }
        let room = max(1, rect.width - promptWidth - 1)
        var start = 0
        // A selected request shows from its start (the cursor after what fits).
        let shownCursor = state.input.isSelected ? 0 : state.input.cursor
        var cursorColumn = widths.prefix(shownCursor).reduce(0, +)
        while cursorColumn >= room, start < characters.count {
            cursorColumn -= widths[start]
            start += 1
        }
        var x = rect.x + promptWidth
        for i in start..<characters.count {
            guard x + widths[i] <= rect.maxX else { break }
            x += buffer.put(String(characters[i]), x: x, y: rect.y, maxWidth: rect.maxX - x, style: styles[i])
        }
        if let error = state.inputError, error.text == state.input.text,
            let range = error.errors.first?.range, range.isEmpty, range.lowerBound >= error.text.utf8.count
        {
            // An error at the end of the input ("expected `)`"): mark the place after it.
            buffer.put("␣", x: x, y: rect.y, maxWidth: rect.maxX - x, style: Theme.error.with(underline: true))
        }
        if state.input.isSelected { return (min(rect.maxX - 1, x), rect.y) }
        return (min(rect.maxX - 1, rect.x + promptWidth + cursorColumn), rect.y)
    }

    /// Underlines the characters the errors' ranges (UTF-8 offsets) cover; an
    /// empty range underlines the character at its place.
    static func underline(_ errors: [ArborError], in characters: [Character], styles: inout [Style]) {
        var offsets: [Int] = []
        var offset = 0
        for c in characters {
            offsets.append(offset)
            offset += c.utf8.count
        }
        for error in errors {
            guard let range = error.range else { continue }
            for (i, start) in offsets.enumerated() {
                let end = start + characters[i].utf8.count
                let covered =
                    range.isEmpty ? (start == range.lowerBound) : (start < range.upperBound && end > range.lowerBound)
                if covered {
                    styles[i].underline = true
                    styles[i].foreground = .red
                }
            }
        }
    }
}
