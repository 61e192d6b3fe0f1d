/// Renders an error under the text it is about: the line of input, and a caret
/// line that underlines the offending range.
///
///     error: table `book` has no column `titl`
///       Book.filter(Column("titl") == "x")
///                          ^~~~~~
///       did you mean `title`?
public enum DiagnosticRenderer {
    public static func render(_ error: ArborError, in text: String) -> String {
        var lines = ["error: " + TerminalText.escaped(error.message)]
        if let range = error.range {
            let bytes = Array(text.utf8)
            let lower = min(max(0, range.lowerBound), bytes.count)
            let upper = min(max(lower, range.upperBound), bytes.count)
            var lineStart = lower
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var lineEnd = lower
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            let prefix = String(decoding: bytes[lineStart..<lower], as: UTF8.self)
            let underlined = String(decoding: bytes[lower..<min(upper, lineEnd)], as: UTF8.self)
            let column = TerminalText.width(TerminalText.escaped(prefix))
            let width = max(1, TerminalText.width(TerminalText.escaped(underlined)))
            lines.append("  " + TerminalText.escaped(line))
            lines.append("  " + String(repeating: " ", count: column) + "^" + String(repeating: "~", count: width - 1))
        }
        if let suggestion = error.suggestion { lines.append("  " + TerminalText.escaped(suggestion)) }
        return lines.joined(separator: "\n")
    }
}
