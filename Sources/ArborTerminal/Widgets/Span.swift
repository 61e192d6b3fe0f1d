import ArborCore

/// A run of text in one style: widgets build lines as spans.
public struct Span: Sendable, Equatable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension ScreenBuffer {
    /// Writes spans from (`x`, `y`) within `maxWidth` columns, ending with `…` when cut.
    @discardableResult
    public mutating func put(spans: [Span], x: Int, y: Int, maxWidth: Int) -> Int {
        guard maxWidth > 0 else { return 0 }
        let total = spans.reduce(0) { $0 + TextFit.width(TerminalText.escaped($1.text)) }
        let fits = total <= maxWidth
        let budget = fits ? maxWidth : maxWidth - 1
        var used = 0
        for span in spans {
            guard used < budget else { break }
            used += put(span.text, x: x + used, y: y, maxWidth: budget - used, style: span.style)
        }
        if !fits {
            used += put("…", x: x + used, y: y, maxWidth: 1, style: spans.last?.style ?? .plain)
        }
        return used
    }
}

/// Cuts spans into lines of at most `width` columns, for text that wraps.
enum SpanWrap {
    static func wrap(_ spans: [Span], width: Int) -> [[Span]] {
        guard width > 0 else { return [spans] }
        var lines: [[Span]] = [[]]
        var used = 0
        for span in spans {
            var current = ""
            for character in TerminalText.escaped(span.text) {
                let w = TextFit.width(of: character)
                if used + w > width {
                    if !current.isEmpty { lines[lines.count - 1].append(Span(current, span.style)) }
                    lines.append([])
                    current = ""
                    used = 0
                }
                current.append(character)
                used += w
            }
            if !current.isEmpty { lines[lines.count - 1].append(Span(current, span.style)) }
        }
        return lines
    }
}

extension SpanWrap {
    /// Cuts lines of words into lines of at most `width` columns between spans,
    /// never inside one (unless a span is wider than a line): each span is a word
    /// or the space between two. A continued line starts under its line's indent,
    /// four columns further.
    static func wrapWords(_ spans: [Span], width: Int) -> [[Span]] {
        guard width > 0 else { return [spans] }
        let indent = spans.first.map { $0.text.allSatisfy { $0 == " " } ? $0.text.count : 0 } ?? 0
        let continuation = min(indent + 4, width / 2)
        var lines: [[Span]] = [[]]
        var used = 0
        for span in spans {
            let w = TextFit.width(TerminalText.escaped(span.text))
            let isSpace = !span.text.isEmpty && span.text.allSatisfy { $0 == " " }
            if used + w > width, used > continuation || (lines.count == 1 && used > 0) {
                if isSpace { continue }
                while lines[lines.count - 1].last.map({ $0.text.allSatisfy { $0 == " " } }) == true {
                    lines[lines.count - 1].removeLast()
                }
                lines.append([Span(String(repeating: " ", count: continuation))])
                used = continuation
            }
            if used + w > width {
                // A word wider than a line: cut by characters after all.
                var piece = ""
                for character in TerminalText.escaped(span.text) {
                    let cw = TextFit.width(of: character)
                    if used + cw > width, used > 0 {
                        if !piece.isEmpty { lines[lines.count - 1].append(Span(piece, span.style)) }
                        piece = ""
                        lines.append([])
                        used = 0
                    }
                    piece.append(character)
                    used += cw
                }
                if !piece.isEmpty { lines[lines.count - 1].append(Span(piece, span.style)) }
                continue
            }
            lines[lines.count - 1].append(span)
            used += w
        }
        return lines
    }
}
