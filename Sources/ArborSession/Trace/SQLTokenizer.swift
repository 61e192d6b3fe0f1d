import ArborCore
import Foundation

/// One token of a traced statement, as SQLite's tokenizer would split it.
struct SQLToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a keyword or an unquoted name, upper-cased.
        case word(String)
        /// A quoted name (`"author"`, `[author]`, `` `author` ``), unquoted.
        case quotedName(String)
        /// A literal that a parameter could have given: `1`, `-2.5`, `'FR'`, `X'00'`.
        case literal(SQLValue)
        /// `?`, `?1`, `:name`, `@name`, `$name`: a value the trace does not show.
        case placeholder
        /// An operator or punctuation: `=`, `<=`, `(`, `,`, `.`.
        case symbol(String)
    }

    var kind: Kind

    /// The name this token spells, when it can be one (a bare word or a quoted name).
    var name: String? {
        switch kind {
        case .word(let word): word
        case .quotedName(let name): name
        default: nil
        }
    }

    var isParameter: Bool {
        switch kind {
        case .literal, .placeholder: true
        default: false
        }
    }

    func isWord(_ word: String) -> Bool { kind == .word(word) }
    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }
}

/// Splits SQL into tokens; comments and white space are dropped. Never fails:
/// an unterminated string or name runs to the end of the text.
enum SQLTokenizer {
    static func tokens(_ text: String) -> [SQLToken] {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { tokens(UnsafeBufferPointer($0)) }
    }

    static func tokens(_ b: UnsafeBufferPointer<UInt8>) -> [SQLToken] {
        var tokens: [SQLToken] = []
        tokens.reserveCapacity(32)
        var i = 0
        let n = b.count
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
        }
        /// Reads a quoted run closed by `close`, a doubled `close` standing for itself.
        func quoted(from start: Int, close: UInt8) -> (String, Int) {
            var j = start
            var pieces: [UInt8] = []
            while j < n {
                if b[j] == close {
                    if j + 1 < n, b[j + 1] == close, close != UInt8(ascii: "]") {
                        pieces.append(close)
                        j += 2
                        continue
                    }
                    return (String(decoding: pieces, as: UTF8.self), j + 1)
                }
                pieces.append(b[j])
                j += 1
            }
            return (String(decoding: pieces, as: UTF8.self), n)
        }
        while i < n {
            let c = b[i]
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B:
                i += 1
            case UInt8(ascii: "-") where i + 1 < n && b[i + 1] == UInt8(ascii: "-"):
                while i < n, b[i] != 0x0A { i += 1 }
            case UInt8(ascii: "/") where i + 1 < n && b[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i < n, !(b[i] == UInt8(ascii: "*") && i + 1 < n && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(n, i + 2)
            case UInt8(ascii: "'"):
                let (text, end) = quoted(from: i + 1, close: c)
                tokens.append(SQLToken(kind: .literal(.text(text))))
                i = end
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                let (name, end) = quoted(from: i + 1, close: c)
                tokens.append(SQLToken(kind: .quotedName(name)))
                i = end
            case UInt8(ascii: "["):
                let (name, end) = quoted(from: i + 1, close: UInt8(ascii: "]"))
                tokens.append(SQLToken(kind: .quotedName(name)))
                i = end
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let end = numberEnd(b, from: i)
                tokens.append(SQLToken(kind: .literal(number(string(i..<end), negative: false))))
                i = end
            case UInt8(ascii: ".") where i + 1 < n && isDigit(b[i + 1]):
                let end = numberEnd(b, from: i)
                tokens.append(SQLToken(kind: .literal(number(string(i..<end), negative: false))))
                i = end
            case UInt8(ascii: "?"):
                i += 1
                while i < n, isDigit(b[i]) { i += 1 }
                tokens.append(SQLToken(kind: .placeholder))
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                if i + 1 < n, isWordByte(b[i + 1]) {
                    i += 1
                    while i < n, isWordByte(b[i]) { i += 1 }
                    tokens.append(SQLToken(kind: .placeholder))
                } else {
                    tokens.append(SQLToken(kind: .symbol(string(i..<(i + 1)))))
                    i += 1
                }
            default:
                if c | 0x20 == UInt8(ascii: "x"), i + 1 < n, b[i + 1] == UInt8(ascii: "'") {
                    let (hex, end) = quoted(from: i + 2, close: UInt8(ascii: "'"))
                    tokens.append(SQLToken(kind: .literal(.blob(Self.data(hex: hex)))))
                    i = end
                } else if isWordStart(c) {
                    let start = i
                    while i < n, isWordByte(b[i]) { i += 1 }
                    tokens.append(SQLToken(kind: .word(string(start..<i).uppercased())))
                } else if c == UInt8(ascii: "-"), i + 1 < n, isDigit(b[i + 1]) || b[i + 1] == UInt8(ascii: "."),
                    precedesOperand(tokens.last)
                {
                    // `= -1`: one negative literal, as a bound parameter would show.
                    let end = numberEnd(b, from: i + 1)
                    tokens.append(SQLToken(kind: .literal(number(string((i + 1)..<end), negative: true))))
                    i = end
                } else {
                    let two = i + 1 < n ? string(i..<(i + 2)) : ""
                    if ["<=", ">=", "<>", "!=", "==", "||", "<<", ">>", "->"].contains(two) {
                        if two == "->", i + 2 < n, b[i + 2] == UInt8(ascii: ">") {
                            tokens.append(SQLToken(kind: .symbol("->>")))
                            i += 3
                        } else {
                            tokens.append(SQLToken(kind: .symbol(two)))
                            i += 2
                        }
                    } else {
                        // One byte, or a whole scalar outside ASCII.
                        var end = i + 1
                        while end < n, b[end] & 0xC0 == 0x80 { end += 1 }
                        tokens.append(SQLToken(kind: .symbol(string(i..<end))))
                        i = end
                    }
                }
            }
        }
        return tokens
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    static func isWordStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
    }

    static func isWordByte(_ c: UInt8) -> Bool { isWordStart(c) || isDigit(c) || c == UInt8(ascii: "$") }

    /// A minus sign is part of a literal after an operator, a bracket, a comma or a keyword.
    private static func precedesOperand(_ token: SQLToken?) -> Bool {
        guard let token else { return true }
        switch token.kind {
        case .symbol(let s): return s != ")"
        case .word(let w):
            return [
                "IN", "AND", "OR", "NOT", "IS", "WHEN", "THEN", "ELSE", "VALUES", "SELECT", "WHERE", "LIMIT",
                "OFFSET", "BETWEEN", "LIKE", "ON", "SET", "CASE", "BY",
            ].contains(w)
        default: return false
        }
    }

    private static func numberEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let n = b.count
        if i + 1 < n, b[i] == UInt8(ascii: "0"), b[i + 1] | 0x20 == UInt8(ascii: "x") {
            i += 2
            while i < n, isDigit(b[i]) || (b[i] | 0x20 >= UInt8(ascii: "a") && b[i] | 0x20 <= UInt8(ascii: "f")) {
                i += 1
            }
            return i
        }
        while i < n, isDigit(b[i]) || b[i] == UInt8(ascii: ".") { i += 1 }
        if i < n, b[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            if j < n, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") { j += 1 }
            if j < n, isDigit(b[j]) {
                i = j
                while i < n, isDigit(b[i]) { i += 1 }
            }
        }
        return i
    }

    private static func number(_ text: String, negative: Bool) -> SQLValue {
        if text.hasPrefix("0x") || text.hasPrefix("0X"), let value = Int64(text.dropFirst(2), radix: 16) {
            return .integer(negative ? -value : value)
        }
        if let value = Int64(text) { return .integer(negative ? -value : value) }
        let value = Double(text) ?? 0
        return .real(negative ? -value : value)
    }

    private static func data(hex: String) -> Data {
        var data = Data()
        var high: UInt8?
        for c in hex.utf8 {
            guard let digit = UInt8(String(UnicodeScalar(c)), radix: 16) else { continue }
            if let h = high {
                data.append(h << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        return data
    }
}
