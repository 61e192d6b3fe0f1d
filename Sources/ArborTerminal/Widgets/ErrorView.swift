import ArborCore

/// The errors of the last statement, whole, in a box between the panes and the
/// input: each message wrapped at its words, the line of input with its caret
/// under the place (both cut into the same columns, so the caret stays under
/// its text), and the hint. What `E` copies is the same text, unwrapped.
enum ErrorView {
    /// At most this many errors are drawn; the others are counted.
    static let shownErrors = 5
    /// Bytes of the statement's line shown around the error: a line typed at a
    /// terminal shows whole (a pasted megabyte stays bounded).
    static let context = 4_000

    static func render(_ error: ArborError, bytes: [UInt8]) -> String {
        DiagnosticRenderer.render(error, bytes: bytes, before: context, after: context)
    }

    /// The errors as text, as the command line prints them (what `E` copies).
    static func text(_ error: InputError) -> String {
        let bytes = Array(error.text.utf8)
        return error.errors.map { render($0, bytes: bytes) }.joined(separator: "\n")
    }

    /// The lines of the box's inside, `width` columns wide.
    static func lines(_ error: InputError, width: Int) -> [[Span]] {
        let width = max(4, width)
        let bytes = Array(error.text.utf8)
        var lines: [[Span]] = []
        for item in error.errors.prefix(shownErrors) {
            let rendered = render(item, bytes: bytes).split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init)
            guard let message = rendered.first else { continue }
            lines += SpanWrap.wrapWords(words(message, Theme.error), width: width)
            var rest = rendered.dropFirst()
            if item.range != nil, rest.count >= 2 {
                let source = rest.removeFirst()
                let caret = rest.removeFirst()
                lines += sourceAndCaret(source, caret, width: width)
            }
            for hint in rest { lines += SpanWrap.wrapWords(words(hint, Theme.hint), width: width) }
        }
        if error.errors.count > shownErrors {
            lines.append([Span("(+\(error.errors.count - shownErrors) more)", Theme.hint)])
        }
        return lines
    }

    /// `text` as spans of words and of the spaces between them, for `wrapWords`.
    static func words(_ text: String, _ style: Style) -> [Span] {
        var spans: [Span] = []
        var current = ""
        var inSpace: Bool?
        for character in text {
            let isSpace = character == " "
            if let inSpace, inSpace != isSpace {
                spans.append(Span(current, style))
                current = ""
            }
            inSpace = isSpace
            current.append(character)
        }
        if !current.isEmpty { spans.append(Span(current, style)) }
        return spans
    }

    /// The line of input and its caret line (both indented two columns), cut into
    /// pieces of the same columns; a caret piece with nothing under the text is left out.
    static func sourceAndCaret(_ source: String, _ caret: String, width: Int) -> [[Span]] {
        let indent = "  "
        let room = max(1, width - indent.count)
        let sourceText = String(source.dropFirst(indent.count))
        let caretText = String(caret.dropFirst(indent.count))
        let sourcePieces = columnPieces(sourceText, width: room)
        let caretPieces = columnPieces(caretText, width: room)
        var lines: [[Span]] = []
        for i in 0..<max(sourcePieces.count, caretPieces.count) {
            if i < sourcePieces.count { lines.append([Span(indent), Span(sourcePieces[i])]) }
            if i < caretPieces.count, caretPieces[i].contains(where: { $0 != " " }) {
                lines.append([Span(indent), Span(caretPieces[i], Theme.error)])
            }
        }
        return lines
    }

    /// `text` (escaped already) cut every `width` columns, at whole characters.
    static func columnPieces(_ text: String, width: Int) -> [String] {
        var pieces = [""]
        var used = 0
        for character in text {
            let w = TextFit.width(of: character)
            if used + w > width, used > 0 {
                pieces.append("")
                used = 0
            }
            pieces[pieces.count - 1].append(character)
            used += w
        }
        return pieces
    }

    /// The box's height for `width` columns: its title and lines, at most a third of the screen.
    static func height(_ error: InputError, width: Int, screenHeight: Int) -> Int {
        let wanted = 1 + lines(error, width: width - 1).count
        return min(wanted, max(2, (screenHeight - 2) / 3))
    }

    static func draw(_ error: InputError, into buffer: inout ScreenBuffer, rect: Rect) {
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: error.errors.count == 1 ? "Error" : "\(error.errors.count) errors",
            info: "E in a pane copies", focused: false, separatorOnRight: false)
        let lines = lines(error, width: inner.width - 1)
        for (row, line) in lines.prefix(inner.height).enumerated() {
            buffer.put(spans: line, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 1)
        }
        if lines.count > inner.height, inner.height > 0 {
            // Cut by the screen: the copy holds everything.
            buffer.put(
                "… E copies all", x: max(inner.x + 1, inner.maxX - 15), y: inner.maxY - 1, maxWidth: 15,
                style: Theme.hint)
        }
    }
}
