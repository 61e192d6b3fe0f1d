import GRDB

/// The `table` format: base columns as an aligned table, as `sqlite3 -column` shows them.
public enum TableFormat {
    public static func lines(columns: [String], rows: [[DatabaseValue]]) -> [String] {
        lines(columns: columns, cells: rows.map { $0.map { ValueText.plain($0) } })
    }

    /// The table of result rows, values read cut (`ValueCut`) saying their full size.
    public static func lines(columns: [String], rows: [ResultRow]) -> [String] {
        lines(columns: columns, cells: rows.map(cells))
    }

    /// The cells of a row as the table shows them.
    public static func cells(_ row: ResultRow) -> [String] {
        row.values.enumerated().map { ValueText.plain($1, fullSize: row.cutSizes[$0]) }
    }

    public static func lines(columns: [String], cells rows: [[String]]) -> [String] {
        let widths = self.widths(columns: columns, cells: rows)
        let header = columns.map(TerminalText.escaped)
        var lines = [
            line(header, widths: widths), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "),
        ]
        for row in rows { lines.append(line(row, widths: widths)) }
        return lines
    }

    /// The width of each column: its widest cell or header.
    public static func widths(columns: [String], rows: [[DatabaseValue]]) -> [Int] {
        widths(columns: columns, cells: rows.map { $0.map { ValueText.plain($0) } })
    }

    public static func widths(columns: [String], cells rows: [[String]]) -> [Int] {
        var widths = columns.map { TerminalText.width(TerminalText.escaped($0)) }
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], TerminalText.width(cell))
            }
        }
        return widths
    }

    /// One line: cells padded to their column's width (the last one is not padded).
    public static func line(_ values: [String], widths: [Int]) -> String {
        var parts: [String] = []
        for (i, value) in values.enumerated() where i < widths.count {
            parts.append(i == values.count - 1 ? value : TerminalText.padded(value, to: widths[i]))
        }
        return parts.joined(separator: "  ")
    }
}
