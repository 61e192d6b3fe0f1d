import Foundation

/// Reads Swift source just enough to walk GRDB's test files: brackets, statements
/// and string literals. Not a Swift parser: what it can not read, the suite counts
/// as an assertion arbor did not match.
struct SwiftSourceReader {
    /// The text with comments blanked out, so that nothing else needs to skip them.
    let text: [Character]

    init(_ source: String) {
        text = Self.blankingComments(Array(source))
    }

    func string(_ range: Range<Int>) -> String { String(text[range]) }

    // MARK: Literals and brackets

    /// The index just after the string literal that opens at `start`.
    func endOfLiteral(at start: Int) -> Int {
        if isTripleQuote(at: start) {
            var i = start + 3
            while i < text.count {
                if text[i] == "\\" {
                    i = skipEscape(at: i)
                    continue
                }
                if isTripleQuote(at: i) { return i + 3 }
                i += 1
            }
            return text.count
        }
        var i = start + 1
        while i < text.count {
            if text[i] == "\\" {
                i = skipEscape(at: i)
                continue
            }
            if text[i] == "\"" || text[i] == "\n" { return i + 1 }
            i += 1
        }
        return text.count
    }

    /// The index after an escape; `\(…)` skips its whole interpolation.
    private func skipEscape(at i: Int) -> Int {
        if i + 1 < text.count, text[i + 1] == "(" {
            return (matchingClose(of: i + 1) ?? text.count - 1) + 1
        }
        return i + 2
    }

    private func isTripleQuote(at i: Int) -> Bool {
        i + 2 < text.count && text[i] == "\"" && text[i + 1] == "\"" && text[i + 2] == "\""
    }

    /// The index of the bracket closing the one at `open`, literals skipped.
    func matchingClose(of open: Int) -> Int? {
        var depth = 0
        var i = open
        while i < text.count {
            let c = text[i]
            if c == "\"" {
                i = endOfLiteral(at: i)
                continue
            }
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    // MARK: Statements

    /// The statements of `range` (a block's inside), split at line ends where the
    /// expression is complete: a line ending in an operator or comma, or a next
    /// line starting with `.`, continues the statement.
    func statements(in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        var i = range.lowerBound
        while i < range.upperBound {
            let c = text[i]
            if c == "\"" {
                if start == nil { start = i }
                i = endOfLiteral(at: i)
                continue
            }
            if c == "(" || c == "[" || c == "{" {
                if start == nil { start = i }
                i = min((matchingClose(of: i) ?? range.upperBound - 1) + 1, range.upperBound)
                continue
            }
            if c == "\n" || c == ";" {
                if let begun = start, c == ";" || endsStatement(from: begun, at: i, limit: range.upperBound) {
                    result.append(begun..<i)
                    start = nil
                }
                i += 1
                continue
            }
            if start == nil, !c.isWhitespace { start = i }
            i += 1
        }
        if let begun = start { result.append(begun..<range.upperBound) }
        return result
    }

    private func endsStatement(from start: Int, at newline: Int, limit: Int) -> Bool {
        var before = newline - 1
        while before > start, text[before].isWhitespace { before -= 1 }
        if ",=+-*/&|:([{".contains(text[before]) { return false }
        var after = newline + 1
        while after < limit, text[after].isWhitespace { after += 1 }
        if after < limit, ".&|+{".contains(text[after]) { return false }
        return true
    }

    // MARK: Pieces of a statement

    /// The top-level `{ … }` blocks of `range`, in order.
    func blocks(in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if text[i] == "\"" {
                i = endOfLiteral(at: i)
                continue
            }
            if text[i] == "(" || text[i] == "[" || text[i] == "{" {
                guard let close = matchingClose(of: i) else { return result }
                if text[i] == "{" { result.append(i..<(close + 1)) }
                i = close + 1
                continue
            }
            i += 1
        }
        return result
    }

    /// The inside of a closure or block `{ … }`, without a `db in` header.
    func body(of block: Range<Int>) -> Range<Int> {
        let inside = (block.lowerBound + 1)..<(block.upperBound - 1)
        let head = string(inside.lowerBound..<min(inside.upperBound, inside.lowerBound + 80))
        if let match = head.range(
            of: #"^\s*[A-Za-z_][A-Za-z0-9_]*(\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*\s+in\s"#, options: .regularExpression)
        {
            return (inside.lowerBound + head.distance(from: head.startIndex, to: match.upperBound))..<inside.upperBound
        }
        return inside
    }

    /// The arguments of a call whose `(` is at `open`, split at top-level commas,
    /// each with its label when it has one.
    func arguments(ofCallAt open: Int) -> [(label: String?, value: String)] {
        guard let close = matchingClose(of: open) else { return [] }
        return Self.split(string((open + 1)..<close), at: ",").map { argument in
            let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
            if let match = trimmed.range(of: #"^[A-Za-z_][A-Za-z0-9_]*\s*:(?!:)"#, options: .regularExpression) {
                let label = trimmed[match].dropLast().trimmingCharacters(in: .whitespaces)
                return (label, trimmed[match.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return (nil, trimmed)
        }
    }

    /// `text` split at `separator` where it is outside brackets and literals.
    static func split(_ source: String, at separator: Character) -> [String] {
        let reader = SwiftSourceReader(source)
        var parts: [String] = []
        var start = 0
        var i = 0
        while i < reader.text.count {
            let c = reader.text[i]
            if c == "\"" {
                i = reader.endOfLiteral(at: i)
                continue
            }
            if c == "(" || c == "[" || c == "{" {
                i = (reader.matchingClose(of: i) ?? reader.text.count - 1) + 1
                continue
            }
            if c == separator {
                parts.append(reader.string(start..<i))
                start = i + 1
            }
            i += 1
        }
        let last = reader.string(start..<reader.text.count)
        if !last.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(last) }
        return parts
    }

    // MARK: Comments

    private static func blankingComments(_ source: [Character]) -> [Character] {
        var text = source
        let reader = SwiftSourceReader(raw: source)
        var i = 0
        while i < text.count {
            if text[i] == "\"" {
                i = reader.endOfLiteral(at: i)
                continue
            }
            if text[i] == "/", i + 1 < text.count, text[i + 1] == "/" {
                while i < text.count, text[i] != "\n" {
                    text[i] = " "
                    i += 1
                }
                continue
            }
            if text[i] == "/", i + 1 < text.count, text[i + 1] == "*" {
                while i < text.count, !(text[i] == "*" && i + 1 < text.count && text[i + 1] == "/") {
                    if text[i] != "\n" { text[i] = " " }
                    i += 1
                }
                if i + 1 < text.count {
                    text[i] = " "
                    text[i + 1] = " "
                }
                i += 2
                continue
            }
            i += 1
        }
        return text
    }

    private init(raw: [Character]) { text = raw }
}
