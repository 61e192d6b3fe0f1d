import ArborCore
import GRDB

/// How nodes of the result tree read on one line.
enum RowText {
    /// Values are cut at this many columns so that later columns stay in view.
    static let valueColumns = 40

    /// `id:1  name:"Herman Melville"  …`, stopping once about `limit` characters
    /// are made (a line is drawn no wider than its pane).
    static func columns(_ row: ResultRow, limit: Int = .max) -> [Span] {
        var spans: [Span] = []
        var length = 0
        for (i, (name, value)) in zip(row.names, row.values).enumerated() {
            if length > limit { break }
            if i > 0 { spans.append(Span("  ")) }
            spans.append(Span(name + ":", Theme.columnName))
            let text = cell(value, fullSize: row.cutSizes[i])
            spans.append(Span(text, Theme.value(value)))
            length += name.count + text.count + 3
        }
        return spans
    }

    /// A value cut to `valueColumns`, keeping the size of a long one: `"xxx…" (100 MB)`.
    static func cell(_ value: DatabaseValue, fullSize: Int?) -> String {
        let (text, note) = ValueText.quotedParts(value, fullSize: fullSize)
        return TextFit.truncated(TerminalText.escaped(text), columns: max(1, valueColumns - note.count)) + note
    }

    /// One line of the tree for a node (without indent or marker).
    static func spans(_ node: ResultNode, limit: Int = .max) -> [Span] {
        switch node {
        case .row(let table, let row):
            return [Span(table, Theme.table), Span("  ")] + columns(row, limit: limit)
        case .toOne(let key, _, let row?):
            return [Span(key, Theme.key), Span("  ")] + columns(row, limit: limit)
        case .toOne(let key, _, nil):
            return [Span(key, Theme.key), Span("  "), Span("nil", Theme.null)]
        case .toMany(let key, _, let count, let total):
            // Truncation is never silent: "50 of 1,204 rows".
            if let count, let total, total > count {
                return [
                    Span(key, Theme.key), Span("  "),
                    Span(
                        "\(NumberText.grouped(count)) of \(NumberText.grouped(total)) rows — ↵ for more",
                        Theme.count),
                ]
            }
            return [
                Span(key, Theme.key), Span("  "),
                Span(count.map(NumberText.rows) ?? "… rows", Theme.count),
            ]
        }
    }

    /// A short name for a node in a breadcrumb: `author 1`, `books`.
    static func crumb(_ node: ResultNode) -> String {
        switch node {
        case .row(let table, let row):
            return row.columns.first.map { "\(table) \(ValueText.plain($0.value, maxLength: 20))" }
                ?? table
        case .toOne(let key, _, _), .toMany(let key, _, _, _):
            return key
        }
    }

    /// The detail view of a node: every column with its full value.
    static func detail(_ node: ResultNode) -> [[Span]] {
        guard let row = node.row else { return [spans(node)] }
        var lines: [[Span]] = []
        for (i, column) in row.columns.enumerated() {
            lines.append(
                [Span(column.name, Theme.key), Span(": ", Theme.columnName)]
                    + fullValue(column.value, fullSize: row.cutSizes[i]))
        }
        for child in row.children {
            switch child.value {
            case .toOne(let row?): lines.append([Span(child.key, Theme.key), Span(": ")] + columns(row))
            case .toOne(nil):
                lines.append([Span(child.key, Theme.key), Span(": "), Span("nil", Theme.null)])
            case .toMany(let rows):
                lines.append([
                    Span(child.key, Theme.key), Span(": "),
                    Span(NumberText.rows(rows.count), Theme.count),
                ])
            }
        }
        return lines
    }

    /// A value as the detail view shows it; one read cut (`ValueCut`) says so.
    static func fullValue(_ value: DatabaseValue, fullSize: Int? = nil) -> [Span] {
        switch value.storage {
        case .blob(let data):
            let hex = data.prefix(1024).map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            let size = fullSize ?? data.count
            return [
                Span("<\(size) bytes> ", Theme.blob),
                Span(hex + (size > 1024 ? " …" : ""), Theme.blob),
            ]
        default:
            let text = ValueText.quoted(value, maxLength: Int.max, fullSize: fullSize)
            var spans = [Span(TerminalText.escaped(text), Theme.value(value))]
            if let fullSize, case .string(let kept) = value.storage {
                let shown = ValueText.byteCount(kept.utf8.count)
                spans.append(
                    Span(" — cut: the first \(shown) of \(ValueText.byteCount(fullSize)) are shown", Theme.count))
            }
            return spans
        }
    }
}
