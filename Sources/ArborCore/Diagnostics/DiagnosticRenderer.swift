/// Renders an error under the text it is about: the line of input, and a caret
/// line that underlines the offending range.
///
///     error: table `book` has no column `titl`
///       Book.filter(Column("titl") == "x")
///                          ^~~~~~
///       did you mean `title`?
///
/// However long the input (a 1 MB statement on one line), the rendering stays
/// short: the line is shown from a little before the range to a little after
/// it, and the message and the underline are cut, each cut marked with `…`.
public enum DiagnosticRenderer {
    /// Bytes of the line shown before the range, of the range, and after it.
    static let before = 60
    static let rangeShown = 120
    static let after = 40
    /// Characters of a message or suggestion shown.
    static let messageShown = 500

    public static func render(_ error: ArborError, in text: String) -> String {
        render(error, bytes: error.range == nil ? [] : Array(text.utf8))
    }

    /// The text as bytes, made once by a caller that renders many errors of one text.
    /// `before` and `after`: bytes of the line shown around the range (the terminal's
    /// error box, which wraps, shows a statement's line whole).
    public static func render(
        _ error: ArborError, bytes: [UInt8], before: Int? = nil, after: Int? = nil
    ) -> String {
        "error: " + body(error, bytes: bytes, before: before, after: after)
    }

    /// The rendering without its `error: ` heading: the message, the line and its underline,
    /// the suggestion (a note of a load says `note:` before it). `heading` is written first
    /// (`file:3:5: note: `), escaped by the caller.
    public static func body(
        _ error: ArborError, bytes: [UInt8], before: Int? = nil, after: Int? = nil, heading: String = ""
    ) -> String {
        var text: [UInt8] = []
        text.append(contentsOf: heading.utf8)
        appendBody(error, bytes: bytes, before: before, after: after, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `body` appended to `text` (after a heading the caller wrote): a load's notes, 20,000 of
    /// them, are written into one buffer with no string made for each.
    public static func appendBody(
        _ error: ArborError, bytes: [UInt8], before: Int? = nil, after: Int? = nil, to text: inout [UInt8]
    ) {
        let before = before ?? Self.before
        let after = after ?? Self.after
        text.append(utf8Of: TerminalText.escaped(cut(error.message)))
        if let range = error.range {
            let lower = min(max(0, range.lowerBound), bytes.count)
            let upper = min(max(lower, range.upperBound), bytes.count)
            // The line's ends looked for only a little past what the window may show (back to a
            // character's first byte, then one more): a long line (minified code) is not read
            // end to end for each of its notes. Beyond that, the line is cut with `…` all the same.
            let floor = max(0, lower - before - 4)
            let ceiling = min(bytes.count, lower + rangeShown + after + 1)
            let (lineStart, lineEnd) = lineEnds(bytes, around: lower, floor: floor, ceiling: ceiling)
            // The window of the line around the range, on whole characters.
            let shownStart = boundary(bytes, max(lineStart, lower - before), lineStart)
            let shownUpper = boundary(bytes, min(min(upper, lineEnd), lower + rangeShown), lower)
            let shownEnd = boundary(bytes, min(lineEnd, shownUpper + after), shownUpper)
            let head = shownStart > lineStart ? "…" : ""
            let tail = shownEnd < lineEnd ? "…" : ""
            let column: Int
            let width: Int
            text.append(utf8Of: "\n  ")
            text.append(utf8Of: head)
            let isPrintable = bytes.withUnsafeBufferPointer {
                TerminalText.isPrintableASCII(UnsafeBufferPointer(rebasing: $0[shownStart..<shownEnd]))
            }
            if isPrintable {
                // Printable ASCII, as most lines of code are: nothing escaped, a column a byte.
                column = (head.isEmpty ? 0 : ellipsisWidth) + (lower - shownStart)
                width = max(1, shownUpper - lower)
                text.append(contentsOf: bytes[shownStart..<shownEnd])
            } else {
                let prefix = head + String(decoding: bytes[shownStart..<lower], as: UTF8.self)
                let underlined = String(decoding: bytes[lower..<shownUpper], as: UTF8.self)
                column = TerminalText.width(TerminalText.escaped(prefix))
                width = max(1, TerminalText.width(TerminalText.escaped(underlined)))
                let line = String(decoding: bytes[shownStart..<shownEnd], as: UTF8.self)
                text.append(utf8Of: TerminalText.escaped(line))
            }
            text.append(utf8Of: tail)
            text.append(UInt8(ascii: "\n"))
            appendCaret(to: &text, column: 2 + column, width: width)
        }
        if let suggestion = error.suggestion {
            text.append(utf8Of: "\n  ")
            text.append(utf8Of: TerminalText.escaped(cut(suggestion)))
        }
    }

    /// Where the line holding `offset` starts and ends (its line break excluded), looked for
    /// no further back than `floor` and no further on than `ceiling`: read through a pointer,
    /// for each of a load's 20,000 notes.
    static func lineEnds(_ bytes: [UInt8], around offset: Int, floor: Int, ceiling: Int) -> (Int, Int) {
        bytes.withUnsafeBufferPointer { bytes in
            var start = offset
            while start > floor && bytes[start - 1] != 0x0A { start -= 1 }
            var end = offset
            while end < ceiling && bytes[end] != 0x0A { end += 1 }
            return (start, end)
        }
    }

    /// The columns of the `…` that marks a line cut before the range.
    static let ellipsisWidth = TerminalText.width("…")

    /// `   ^~~~`, appended to `bytes`: `column` spaces, then the underline `width` columns wide.
    static func appendCaret(to bytes: inout [UInt8], column: Int, width: Int) {
        bytes.append(UInt8(ascii: " "), count: column)
        bytes.append(UInt8(ascii: "^"))
        bytes.append(UInt8(ascii: "~"), count: width - 1)
    }

    /// `offset` moved back (not below `floor`) to the start of a UTF-8 sequence.
    static func boundary(_ bytes: [UInt8], _ offset: Int, _ floor: Int) -> Int {
        var offset = offset
        while offset > floor, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    static func cut(_ message: String) -> String {
        guard message.utf8.count > messageShown else { return message }
        return String(message.prefix(messageShown)) + "…"
    }
}
