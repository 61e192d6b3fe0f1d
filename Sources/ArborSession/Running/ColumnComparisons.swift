import ArborCore

/// The column comparisons of a statement, as `ScanWarning` needs them: for a table
/// (by its name or alias), which of its columns the statement compares, and whether
/// with another table's column (a join condition) or with a value (a filter). Read
/// from the SQL's tokens: GRDB quotes and qualifies every column of a joined request
/// (`"Track"."Composer" = 'AC/DC'`), an app's SQL may not (`Composer = ?`).
struct ColumnComparisons {
    struct Comparison: Equatable {
        var column: String
        var isJoin: Bool
    }

    private let bytes: [UInt8]
    private let tokens: [SQLTokens.Token]
    /// Tables by the alias the statement gives them, folded (`album1` → `Album`).
    let tables: [String: String]

    init(_ sql: String) {
        bytes = Array(sql.utf8)
        tokens = SQLTokens(bytes).all()
        var tables: [String: String] = [:]
        for i in tokens.indices where i + 2 < tokens.count {
            let word = tokens[i].text(bytes).uppercased()
            guard word == "FROM" || word == "JOIN" else { continue }
            let table = tokens[i + 1].unquoted(bytes)
            var aliasIndex = i + 2
            if tokens[aliasIndex].text(bytes).uppercased() == "AS", aliasIndex + 1 < tokens.count { aliasIndex += 1 }
            let alias = tokens[aliasIndex]
            let isName = alias.text(bytes).first == "\"" || !Self.keywords.contains(alias.text(bytes).uppercased())
            if isName, alias.text(bytes) != "(", alias.text(bytes) != "," {
                tables[alias.unquoted(bytes).sqlFolded] = table
            }
        }
        self.tables = tables
    }

    static let keywords: Set<String> = [
        "WHERE", "JOIN", "LEFT", "RIGHT", "FULL", "INNER", "OUTER", "CROSS", "NATURAL", "ON", "USING", "ORDER",
        "GROUP", "LIMIT", "HAVING", "WINDOW", "UNION", "INTERSECT", "EXCEPT", "INDEXED", "NOT", ";", ")",
    ]

    static let operators: Set<String> = [
        "=", "==", "<", ">", "<=", ">=", "!=", "<>", "IN", "IS", "LIKE", "GLOB", "BETWEEN", "MATCH", "REGEXP",
    ]

    /// The columns of `table` compared in the statement, each once (a filter wins over a join).
    func comparisons(of table: TableInfo, qualifier: String) -> [Comparison] {
        var found: [Comparison] = []
        for i in tokens.indices {
            guard let reference = reference(at: i), reference.end <= tokens.count,
                reference.qualifier.map({ $0.sqlFolded == qualifier.sqlFolded }) ?? true,
                let column = table.column(named: reference.column)
            else { continue }
            var isJoin: Bool?
            if reference.end < tokens.count, isOperator(reference.end) {
                isJoin = isQualifiedReference(startingAt: reference.end + 1)
            } else if i > 0, isOperator(i - 1) {
                isJoin = isQualifiedReference(endingAt: i - 2)
            }
            guard let isJoin else { continue }
            if let index = found.firstIndex(where: { $0.column == column.name }) {
                if !isJoin { found[index].isJoin = false }
            } else {
                found.append(Comparison(column: column.name, isJoin: isJoin))
            }
        }
        return found
    }

    /// `"T"."c"` or `c` starting at `i` (not the `c` of a qualified name): qualifier, column, and the index after it.
    private func reference(at i: Int) -> (qualifier: String?, column: String, end: Int)? {
        guard isName(i), i == 0 || tokens[i - 1].text(bytes) != "." else { return nil }
        if i + 2 < tokens.count, tokens[i + 1].text(bytes) == ".", isName(i + 2) {
            return (tokens[i].unquoted(bytes), tokens[i + 2].unquoted(bytes), i + 3)
        }
        return (nil, tokens[i].unquoted(bytes), i + 1)
    }

    private func isName(_ i: Int) -> Bool {
        guard i >= 0, i < tokens.count, let first = tokens[i].text(bytes).first else { return false }
        return first == "\"" || first == "`" || first == "[" || first.isLetter || first == "_"
    }

    private func isOperator(_ i: Int) -> Bool {
        i >= 0 && i < tokens.count && Self.operators.contains(tokens[i].text(bytes).uppercased())
    }

    private func isQualifiedReference(startingAt i: Int) -> Bool {
        isName(i) && i + 2 < tokens.count && tokens[i + 1].text(bytes) == "." && isName(i + 2)
    }

    private func isQualifiedReference(endingAt i: Int) -> Bool {
        isName(i) && i >= 2 && tokens[i - 1].text(bytes) == "." && isName(i - 2)
    }
}
