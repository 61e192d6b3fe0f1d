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
