import ArborCore
import ArborLanguage
import Foundation

/// Writes a traced statement as the GRDB request an app writes for it, when it is
/// one a query interface request of one table gives: `SELECT * FROM "author"
/// WHERE "countryCode" = 'FR' ORDER BY "name" LIMIT 10` is
/// `Author.filter(Column("countryCode") == "FR").order(Column("name")).limit(10)`.
/// A condition or ordering it can not write with columns is kept as SQL
/// (`filter(sql:)`, `order(sql:)`); a statement that is not such a request gives nil.
struct RequestFromSQL {
    let environment: Environment

    /// A statement of one table, cut into its clauses.
    private struct Parts {
        var table: TableInfo
        var condition: [SQLToken]?
        var ordering: [SQLToken]?
        var limit: (count: Int64, offset: Int64?)?
    }

    private func parts(_ sql: String) -> Parts? {
        let tokens = SQLTokenizer.tokens(sql)
        guard tokens.count >= 4, tokens[0].isWord("SELECT") else { return nil }
        var i = 1
        // `*` or `"author".*`.
        if tokens[i].isSymbol("*") {
            i += 1
        } else if i + 2 < tokens.count, tokens[i].name != nil, tokens[i + 1].isSymbol("."), tokens[i + 2].isSymbol("*")
        {
            i += 3
        } else {
            return nil
        }
        guard i + 1 < tokens.count, tokens[i].isWord("FROM"), let name = tokens[i + 1].name,
            let table = environment.schema.table(named: name)
        else { return nil }
        i += 2
        var parts = Parts(table: table)
        let clauses = ["WHERE", "ORDER", "LIMIT"]
        func clauseEnd(from start: Int) -> Int {
            var depth = 0
            var j = start
            while j < tokens.count {
                if tokens[j].isSymbol("(") { depth += 1 }
                if tokens[j].isSymbol(")") { depth -= 1 }
                if depth == 0, case .word(let w) = tokens[j].kind, clauses.contains(w) { return j }
                j += 1
            }
            return j
        }
        if i < tokens.count, tokens[i].isWord("WHERE") {
            let end = clauseEnd(from: i + 1)
            parts.condition = Array(tokens[(i + 1)..<end])
            i = end
        }
        if i + 1 < tokens.count, tokens[i].isWord("ORDER"), tokens[i + 1].isWord("BY") {
            let end = clauseEnd(from: i + 2)
            parts.ordering = Array(tokens[(i + 2)..<end])
            i = end
        }
        if i < tokens.count, tokens[i].isWord("LIMIT") {
            let rest = Array(tokens[(i + 1)...])
            guard case .literal(.integer(let limit))? = rest.first?.kind else { return nil }
            if rest.count == 1 {
                parts.limit = (limit, nil)
            } else if rest.count == 3, rest[1].isWord("OFFSET"), case .literal(.integer(let offset)) = rest[2].kind {
                parts.limit = (limit, offset)
            } else {
                return nil
            }
            i = tokens.count
        }
        guard i == tokens.count else { return nil }
        return parts
    }

    /// The request, and whether it holds a placeholder whose value the trace does not show.
    func request(_ sql: String) -> (text: String, hasPlaceholders: Bool)? {
        guard let parts = parts(sql) else { return nil }
        var operations: [String] = []
        if let condition = parts.condition { operations.append(filter(condition, table: parts.table)) }
        if let ordering = parts.ordering { operations.append(order(ordering, table: parts.table)) }
        if let limit = parts.limit {
            operations.append(limit.offset.map { ".limit(\(limit.count), offset: \($0))" } ?? ".limit(\(limit.count))")
        }
        let text =
            environment.displayName(ofTable: parts.table.name) + (operations.isEmpty ? ".all()" : operations.joined())
        return (text, parts.condition?.contains { $0.kind == .placeholder } ?? false)
    }

    /// What a loop's statement adds to the association it walks, as methods of the
    /// association (`.filter(Column("year") > 1950).order(Column("year"))`): its
    /// conditions but the key's, and its ordering. Nil when the statement is not one
    /// of a single table (a through association's join), or reads a window.
    func refinements(ofLoop sql: String, keyColumns: [String]) -> (text: String, hasPlaceholders: Bool)? {
        guard let parts = parts(sql), parts.limit == nil else { return nil }
        let keys = Set(keyColumns.map(\.sqlFolded))
        var text = ""
        var hasPlaceholders = false
        if let condition = parts.condition {
            let others = Self.split(condition, on: "AND").filter { conjunct in
                !isKeyComparison(Self.unwrapped(conjunct), keys: keys, table: parts.table)
            }
            if !others.isEmpty {
                let joined = Array(
                    others.map { [SQLToken(kind: .symbol("("))] + $0 + [SQLToken(kind: .symbol(")"))] }
                        .joined(separator: [SQLToken(kind: .word("AND"))]))
                text += filter(joined, table: parts.table)
                hasPlaceholders = others.joined().contains { $0.kind == .placeholder }
            }
        }
        if let ordering = parts.ordering { text += order(ordering, table: parts.table) }
        return (text, hasPlaceholders)
    }

    /// `"authorId" = 1`, `"book"."authorId" = ?`, `"authorId" IN (1)`: a key column pinned to one value.
    private func isKeyComparison(_ tokens: [SQLToken], keys: Set<String>, table: TableInfo) -> Bool {
        let shape = StatementShape(tokens: tokens)
        return shape.keyComparisons.count == 1 && shape.values.count == 1
            && keys.contains(shape.keyComparisons[0].column.sqlFolded)
            && (shape.keyComparisons[0].qualifier.map { $0.sqlFolded == table.name.sqlFolded } ?? true)
    }

    /// `.filter(…)`: each condition joined by `AND` written with columns, or the whole as SQL.
    private func filter(_ tokens: [SQLToken], table: TableInfo) -> String {
        var terms: [String] = []
        for conjunct in Self.split(tokens, on: "AND") {
            guard let term = condition(Self.unwrapped(conjunct), table: table) else {
                return ".filter(sql: \(SQLValue.swiftQuoted(Self.sql(tokens))))"
            }
            terms.append(term)
        }
        return terms.map { ".filter(\($0))" }.joined()
    }

    private func condition(_ tokens: [SQLToken], table: TableInfo) -> String? {
        guard let (column, rest) = column(at: tokens, table: table) else { return nil }
        if rest.count == 2, case .symbol(let op) = rest[0].kind, let value = Self.swift(rest[1]) {
            let swiftOperator = [
                "=": "==", "==": "==", "!=": "!=", "<>": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
            ][op]
            return swiftOperator.map { "\(column) \($0) \(value)" }
        }
        if rest.count == 2, rest[0].isWord("IS"), rest[1].isWord("NULL") { return "\(column) == nil" }
        if rest.count == 3, rest[0].isWord("IS"), rest[1].isWord("NOT"), rest[2].isWord("NULL") {
            return "\(column) != nil"
        }
        if rest.count == 2, rest[0].isWord("LIKE"), case .literal(.text(let pattern)) = rest[1].kind {
            return "\(column).like(\(SQLValue.swiftQuoted(pattern)))"
        }
        if rest.count >= 3, rest[0].isWord("IN"), rest[1].isSymbol("("), rest.last?.isSymbol(")") == true {
            let items = Self.split(Array(rest[2..<(rest.count - 1)]), on: ",")
            let values = items.compactMap { $0.count == 1 ? Self.swift($0[0]) : nil }
            guard values.count == items.count else { return nil }
            return "[\(values.joined(separator: ", "))].contains(\(column))"
        }
        return nil
    }

    /// `Column("name")` for a column of `table` at the start of `tokens` (maybe
    /// qualified by the table's name), and the tokens after it.
    private func column(at tokens: [SQLToken], table: TableInfo) -> (String, [SQLToken])? {
        var rest = tokens[...]
        if tokens.count >= 3, let qualifier = tokens[0].name, tokens[1].isSymbol("."),
            qualifier.sqlFolded == table.name.sqlFolded
        {
            rest = tokens[2...]
        }
        guard let name = rest.first?.name, let column = table.column(named: name) else { return nil }
        return ("Column(\(SQLValue.swiftQuoted(column.name)))", Array(rest.dropFirst()))
    }

    /// `.order(…)`: each term written with columns, or the whole as SQL.
    private func order(_ tokens: [SQLToken], table: TableInfo) -> String {
        var terms: [String] = []
        for term in Self.split(tokens, on: ",") {
            guard let (column, rest) = column(at: term, table: table) else {
                return ".order(sql: \(SQLValue.swiftQuoted(Self.sql(tokens))))"
            }
            switch rest.map(StatementText.text) {
            case []: terms.append(column)
            case ["ASC"]: terms.append(column + ".asc")
            case ["DESC"]: terms.append(column + ".desc")
            default: return ".order(sql: \(SQLValue.swiftQuoted(Self.sql(tokens))))"
            }
        }
        return ".order(\(terms.joined(separator: ", ")))"
    }

    /// A literal as Swift; nil for a placeholder.
    private static func swift(_ token: SQLToken) -> String? {
        guard case .literal(let value) = token.kind else { return nil }
        switch value {
        case .null: return "nil"
        case .blob: return nil
        default: return value.description
        }
    }

    private static func split(_ tokens: [SQLToken], on word: String) -> [[SQLToken]] {
        var parts: [[SQLToken]] = [[]]
        var depth = 0
        for token in tokens {
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") { depth -= 1 }
            if depth == 0, token.isWord(word) || token.isSymbol(word) {
                parts.append([])
            } else {
                parts[parts.count - 1].append(token)
            }
        }
        return parts
    }

    /// `(a = 1)` → `a = 1`, when the brackets wrap the whole.
    private static func unwrapped(_ tokens: [SQLToken]) -> [SQLToken] {
        var tokens = tokens[...]
        // A loop, not recursion, and a few times at most: a hostile log may nest brackets deeply.
        var unwraps = 0
        while unwraps < 16, tokens.count >= 2, tokens.first?.isSymbol("(") == true, tokens.last?.isSymbol(")") == true {
            unwraps += 1
            var depth = 0
            for (i, token) in zip(tokens.indices, tokens) {
                if token.isSymbol("(") { depth += 1 }
                if token.isSymbol(")") { depth -= 1 }
                if depth == 0, i < tokens.endIndex - 1 { return Array(tokens) }
            }
            tokens = tokens.dropFirst().dropLast()
        }
        return Array(tokens)
    }

    /// Tokens written back as SQL, names quoted.
    static func sql(_ tokens: [SQLToken]) -> String {
        var out = ""
        var previous: SQLToken?
        for token in tokens {
            let piece: String
            switch token.kind {
            case .quotedName(let name): piece = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            default: piece = StatementText.text(token)
            }
            let afterOpening = previous.map { $0.isSymbol("(") || $0.isSymbol(".") } ?? true
            let glued = afterOpening || token.isSymbol(")") || token.isSymbol(",") || token.isSymbol(".")
            out += (glued ? "" : " ") + piece
            previous = token
        }
        return out
    }
}
