import GRDB

/// The `table` format: base columns as an aligned table, as `sqlite3 -column` shows them.
public enum TableFormat {
    public static func lines(columns: [String], rows: [[DatabaseValue]]) -> [String] {
        let header = columns.map(TerminalText.escaped)
        let cells = rows.map { $0.map { ValueText.plain($0) } }
        var widths = header.map(TerminalText.width)
        for row in cells {
            for (i, cell) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], TerminalText.width(cell))
            }
        }
        func line(_ values: [String]) -> String {
            var parts: [String] = []
            for (i, value) in values.enumerated() where i < widths.count {
                parts.append(i == values.count - 1 ? value : TerminalText.padded(value, to: widths[i]))
            }
            return parts.joined(separator: "  ")
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        for row in cells { lines.append(line(row)) }
        return lines
    }
}
