/// Counts the argument placeholders of raw SQL, skipping quoted text and comments.
enum SQLPlaceholders {
    static func scan(_ sql: String) -> (positional: Int, named: [String], numbered: Int) {
        var positional = 0
        var named: [String] = []
        var numbered = 0
        let bytes = Array(sql.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                i += 1
                while i < bytes.count {
                    if bytes[i] == c {
                        if i + 1 < bytes.count && bytes[i + 1] == c {
                            i += 2
                            continue
                        }
                        break
                    }
                    i += 1
                }
            case UInt8(ascii: "["):
                while i < bytes.count && bytes[i] != UInt8(ascii: "]") { i += 1 }
            case UInt8(ascii: "-") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "-"):
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    i += 1
                }
                i += 1
            case UInt8(ascii: "?"):
                // `?NNN` numbers parameters across every fragment of the statement: it can not
                // be matched with one fragment's arguments, so it counts as unsupported.
                if i + 1 < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + 1]) {
                    numbered += 1
                    while i + 1 < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + 1]) {
                        i += 1
                    }
                } else {
                    positional += 1
                }
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                // The name as SQLite gives it to GRDB, without its `:`, `@` or `$`.
                var end = i + 1
                while end < bytes.count,
                    bytes[end].isIdentifierByte || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
                {
                    end += 1
                }
                if end > i + 1, bytes[i + 1].isIdentifierByte {
                    named.append(String(decoding: bytes[(i + 1)..<end], as: UTF8.self))
                    i = end - 1
                }
            default:
                break
            }
            i += 1
        }
        return (positional, named, numbered)
    }
}

extension UInt8 {
    fileprivate var isIdentifierByte: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || self == UInt8(ascii: "_") || self >= 0x80
    }
}
