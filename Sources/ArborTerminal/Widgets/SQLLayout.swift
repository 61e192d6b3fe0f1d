import ArborCore
import Foundation

/// SQL laid out for reading: long `IN` lists shortened with their count, and,
/// for the full view, each clause on its own line (subqueries indented). It only
/// ever breaks lines between tokens: strings, quoted names and numbers stay whole.
enum SQLLayout {
    /// Lists longer than this show their first `shownItems` and their count.
    static let longList = 8
    static let shownItems = 5

    /// One line: white space collapsed, long `IN` lists shortened.
    static func oneLine(_ sql: String) -> String {
        shortened(SQLTokens.tokens(of: sql)).map { $0.isSpace ? " " : $0.text }.joined()
            .trimmingCharacters(in: .whitespaces)
    }

    /// The statement with a clause a line, each line a list of words and the
    /// spaces between them (one span each, so that wrapping keeps words whole).
    static func lines(_ sql: String) -> [[Span]] {
        let tokens = shortened(SQLTokens.tokens(of: sql))
        var lines: [[Span]] = []
        var current: [Span] = []
        var word = ""
        /// For each open bracket, whether it holds a query (`(SELECT …`).
        var brackets: [Bool] = []
        var previousWord = ""
        var lastSignificant: SQLTokens.Token?

        func flushWord() {
            if !word.isEmpty { current.append(Span(word, wordStyle(word))) }
            word = ""
        }
        func newLine() {
            flushWord()
            while current.last?.text == " " { current.removeLast() }
            if current.contains(where: { !$0.text.allSatisfy(\.isWhitespace) }) { lines.append(current) }
            let depth = brackets.filter { $0 }.count
            current = depth > 0 ? [Span(String(repeating: "  ", count: depth))] : []
        }

        for (i, token) in tokens.enumerated() {
            if token.isSpace {
                flushWord()
                if !current.isEmpty, current.last?.text != " " { current.append(Span(" ")) }
                continue
            }
            if token.kind == .word {
                let upper = token.text.uppercased()
                let next = nextWord(in: tokens, after: i)
                let inQuery = brackets.last ?? true
                if inQuery, lastSignificant != nil,
                    startsClause(upper, previous: previousWord, next: next, after: lastSignificant)
                {
                    newLine()
                }
                previousWord = upper
            }
            if token.text == "(" {
                let next = nextWord(in: tokens, after: i)
                brackets.append(next == "SELECT" || next == "WITH" || next == "VALUES")
            } else if token.text == ")", !brackets.isEmpty {
                brackets.removeLast()
            }
            word += token.text
            lastSignificant = token
        }
        newLine()
        return lines
    }

    /// Whether a clause starts at this word (`FROM`, `LEFT JOIN`, `ORDER BY` …).
    static func startsClause(_ word: String, previous: String, next: String?, after: SQLTokens.Token?) -> Bool {
        switch word {
        case "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "UNION", "EXCEPT", "INTERSECT", "WINDOW":
            // `ORDER BY` inside `OVER (…)` is in a bracket that holds no query: not here.
            return !(word == "UNION" && previous == "UNION")
        case "JOIN":
            return !["LEFT", "INNER", "CROSS", "OUTER", "NATURAL", "FULL", "RIGHT"].contains(previous)
        case "LEFT", "INNER", "CROSS", "NATURAL", "FULL", "RIGHT":
            return next == "JOIN" || next == "OUTER"
        case "SELECT":
            // The query after a `WITH … AS (…)`.
            return after?.text == ")"
        default:
            return false
        }
    }

    static func nextWord(in tokens: [SQLTokens.Token], after index: Int) -> String? {
        var i = index + 1
        while i < tokens.count, tokens[i].isSpace { i += 1 }
        guard i < tokens.count, tokens[i].kind == .word else { return nil }
        return tokens[i].text.uppercased()
    }

    static func wordStyle(_ word: String) -> Style {
        keywords.contains(word.uppercased()) ? .bold : .plain
    }

    static let keywords: Set<String> = [
        "SELECT", "FROM", "WHERE", "GROUP", "BY", "HAVING", "ORDER", "LIMIT", "OFFSET", "JOIN", "LEFT", "INNER",
        "CROSS", "OUTER", "ON", "AND", "OR", "NOT", "IN", "AS", "WITH", "UNION", "ALL", "DISTINCT", "ASC", "DESC",
        "IS", "NULL", "LIKE", "BETWEEN", "EXISTS", "CASE", "WHEN", "THEN", "ELSE", "END",
    ]

    /// Replaces the middle of each long `IN (a, b, …)` list with its count.
    static func shortened(_ tokens: [SQLTokens.Token]) -> [SQLTokens.Token] {
        var result: [SQLTokens.Token] = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            result.append(token)
            i += 1
            guard token.kind == .word, token.text.uppercased() == "IN" else { continue }
            var open = i
            while open < tokens.count, tokens[open].isSpace { open += 1 }
            guard open < tokens.count, tokens[open].text == "(",
                let list = listItems(tokens, open: open), list.items.count > longList
            else { continue }
            result.append(contentsOf: tokens[i...open])
            for (n, item) in list.items.prefix(shownItems).enumerated() {
                if n > 0 { result.append(.init(kind: .punctuation, text: ",")) }
                result.append(contentsOf: item)
            }
            result.append(.init(kind: .punctuation, text: ","))
            result.append(.init(kind: .space, text: " "))
            result.append(.init(kind: .word, text: "…"))
            result.append(.init(kind: .space, text: " "))
            result.append(.init(kind: .word, text: "\(NumberText.grouped(list.items.count)) values"))
            result.append(.init(kind: .punctuation, text: ")"))
            i = list.close + 1
        }
        return result
    }

    /// The comma-separated items of the bracket opened at `open` (nil for a subquery
    /// or an unclosed bracket), and where it closes.
    static func listItems(_ tokens: [SQLTokens.Token], open: Int) -> (items: [[SQLTokens.Token]], close: Int)? {
        var items: [[SQLTokens.Token]] = [[]]
        var depth = 0
        var i = open + 1
        while i < tokens.count {
            let token = tokens[i]
            if token.text == "(" { depth += 1 }
            if token.text == ")" {
                if depth == 0 { return (items.filter { !$0.isEmpty }, i) }
                depth -= 1
            }
            if depth == 0, token.text == "," {
                items.append([])
            } else {
                if items[items.count - 1].isEmpty, token.kind == .word,
                    ["SELECT", "WITH", "VALUES"].contains(token.text.uppercased())
                {
                    return nil
                }
                items[items.count - 1].append(token)
            }
            i += 1
        }
        return nil
    }
}

/// SQL cut into tokens for layout: words, numbers, quoted strings and names,
/// comments, punctuation and white space. Any text gives tokens that join back
/// into it.
enum SQLTokens {
    enum Kind: Equatable { case word, quoted, comment, punctuation, space }

    struct Token: Equatable {
        var kind: Kind
        var text: String
        var isSpace: Bool { kind == .space }
    }

    static func tokens(of sql: String) -> [Token] {
        let characters = Array(sql)
        var tokens: [Token] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            let start = i
            let kind: Kind
            if c.isWhitespace {
                while i < characters.count, characters[i].isWhitespace { i += 1 }
                kind = .space
            } else if c == "'" || c == "\"" || c == "`" || c == "[" {
                let close: Character = c == "[" ? "]" : c
                i += 1
                while i < characters.count {
                    if characters[i] == close {
                        // A doubled quote is one quote inside the string.
                        if close != "]", i + 1 < characters.count, characters[i + 1] == close {
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    i += 1
                }
                kind = .quoted
            } else if c == "-", i + 1 < characters.count, characters[i + 1] == "-" {
                while i < characters.count, characters[i] != "\n" { i += 1 }
                kind = .comment
            } else if c == "/", i + 1 < characters.count, characters[i + 1] == "*" {
                i += 2
                while i < characters.count,
                    !(characters[i] == "*" && i + 1 < characters.count && characters[i + 1] == "/")
                {
                    i += 1
                }
                i = min(characters.count, i + 2)
                kind = .comment
            } else if c.isLetter || c.isNumber || c == "_" || c == "$" || c == "." && isDigit(characters, i + 1) {
                while i < characters.count,
                    characters[i].isLetter || characters[i].isNumber || characters[i] == "_" || characters[i] == "$"
                        || characters[i] == "." && isDigit(characters, i + 1)
                {
                    i += 1
                }
                kind = .word
            } else {
                i += 1
                kind = .punctuation
            }
            tokens.append(Token(kind: kind, text: String(characters[start..<i])))
        }
        return tokens
    }

    private static func isDigit(_ characters: [Character], _ i: Int) -> Bool {
        i < characters.count && characters[i].isNumber
    }
}
