import ArborCore
import Foundation

/// The schema pane: tables with row counts, and the columns and associations
/// of the open ones.
enum SchemaView {
    static func draw(_ state: SchemaState, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool) {
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: "Schema", focused: focused, separatorOnRight: true)
        let lines = state.lines
        for row in 0..<inner.height {
            let index = state.top + row
            guard lines.indices.contains(index) else { break }
            let y = inner.y + row
            switch lines[index] {
            case .table(let t):
                let table = state.tables[t]
                let count = countText(state.counts[table.name])
                let countWidth = TextFit.width(count)
                let marker = state.expanded.contains(table.name) ? "▾ " : "▸ "
                buffer.put(
                    spans: [
                        Span(marker, Theme.marker),
                        Span(SchemaText.name(table.name), table.isView ? Theme.key : Theme.table),
                    ],
                    x: inner.x, y: y, maxWidth: max(0, inner.width - countWidth - 1))
                buffer.put(count, x: inner.maxX - countWidth, y: y, style: Theme.count)
            case .column(let t, let c):
                let column = state.tables[t].columns[c]
                buffer.put(
                    spans: [
                        Span("    "), Span(SchemaText.name(column.name), column.isPrimaryKey ? Style.bold : .plain),
                        Span(" " + column.type.lowercased(), Theme.hint),
                    ], x: inner.x, y: y, maxWidth: inner.width)
            case .association(let t, let a):
                let association = state.tables[t].associations[a]
                buffer.put(
                    spans: [
                        Span("    "), Span(association.name, Theme.key), Span(" " + association.summary, Theme.hint),
                    ],
                    x: inner.x, y: y, maxWidth: inner.width)
            }
            if index == state.selected {
                Panel.highlight(&buffer, row: Rect(x: inner.x, y: y, width: inner.width, height: 1), focused: focused)
            }
        }
    }

    static func countText(_ count: SchemaState.RowCount?) -> String {
        switch count {
        case .counted(let n)?: NumberText.grouped(n)
        case .failed?: "?"
        case .counting?, nil: "…"
        }
    }
}

/// Numbers as people read them: `1,204`; durations as `4 ms`, `1.2 s`.
enum NumberText {
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 0.000_01 { return "<0.01 ms" }
        if seconds < 0.001 { return String(format: "%.2f ms", seconds * 1000) }
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        return String(format: "%.1f s", seconds)
    }

    /// A statement's time as SQLite's profile trace measures it: with the VFS clock,
    /// in whole milliseconds, so that zero means "under a millisecond".
    static func statementDuration(_ seconds: Double) -> String {
        seconds < 0.001 ? "<1 ms" : duration(seconds)
    }

    static func rows(_ n: Int) -> String { n == 1 ? "1 row" : "\(grouped(n)) rows" }
}
