import ArborCore
import Foundation

/// The text of a `CREATE TABLE` statement, cut into its column definitions and
/// table constraints, so that a rebuild can add one constraint and keep every other
/// word the author wrote (types, defaults, checks, collations, `WITHOUT ROWID`).
struct CreateTableText {
    struct Definition {
        /// The column's name, unquoted; nil for a table constraint.
        var column: String?
        /// The byte offset just after its last token (before a trailing comment).
        var end: Int
    }

    let bytes: [UInt8]
    /// The offset of the `(` that opens the definitions.
    let open: Int
    let definitions: [Definition]

    /// Nil when the statement is not `CREATE TABLE name (…)` (`AS SELECT`, virtual tables).
    init?(_ sql: String) {
        let bytes = Array(sql.utf8)
        let tokens = SQLTokens(bytes).all()
        guard let first = tokens.firstIndex(where: { $0.text(bytes) == "(" }),
            tokens.prefix(first).contains(where: { $0.text(bytes).uppercased() == "TABLE" })
        else { return nil }
        let open = tokens[first].start
        var definitions: [Definition] = []
        var depth = 0
        var current: [SQLTokens.Token] = []
        func flush() {
            guard let head = current.first, let last = current.last else { return }
            let word = head.text(bytes).uppercased()
            let isConstraint = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].contains(word)
            definitions.append(Definition(column: isConstraint ? nil : head.unquoted(bytes), end: last.end))
            current = []
        }
        var closed = false
        for token in tokens[(first + 1)...] {
            let text = token.text(bytes)
            if text == "(" { depth += 1 }
            if text == ")" {
                if depth == 0 {
                    flush()
                    closed = true
                    break
                }
                depth -= 1
            }
            if text == ",", depth == 0 {
                flush()
                continue
            }
            current.append(token)
        }
        guard closed, !definitions.isEmpty else { return nil }
        self.bytes = bytes
        self.open = open
        self.definitions = definitions
    }

    /// The statement from its `(` on, with `insertions` (offset, text) made.
    func definitionsText(inserting insertions: [(Int, String)]) -> String {
        var out: [UInt8] = []
        var position = open
        for (offset, text) in insertions.sorted(by: { $0.0 < $1.0 }) {
            out += bytes[position..<offset]
            out += Array(text.utf8)
            position = offset
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Where to add a constraint to the definition of `column`.
    func endOfColumn(_ column: String) -> Int? {
        definitions.first { $0.column?.sqlFolded == column.sqlFolded }?.end
    }

    /// Where to add a table constraint: after the last definition.
    var endOfDefinitions: Int { definitions.last?.end ?? open + 1 }
}

/// A minimal SQLite tokenizer: enough to find parentheses, commas and names,
/// skipping comments and quoted text.
struct SQLTokens {
    struct Token {
        var start: Int
        var end: Int

        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

        /// A name without its quotes (`"a""b"` → `a"b`, `[x]` → `x`).
        func unquoted(_ bytes: [UInt8]) -> String {
            let text = self.text(bytes)
            guard let first = text.first, text.count >= 2 else { return text }
            switch first {
            case "\"", "`", "'":
                let quote = String(first)
                return String(text.dropFirst().dropLast()).replacingOccurrences(of: quote + quote, with: quote)
            case "[": return String(text.dropFirst().dropLast())
            default: return text
            }
        }
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func all() -> [Token] {
        var tokens: [Token] = []
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C {
                i += 1
            } else if c == 0x2D, i + 1 < n, bytes[i + 1] == 0x2D {  // -- comment
                while i < n, bytes[i] != 0x0A { i += 1 }
            } else if c == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {  // /* comment */
                i += 2
                while i < n, !(bytes[i] == 0x2A && i + 1 < n && bytes[i + 1] == 0x2F) { i += 1 }
                i = min(n, i + 2)
            } else if c == 0x22 || c == 0x27 || c == 0x60 || c == 0x5B {  // " ' ` [
                let close: UInt8 = c == 0x5B ? 0x5D : c
                let start = i
                i += 1
                while i < n {
                    if bytes[i] == close {
                        // A doubled quote stays inside (not for `[…]`).
                        if close != 0x5D, i + 1 < n, bytes[i + 1] == close {
                            i += 2
                            continue
                        }
                        break
                    }
                    i += 1
                }
                i = min(n, i + 1)
                tokens.append(Token(start: start, end: i))
            } else if c == 0x28 || c == 0x29 || c == 0x2C || c == 0x3B || c == 0x2E {  // ( ) , ; .
                tokens.append(Token(start: i, end: i + 1))
                i += 1
            } else {
                let start = i
                while i < n {
                    let d = bytes[i]
                    if d == 0x20 || d == 0x09 || d == 0x0A || d == 0x0D || d == 0x0C || d == 0x28 || d == 0x29
                        || d == 0x2C || d == 0x3B || d == 0x22 || d == 0x27 || d == 0x60 || d == 0x5B || d == 0x2E
                    {
                        break
                    }
                    if d == 0x2D, i + 1 < n, bytes[i + 1] == 0x2D { break }
                    if d == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A { break }
                    i += 1
                }
                tokens.append(Token(start: start, end: i))
            }
        }
        return tokens
    }

    /// True when `name` appears as a name (bare or quoted) in the text.
    static func mentions(_ sql: String, name: String) -> Bool {
        let bytes = Array(sql.utf8)
        let folded = name.sqlFolded
        return SQLTokens(bytes).all().contains { $0.unquoted(bytes).sqlFolded == folded }
    }
}
