import ArborCore
import GRDB

/// How nodes of the result tree read on one line.
///
/// The cutting rules: a line never runs wider than its pane. When every column
/// fits with values of `shareFloor` columns or more, values share the width (the
/// longest cut first). Otherwise the first columns show, each value at most a
/// third of the line, the last one cut to no less than `minimumValue` columns,
/// and a lone `…` says that more columns follow. A value is never cut to a stub
/// nor followed by a second `…`.
enum RowText {
    /// A value cut for the width keeps at least this many columns (its `…` included).
    static let minimumValue = 8
    /// When every column fits only with values cut shorter than this, the first
    /// columns are shown whole instead, and the others give way to `…`.
    static let shareFloor = 16

    /// One column of a row as drawn: `name:value`; or a to-one include on its
    /// parent's line, `author(id:1, name:"…")`, its value made of `parts`.
    struct Column {
        var name: String
        var text: String
        /// ` (100 MB)`: the size of a value cut when it was read.
        var note: String
        var style: Style
        var nameStyle = Theme.columnName
        /// Between the name and the value: nothing before an include's `(…)`.
        var separator = ":"
        /// An include's value as spans (`text` is their text), cut as a whole.
        var parts: [Span]? = nil

        var nameWidth: Int { TextFit.width(name) + TextFit.width(separator) }
        var valueWidth: Int { TextFit.width(text) + TextFit.width(note) }

        /// The name and the value in at most `columns` columns for the value.
        func spans(columns: Int) -> [Span] {
            let value = parts.map { RowText.clipped($0, columns) } ?? [Span(value(columns: columns), style)]
            return [Span(name + separator, nameStyle)] + value
        }

        /// The value in at most `columns` columns: cut text ends with `…`, and keeps
        /// its size note when there is room for both.
        func value(columns: Int) -> String {
            if valueWidth <= columns { return text + note }
            let noteWidth = TextFit.width(note)
            if !note.isEmpty, columns - noteWidth >= 4 {
                return RowText.cut(text, columns: columns - noteWidth) + note
            }
            return RowText.cut(text, columns: columns)
        }
    }

    /// `text` in at most `columns` columns, ending with one `…` when cut (a text
    /// that ends with `…` already, as read-cut values do, is not given a second one).
    static func cut(_ text: String, columns: Int) -> String {
        guard columns > 0 else { return "" }
        if TextFit.width(text) <= columns { return text }
        var kept = TextFit.prefix(text, columns: columns - 1)
        while kept.hasSuffix("…") || kept.hasSuffix(" ") { kept.removeLast() }
        return kept + "…"
    }

    /// The base columns in the row's order.
    static func drawnColumns(_ row: ResultRow) -> [Column] {
        zip(row.names, row.values).enumerated().map { i, pair in
            let (text, note) = ValueText.shownQuotedParts(pair.1, fullSize: row.cutSizes[i])
            return Column(
                name: TerminalText.escaped(pair.0), text: TerminalText.escaped(text), note: note,
                style: Theme.value(pair.1))
        }
    }

    /// The columns of a row's summary line: what the request asked for first — its
    /// annotations, then (with `includes`) its to-one includes — and then the plain
    /// columns, so that a wide row still shows them.
    static func summaryColumns(_ row: ResultRow, includes: Bool) -> [Column] {
        let drawn = drawnColumns(row)
        let annotations = row.annotationIndexes
        var columns = Array(drawn[annotations])
        if includes { columns += includeColumns(row) }
        return columns + drawn[..<annotations.lowerBound]
    }

    /// Each to-one include as one column: `author(id:54, name:"Herman Melville")`,
    /// `author:nil`.
    static func includeColumns(_ row: ResultRow) -> [Column] {
        row.children.compactMap { child -> Column? in
            guard case .toOne(let included) = child.value else { return nil }
            let key = TerminalText.escaped(child.key)
            guard let included else {
                return Column(name: key, text: "nil", note: "", style: Theme.null, nameStyle: Theme.key)
            }
            var parts = [Span("(")]
            for (i, column) in summaryColumns(included, includes: false).enumerated() {
                if i > 0 { parts.append(Span(", ")) }
                parts.append(Span(column.name + ":", Theme.columnName))
                parts.append(Span(column.text + column.note, column.style))
            }
            parts.append(Span(")"))
            return Column(
                name: key, text: parts.map(\.text).joined(), note: "", style: .plain, nameStyle: Theme.key,
                separator: "", parts: parts)
        }
    }

    /// `id:1  name:"Herman Melville"  …` in at most `width` columns (see the cutting
    /// rules), annotations first.
    static func columns(_ row: ResultRow, width: Int = .max) -> [Span] {
        fit(summaryColumns(row, includes: false), width: width)
    }

    /// Lays columns out in `width` columns: all of them, values cut as little as
    /// possible; else the first ones that fit with a trailing `…`.
    static func fit(_ columns: [Column], width: Int) -> [Span] {
        guard !columns.isEmpty, width > 0 else { return [] }
        let fixed = columns.enumerated().map { i, c in c.nameWidth + (i > 0 ? 2 : 0) }
        let values = columns.map(\.valueWidth)
        func total(_ count: Int, cap: Int) -> Int {
            (0..<count).reduce(0) { $0 + fixed[$1] + min(values[$1], cap) }
        }
        func spans(_ count: Int, cap: Int, more: Bool) -> [Span] {
            var spans: [Span] = []
            for i in 0..<count {
                if i > 0 { spans.append(Span("  ")) }
                spans += columns[i].spans(columns: cap)
            }
            if more { spans.append(Span(count > 0 ? "  …" : "…", Theme.hint)) }
            return spans
        }
        /// The largest cap (≥ minimumValue) with which `count` columns fit in `room`.
        func cap(_ count: Int, room: Int) -> Int? {
            let widest = (0..<count).map { values[$0] }.max() ?? 0
            if total(count, cap: widest) <= room { return widest }
            var low = minimumValue
            var high = widest
            guard total(count, cap: low) <= room else { return nil }
            while low < high {
                let mid = (low + high + 1) / 2
                if total(count, cap: mid) <= room { low = mid } else { high = mid - 1 }
            }
            return low
        }
        let widest = values.max() ?? 0
        if let c = cap(columns.count, room: width), c >= min(shareFloor, widest) {
            return spans(columns.count, cap: c, more: false)
        }
        // Not all of them: the first columns in order, each value at most a third of
        // the line (so that one long value leaves room for the next), then "  …".
        let third = max(minimumValue, width / 3)
        var used = 0
        var parts: [Span] = []
        var placed = 0
        for i in columns.indices {
            let separator = i > 0 ? 2 : 0
            let value = min(values[i], third)
            let rest = width - used - separator - columns[i].nameWidth - 3
            guard rest >= min(value, minimumValue) else { break }
            if i > 0 { parts.append(Span("  ")) }
            parts += columns[i].spans(columns: min(value, rest))
            used += separator + columns[i].nameWidth + min(value, rest)
            placed += 1
            if rest < value { break }
        }
        // The `…` says that columns follow; a line that shows them all has none.
        if placed < columns.count { parts.append(Span(parts.isEmpty ? "…" : "  …", Theme.hint)) }
        return parts
    }

    /// One line of the tree for a node (without indent or marker), at most `width`
    /// columns; `inline` puts a closed row's to-one rows on its line when they fit.
    static func spans(_ node: ResultNode, width: Int = .max, inline: Bool = false) -> [Span] {
        switch node {
        case .row(let table, let row):
            return headed(Span(TerminalText.escaped(table), Theme.table), row, width: width, inline: inline)
        case .toOne(let key, _, let row?):
            return headed(Span(TerminalText.escaped(key), Theme.key), row, width: width, inline: inline)
        case .toOne(let key, _, nil):
            return clipped([Span(TerminalText.escaped(key), Theme.key), Span("  "), Span("nil", Theme.null)], width)
        case .toMany(let key, _, let count, let total):
            // Truncation is never silent: "50 of 1,204 rows — ↵ for more", shortened
            // as a whole when narrow, never cut inside a number.
            let counts: [String]
            if let count, let total, total > count {
                let of = "\(NumberText.grouped(count)) of \(NumberText.grouped(total))"
                counts = [of + " rows — ↵ for more", of + " rows", of]
            } else if let count {
                counts = [NumberText.rows(count), NumberText.grouped(count)]
            } else {
                counts = ["… rows"]
            }
            let head = Span(TerminalText.escaped(key), Theme.key)
            let headWidth = TextFit.width(head.text) + 2
            for text in counts where headWidth + TextFit.width(text) <= width {
                return [head, Span("  "), Span(text, Theme.count)]
            }
            return clipped([head, Span("  "), Span("…", Theme.count)], width)
        }
    }

    /// A row's line: its name and its summary (`inline`: a closed row's to-one rows too).
    static func headed(_ head: Span, _ row: ResultRow, width: Int, inline: Bool) -> [Span] {
        let headWidth = TextFit.width(head.text) + 2
        guard width > headWidth else { return clipped([head], width) }
        return [head, Span("  ")] + fit(summaryColumns(row, includes: inline), width: width - headWidth)
    }

    /// Spans cut to `width` columns with the same rules as a value: one `…`, no stub
    /// (a span that would keep fewer than `minimumValue` columns gives way to the `…`).
    static func clipped(_ spans: [Span], _ width: Int) -> [Span] {
        guard width > 0 else { return [] }
        if spans.reduce(0, { $0 + TextFit.width($1.text) }) <= width { return spans }
        var out: [Span] = []
        var used = 0
        for span in spans {
            let w = TextFit.width(span.text)
            if used + w <= width - 1 {
                out.append(span)
                used += w
                continue
            }
            let room = width - used
            if room >= minimumValue {
                out.append(Span(cut(span.text, columns: room), span.style))
            } else {
                out.append(Span("…", Theme.hint))
            }
            return out
        }
        return out
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
