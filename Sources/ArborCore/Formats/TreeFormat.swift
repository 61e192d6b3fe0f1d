import GRDB

/// The `tree` format: each row on a line, `table col:value …`, and its children
/// indented below it (`key: value` for a to-one child, `key: N rows` for a to-many one).
/// A name that is not an identifier is double-quoted as in SQL (`"first name":"Ada"`),
/// so that a space or a colon in it does not read as the next column.
public enum TreeFormat {
    public static func lines(table: String, rows: [ResultRow]) -> [String] {
        var lines: [String] = []
        for row in rows { append(row, label: SchemaText.name(table), indent: 0, to: &lines) }
        return lines
    }

    public static func append(_ row: ResultRow, label: String, indent: Int, to lines: inout [String]) {
        lines.append(String(repeating: "  ", count: indent) + label + columnsText(row))
        appendChildren(of: row, indent: indent + 1, to: &lines)
    }

    static func appendChildren(of row: ResultRow, indent: Int, to lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        for child in row.children {
            let key = SchemaText.name(child.key)
            switch child.value {
            case .toOne(nil):
                lines.append(pad + key + ": nil")
            case .toOne(let child?):
                lines.append(pad + key + ":" + columnsText(child))
                appendChildren(of: child, indent: indent + 1, to: &lines)
            case .toMany(let rows):
                lines.append(pad + key + ": " + countText(rows.count))
                for row in rows {
                    append(row, label: SchemaText.name(child.table), indent: indent + 1, to: &lines)
                }
            }
        }
    }

    static func columnsText(_ row: ResultRow) -> String {
        var text = ""
        for (i, (name, value)) in zip(row.names, row.values).enumerated() {
            text += " " + SchemaText.name(name) + ":" + ValueText.quoted(value, fullSize: row.cutSizes[i])
        }
        return text
    }

    public static func countText(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
}
