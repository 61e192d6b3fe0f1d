/// How `:watch` marks a line of the result tree until the next change: `+` before
/// an added row, `~` before a row whose values changed (the values underlined),
/// `−N removed` after a list that lost rows. The signs read without colour too.
enum WatchMarkText {
    static let added = Style(foreground: .green, bold: true)
    static let changed = Style(foreground: .yellow, bold: true)
    static let changedValue = Style(foreground: .yellow, bold: true, underline: true)
    static let removed = Style(foreground: .red, bold: true)

    /// The spans of a row's text (`RowText.spans`) with the marks of `path`.
    static func decorate(_ spans: [Span], path: NodePath, marks: WatchMarks?) -> [Span] {
        guard let marks, !marks.isEmpty else { return spans }
        if marks.added.contains(path) { return [Span("+ ", added)] + spans }
        var result = spans
        if let columns = marks.changed[path] {
            // A value follows its `name:` span (`RowText.columns`).
            var underlineNext = false
            for i in result.indices {
                if underlineNext {
                    result[i].style = changedValue
                    underlineNext = false
                } else if result[i].style == Theme.columnName, result[i].text.hasSuffix(":"),
                    columns.contains(String(result[i].text.dropLast()))
                {
                    underlineNext = true
                }
            }
            result.insert(Span("~ ", changed), at: 0)
        }
        if let count = marks.removed[path] {
            result.append(Span("  −\(count) removed", removed))
        }
        return result
    }
}
