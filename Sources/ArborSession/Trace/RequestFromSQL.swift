import ArborCore
import ArborLanguage

/// Writes a traced statement as the GRDB request an app writes for it, when it is
/// one a query interface request of one table gives: `SELECT * FROM "author"
/// WHERE "countryCode" = 'FR' ORDER BY "name" LIMIT 10` is
/// `Author.filter(Column("countryCode") == "FR").order(Column("name")).limit(10)`.
/// A condition or ordering it can not write with columns is kept as SQL
/// (`filter(sql:)`, `order(sql:)`); a statement that is not such a request gives nil.
struct RequestFromSQL {
    let environment: Environment

    /// The request, and whether it holds a placeholder whose value the trace does not show.
    func request(_ sql: String) -> (text: String, hasPlaceholders: Bool)? {
        let tokens = SQLTokenizer.tokens(sql)
        var i = 0
        guard tokens.count >= 4, tokens[0].isWord("SELECT") else { return nil }
        i = 1
        // `*` or `"author".*`.
        if tokens[i].isSymbol("*") {
            i += 1
        } else if i + 2 < tokens.count, tokens[i].name != nil, tokens[i + 1].isSymbol("."), tokens[i + 2].isSymbol("*")
        {
            i += 3
        } else {
            return nil
        }
        guard i + 1 < tokens.count, tokens[i].isWord("FROM"), let table = tokens[i + 1].name,
            let info = environment.schema.table(named: table)
        else { return nil }
        i += 2
        var text = environment.displayName(ofTable: info.name)
        var operations: [String] = []
        var hasPlaceholders = false
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
            let condition = Array(tokens[(i + 1)..<end])
            if condition.contains(where: { $0.kind == .placeholder }) { hasPlaceholders = true }
            operations.append(filter(condition, table: info))
            i = end
        }
        if i + 1 < tokens.count, tokens[i].isWord("ORDER"), tokens[i + 1].isWord("BY") {
            let end = clauseEnd(from: i + 2)
            operations.append(order(Array(tokens[(i + 2)..<end]), table: info))
            i = end
        }
        if i < tokens.count, tokens[i].isWord("LIMIT") {
            let rest = Array(tokens[(i + 1)...])
            guard case .literal(.integer(let limit))? = rest.first?.kind else { return nil }
            if rest.count == 1 {
                operations.append(".limit(\(limit))")
            } else if rest.count == 3, rest[1].isWord("OFFSET"), case .literal(.integer(let offset)) = rest[2].kind {
                operations.append(".limit(\(limit), offset: \(offset))")
            } else {
                return nil
            }
            i = tokens.count
        }
        guard i == tokens.count else { return nil }
        text += operations.isEmpty ? ".all()" : operations.joined()
        return (text, hasPlaceholders)
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
