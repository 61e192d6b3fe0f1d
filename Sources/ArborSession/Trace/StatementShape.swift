import ArborCore
import Foundation

/// A traced statement reduced to its shape: every literal and placeholder is a
/// parameter, and a list of them after `IN` is one, so the statements of one loop,
/// or the prefetches of one request, share a shape whatever their values.
struct StatementShape {
    enum Kind: Equatable {
        /// A `SELECT` or `WITH` that reads the app's tables.
        case read
        /// `SELECT COUNT(*) FROM …`, as GRDB's `fetchCount` writes it.
        case count
        /// A statement that may change the database: what it read before may differ after.
        case write
        /// GRDB's own traffic (pragmas, transactions, `sqlite_master`): never waste.
        case bookkeeping
    }

    /// `column = parameter`: where a loop's key goes.
    struct KeyComparison: Equatable {
        /// The table or alias before the column (`"book"."authorId"`), if any.
        var qualifier: String?
        var column: String
        /// The index of the parameter in `values`.
        var parameter: Int
    }

    /// The text of the shape: upper-cased words, unquoted names, `?` for each parameter.
    var text: String
    /// Each parameter's value; nil for a placeholder the trace does not show.
    var values: [SQLValue?]
    var kind: Kind
    /// The first table read at the top level (`FROM "book"`), as written.
    var table: String?
    var keyComparisons: [KeyComparison]
    /// A window of a request (`LIMIT 10 OFFSET 20`, `LIMIT 10`): the next window pins the
    /// same key again, and no prefetch reads a window per parent, so it is never a loop.
    var isWindow = false

    /// Whether the statement's values are all in the trace (expanded, or no parameters).
    var isExpanded: Bool { !values.contains(where: { $0 == nil }) }

    init(sql: String) {
        self.init(tokens: SQLTokenizer.tokens(sql))
    }

    init(tokens: [SQLToken]) {
        var text = ""
        text.reserveCapacity(tokens.count * 6)
        var values: [SQLValue?] = []
        var comparisons: [KeyComparison] = []
        var table: String?
        var isWindow = false
        var depth = 0
        var i = 0
        func value(_ token: SQLToken) -> SQLValue? {
            if case .literal(let v) = token.kind { return v }
            return nil
        }
        while i < tokens.count {
            let token = tokens[i]
            if !text.isEmpty { text += " " }
            switch token.kind {
            case .word(let word):
                // `IN (1, 2, 3)`: one parameter, whatever the count.
                if word == "IN", i + 2 < tokens.count, tokens[i + 1].isSymbol("("),
                    let end = Self.listEnd(tokens, i + 2)
                {
                    let count = (end - (i + 2) + 1) / 2
                    if count == 1 {
                        // `"authorId" IN (1)`: a key as much as `= 1`.
                        if let column = Self.column(before: i, tokens) {
                            comparisons.append(
                                KeyComparison(qualifier: column.qualifier, column: column.name, parameter: values.count)
                            )
                        }
                        values.append(value(tokens[i + 2]))
                    } else {
                        // A list is a prefetch's or an app's set of keys: it holds no one key.
                        values.append(nil)
                    }
                    text += "IN ( ? )"
                    i = end + 1
                    continue
                }
                if depth == 0, word == "OFFSET" {
                    isWindow = true
                } else if depth == 0, word == "LIMIT", i + 1 < tokens.count {
                    // `LIMIT 1` is a `fetchOne`, which a loop may do; a larger one is a window.
                    if case .literal(.integer(let limit)) = tokens[i + 1].kind {
                        isWindow = isWindow || limit > 1
                    } else {
                        isWindow = true
                    }
                }
                if word == "FROM", depth == 0, table == nil, i + 1 < tokens.count, let name = tokens[i + 1].name {
                    // `FROM main.book`: the name after the schema.
                    if i + 3 < tokens.count, tokens[i + 2].isSymbol("."), let second = tokens[i + 3].name {
                        table = second
                    } else {
                        table = name
                    }
                }
                text += word
            case .quotedName(let name):
                text += name.uppercased()
            case .literal, .placeholder:
                if i >= 1, tokens[i - 1].isSymbol("=") || tokens[i - 1].isSymbol("=="),
                    let column = Self.column(before: i - 1, tokens)
                {
                    comparisons.append(
                        KeyComparison(qualifier: column.qualifier, column: column.name, parameter: values.count))
                } else if i + 2 < tokens.count, tokens[i + 1].isSymbol("=") || tokens[i + 1].isSymbol("=="),
                    let name = tokens[i + 2].name, !Self.isKeyword(tokens[i + 2])
                {
                    // `1 = "authorId"`.
                    let qualified = i + 4 < tokens.count && tokens[i + 3].isSymbol(".")
                    comparisons.append(
                        KeyComparison(
                            qualifier: qualified ? name : nil, column: qualified ? (tokens[i + 4].name ?? name) : name,
                            parameter: values.count))
                }
                values.append(value(token))
                text += "?"
            case .symbol(let symbol):
                if symbol == "(" { depth += 1 }
                if symbol == ")" { depth -= 1 }
                text += symbol
            }
            i += 1
        }
        self.text = text
        self.values = values
        self.table = table
        self.keyComparisons = comparisons
        self.isWindow = isWindow
        self.kind = Self.kind(tokens, table: table)
    }

    /// The index of the `)` closing a list of parameters that starts at `start`, if it is one.
    private static func listEnd(_ tokens: [SQLToken], _ start: Int) -> Int? {
        var i = start
        while i < tokens.count {
            guard tokens[i].isParameter else { return nil }
            guard i + 1 < tokens.count else { return nil }
            if tokens[i + 1].isSymbol(")") { return i + 1 }
            guard tokens[i + 1].isSymbol(",") else { return nil }
            i += 2
        }
        return nil
    }

    /// The column (maybe qualified) that ends just before token `end`.
    private static func column(before end: Int, _ tokens: [SQLToken]) -> (qualifier: String?, name: String)? {
        guard end >= 1, let name = tokens[end - 1].name, !isKeyword(tokens[end - 1]) else { return nil }
        if end >= 3, tokens[end - 2].isSymbol("."), let qualifier = tokens[end - 3].name {
            return (qualifier, name)
        }
        return (nil, name)
    }

    /// Bare words that are never a column in GRDB's SQL.
    private static func isKeyword(_ token: SQLToken) -> Bool {
        guard case .word(let word) = token.kind else { return false }
        return ["AND", "OR", "NOT", "WHERE", "ON", "NULL", "SELECT", "CASE", "WHEN", "THEN", "ELSE", "END"].contains(
            word)
    }

    private static let bookkeepingWords: Set<String> = [
        "PRAGMA", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "END", "EXPLAIN", "ANALYZE", "VACUUM",
        "ATTACH", "DETACH", "REINDEX",
    ]

    private static func kind(_ tokens: [SQLToken], table: String?) -> Kind {
        guard case .word(let first)? = tokens.first?.kind else { return .bookkeeping }
        if bookkeepingWords.contains(first) { return .bookkeeping }
        guard first == "SELECT" || first == "WITH" || first == "VALUES" else { return .write }
        if let table {
            let folded = table.lowercased()
            if folded.hasPrefix("sqlite_") || folded.hasPrefix("pragma_") { return .bookkeeping }
        }
        if first == "SELECT", tokens.count > 5, tokens[1].isWord("COUNT"), tokens[2].isSymbol("("),
            let close = tokens.firstIndex(where: { $0.isSymbol(")") }), close + 1 < tokens.count,
            tokens[close + 1].isWord("FROM")
        {
            return .count
        }
        return .read
    }
}
