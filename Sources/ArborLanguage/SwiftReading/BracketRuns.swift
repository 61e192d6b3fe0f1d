import ArborCore

/// swift-syntax's parser (603) backtracks exponentially on a run of `[` (each may open a
/// collection type, `[[[T]]]`, or an inline array type): 16 in a row parse in 0.1 s, 22 in
/// a second, 26 in a minute. No model file nests so deep, so such a file is skipped with a
/// located note before the parser sees it, as a file above the size cap is.
enum BracketRuns {
    /// The longest run arbor lets the parser read (`[` with only spaces or line breaks between).
    static let longestAllowed = 16

    /// The offset where a run of `[` goes past `longestAllowed`, outside string literals and
    /// comments; nil when there is none.
    static func excess(in text: String) -> Int? {
        var text = text
        return text.withUTF8 { hasManyBrackets($0) ? excess(in: $0) : nil }
    }

    /// Whether the text has more `[` than a run may hold, wherever they are: a count the
    /// compiler makes in vector steps, where the careful scan reads a byte at a time (model
    /// files have a few `[` in all).
    private static func hasManyBrackets(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Indexed from the base pointer with wrapping steps and no branch: the form the
        // compiler makes into vector steps (`for byte in bytes where …` costs five
        // instructions a byte, `for i in 0..<count` is not vectorised either).
        guard let base = bytes.baseAddress else { return false }
        var count = 0
        var index = 0
        while index < bytes.count {
            count &+= base[index] == UInt8(ascii: "[") ? 1 : 0
            index &+= 1
        }
        return count > longestAllowed
    }

    private static func excess(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var run = 0
        var index = 0
        var inString = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                run = 0
            case UInt8(ascii: "/") where index + 1 < bytes.endIndex && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.endIndex && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.endIndex && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.endIndex
                    && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
                continue
            case UInt8(ascii: "["):
                run += 1
                if run > longestAllowed { return index }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                run = 0
            }
            index += 1
        }
        return nil
    }
}
