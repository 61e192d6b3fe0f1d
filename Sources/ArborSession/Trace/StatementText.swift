import ArborCore
import Foundation

/// Comparisons of traced statements as text, token by token: white space, comments,
/// quoting and the case of keywords never make two statements differ.
enum StatementText {
    /// The statement with its values, normalized: equal for the same statement run again.
    static func exact(_ shape: StatementShape) -> String {
        var text = shape.text
        text += "\u{1}"
        for value in shape.values { text += (value.map(literal) ?? "?") + "\u{1}" }
        return text
    }

    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .bool(let b): b ? "1" : "0"
        case .integer(let i): String(i)
        case .real(let d): String(d)
        case .text(let s): "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let d): "X'" + d.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    /// A token as text, values included.
    static func text(_ token: SQLToken) -> String {
        switch token.kind {
        case .word(let word): word
        case .quotedName(let name): name.uppercased()
        case .literal(let value): literal(value)
        case .placeholder: "?"
        case .symbol(let symbol): symbol
        }
    }

    /// Whether `count` (`SELECT COUNT(*) FROM …`) counts the rows `fetch` then reads:
    /// the same `FROM …` (the fetch may add an `ORDER BY`, not a `LIMIT`: counting
    /// all rows then reading a page is no waste), or a count of the fetch itself
    /// (`SELECT COUNT(*) FROM (SELECT …)`).
    static func countsSameRows(count: String, fetch: String) -> Bool {
        let countTokens = SQLTokenizer.tokens(count).map(text)
        var fetchTokens = SQLTokenizer.tokens(fetch).map(text)
        guard let countFrom = topLevelIndex(of: "FROM", in: countTokens) else { return false }
        if topLevelIndex(of: "LIMIT", in: fetchTokens) != nil { return false }
        if let order = topLevelIndex(of: "ORDER", in: fetchTokens) { fetchTokens = Array(fetchTokens[..<order]) }
        let counted = Array(countTokens[(countFrom + 1)...])
        if counted.first == "(", counted.last == ")" {
            var inner = Array(counted.dropFirst().dropLast())
            if let order = topLevelIndex(of: "ORDER", in: inner) { inner = Array(inner[..<order]) }
            if inner == fetchTokens { return true }
        }
        guard let fetchFrom = topLevelIndex(of: "FROM", in: fetchTokens) else { return false }
        return counted == Array(fetchTokens[(fetchFrom + 1)...])
    }

    private static func topLevelIndex(of word: String, in tokens: [String]) -> Int? {
        var depth = 0
        for (i, token) in tokens.enumerated() {
            if token == "(" {
                depth += 1
            } else if token == ")" {
                depth -= 1
            } else if depth == 0, token == word {
                return i
            }
        }
        return nil
    }
}
