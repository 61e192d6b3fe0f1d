/// Where a long file may be cut between two top-level declarations, so that each piece
/// is parsed and lowered on its own (`SwiftSourceReader`): a piece's syntax tree is freed
/// and its memory reused before the next, and lowering reads a tree still in the cache.
/// Read whole, the 4 MB file's tree is some 200 MB, faulted in page by page, and
/// lowering went back over it once it had left the cache.
///
/// A cut is a line break after a `}` that closes a top-level declaration, before a line
/// that starts another (`struct`, `extension`, an attribute…), outside strings, comments
/// and `#if`. The scan only proposes: the reader keeps the pieces only when each parses
/// without error and begins and ends on the tokens the scan saw (`Cut.brace`,
/// `Cut.next`), and reads the file whole otherwise.
struct TopLevelPieces {
    struct Cut: Equatable {
        /// The `}` that ends the piece before the cut.
        var brace: Int
        /// The line break the next piece starts with (its leading trivia, as when read whole).
        var lineBreak: Int
        /// The first token of the next piece (a keyword or `@`).
        var next: Int
    }

    /// Below twice this, a file is read whole; above, pieces are at least this long.
    static let pieceSize = 48 * 1024

    /// The cuts of `bytes`, pieces at least `pieceSize` long; none when the scan meets
    /// what it does not follow (an extended regex literal `#/…/#`, a string or comment
    /// left open).
    static func cuts(in bytes: UnsafeBufferPointer<UInt8>, pieceSize: Int = pieceSize) -> [Cut] {
        guard bytes.count >= 2 * pieceSize else { return [] }
        var scanner = Scanner(bytes: bytes)
        var cuts: [Cut] = []
        var pieceStart = 0
        while let cut = scanner.nextCandidate(from: pieceStart + pieceSize) {
            // The rest is scanned all the same: a string or comment left open there sends
            // the file to be read whole.
            guard bytes.count - cut.lineBreak >= pieceSize else {
                while scanner.nextCandidate(from: bytes.count) != nil {}
                break
            }
            cuts.append(cut)
            pieceStart = cut.lineBreak
        }
        return scanner.failed ? [] : cuts
    }

    /// Follows Swift's lexical structure far enough to know when it is at the top level:
    /// strings (multi-line, raw, with interpolations), nested block comments, brackets,
    /// `#if` blocks.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var failed = false
        /// Open brackets of every kind, in code outside strings.
        private var depth = 0
        /// Open `#if` blocks at the top level.
        private var conditionals = 0
        /// The strings and interpolations the scan is in, innermost last.
        private var frames: [Frame] = []
        /// The last byte of code that is neither blank nor a comment, and where it is.
        private var last: UInt8 = 0
        private var lastOffset = 0
        /// Whether only blanks came before `index` on its line.
        private var atLineStart = true

        private enum Frame {
            case string(multiline: Bool, hashes: Int)
            /// `\(…)` inside a string: its parentheses still open.
            case interpolation(parentheses: Int)
        }

        /// `Self.specialBytes`, held: a static is checked for its first use at each read.
        private let special = Scanner.specialBytes

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The next line break at the top level after a `}`, before a declaration, at
        /// `minimum` or after (the line after an earlier one is not looked at).
        mutating func nextCandidate(from minimum: Int) -> Cut? {
            while index < bytes.count, !failed {
                // At the top level, as most of a file is, no frame is read.
                if frames.isEmpty {
                    if skipOrdinaryRun() { continue }
                } else if case .string(let multiline, let hashes) = frames.last {
                    scanString(multiline: multiline, hashes: hashes)
                    continue
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    let lineBreak = index
                    index += 1
                    atLineStart = true
                    if lineBreak >= minimum, frames.isEmpty, depth == 0, conditionals == 0, last == UInt8(ascii: "}"),
                        let next = declarationStart(after: lineBreak)
                    {
                        return Cut(brace: lastOffset, lineBreak: lineBreak, next: next)
                    }
                    continue
                }
                scanCode(byte)
            }
            if !frames.isEmpty { failed = true }
            return nil
        }

        /// Top-level code between the bytes that matter (brackets, quotes, `/`, `#`, line
        /// breaks): letters, digits, blanks and the other operators, passed in one loop. Most
        /// of a file is these: the scan reads them a byte at a time otherwise.
        private mutating func skipOrdinaryRun() -> Bool {
            guard let base = bytes.baseAddress else { return false }
            // In locals: the loop reads memory, which the compiler can not tell from `self`'s.
            let start = index
            let count = bytes.count
            var end = index
            // A table read a byte: the bit test cost some thirteen instructions a byte.
            special.withUnsafeBufferPointer { special in
                while end < count, !special[Int(base[end])] { end += 1 }
            }
            index = end
            // The last of them that is not blank, found from the end.
            var lastCode = end - 1
            while lastCode >= start, Self.isBlank(base[lastCode]) { lastCode -= 1 }
            if lastCode >= start {
                atLineStart = false
                last = base[lastCode]
                lastOffset = lastCode
            }
            return end > start
        }

        /// The bytes `scanCode` reads one by one, as bits: `\n " # ( ) /` below 64, `[ ] { }` above.
        private static var specialBelow64: UInt64 { 0x0000_830C_0000_0400 }
        private static var specialFrom64: UInt64 { 0x2800_0000_2800_0000 }

        /// `isSpecial` of every byte, by byte.
        private static let specialBytes: [Bool] = (0...255).map { isSpecial(UInt8($0)) }

        private static func isSpecial(_ byte: UInt8) -> Bool {
            byte < 64
                ? specialBelow64 >> byte & 1 != 0
                : byte < 128 && specialFrom64 >> (byte - 64) & 1 != 0
        }

        /// A backslash, a quote or a line break: what may end a run of a string's text.
        private static func endsStringText(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }

        /// `"""` at `offset`: three bytes compared, where `matches` walks a string's UTF-8.
        private func isTripleQuote(at offset: Int) -> Bool {
            let quote = UInt8(ascii: "\"")
            return byte(at: offset) == quote && byte(at: offset + 1) == quote && byte(at: offset + 2) == quote
        }

        private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        private mutating func scanCode(_ current: UInt8) {
            let wasAtLineStart = atLineStart
            if current != UInt8(ascii: " "), current != UInt8(ascii: "\t"), current != UInt8(ascii: "\r") {
                atLineStart = false
            }
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(at: index + hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    openString(hashes: hashes)
                } else if byte(at: index + hashes) == UInt8(ascii: "/") {
                    // An extended regex literal may hold anything, line breaks included.
                    failed = true
                } else {
                    if wasAtLineStart, frames.isEmpty { countConditional() }
                    note(current)
                    index += 1
                }
            case UInt8(ascii: "\""):
                openString(hashes: 0)
            case UInt8(ascii: "("):
                if case .interpolation(let open) = frames.last {
                    frames[frames.count - 1] = .interpolation(parentheses: open + 1)
                } else {
                    depth += 1
                }
                note(current)
                index += 1
            case UInt8(ascii: ")"):
                if case .interpolation(let open) = frames.last {
                    if open == 0 {
                        frames.removeLast()
                    } else {
                        frames[frames.count - 1] = .interpolation(parentheses: open - 1)
                    }
                } else {
                    depth -= 1
                }
                note(current)
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if frames.isEmpty { depth += 1 }
                note(current)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if frames.isEmpty { depth -= 1 }
                note(current)
                index += 1
            default:
                note(current)
                index += 1
            }
        }

        private mutating func note(_ byte: UInt8) {
            guard frames.isEmpty else { return }
            last = byte
            lastOffset = index
        }

        /// `#if` and `#endif` at the start of a top-level line.
        private mutating func countConditional() {
            if matches("#if", at: index), !isIdentifierByte(byte(at: index + 3)) {
                conditionals += 1
            } else if matches("#endif", at: index), !isIdentifierByte(byte(at: index + 6)) {
                conditionals -= 1
            }
        }

        /// At `index`, the `"` that opens a string after `hashes` `#`.
        private mutating func openString(hashes: Int) {
            if isTripleQuote(at: index) {
                frames.append(.string(multiline: true, hashes: hashes))
                index += 3
            } else {
                frames.append(.string(multiline: false, hashes: hashes))
                index += 1
            }
        }

        private mutating func scanString(multiline: Bool, hashes: Int) {
            // The string's text up to a backslash, a quote or a line break, in one loop.
            if let base = bytes.baseAddress {
                var next = index
                while next < bytes.count, !Self.endsStringText(base[next]) { next += 1 }
                index = next
                guard index < bytes.count else { return }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                var escapeHashes = 0
                while self.byte(at: index + 1 + escapeHashes) == UInt8(ascii: "#") { escapeHashes += 1 }
                guard escapeHashes == hashes else {
                    index += 1
                    return
                }
                let escaped = index + 1 + hashes
                if self.byte(at: escaped) == UInt8(ascii: "(") {
                    frames.append(.interpolation(parentheses: 0))
                    index = escaped + 1
                } else {
                    // An escaped character, a quote or a backslash among them.
                    index = escaped + 1
                }
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if multiline ? isTripleQuote(at: index) : true,
                    (0..<hashes).allSatisfy({ self.byte(at: index + quotes + $0) == UInt8(ascii: "#") })
                {
                    frames.removeLast()
                    index += quotes + hashes
                    note(UInt8(ascii: "\""))
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\n"), !multiline {
                // A string left open on its line: the parser says so; this scan stops.
                failed = true
            } else {
                index += 1
            }
        }

        /// Block comments nest in Swift.
        private mutating func skipBlockComment() {
            var open = 0
            while index < bytes.count {
                if byte(at: index) == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") {
                    open += 1
                    index += 2
                } else if byte(at: index) == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/") {
                    open -= 1
                    index += 2
                    if open == 0 { return }
                } else {
                    index += 1
                }
            }
            failed = true
        }

        /// The offset of the first token of the line after `lineBreak`, blank lines and line
        /// comments skipped, when it starts a declaration at the line's first column.
        private func declarationStart(after lineBreak: Int) -> Int? {
            var offset = lineBreak + 1
            while offset < bytes.count {
                if bytes[offset] == UInt8(ascii: "\n") {
                    offset += 1
                } else if byte(at: offset) == UInt8(ascii: "/") && byte(at: offset + 1) == UInt8(ascii: "/") {
                    while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                } else {
                    break
                }
            }
            guard offset < bytes.count else { return nil }
            if bytes[offset] == UInt8(ascii: "@") { return offset }
            for keyword in Self.declarationKeywords where matches(keyword, at: offset) {
                if !isIdentifierByte(byte(at: offset + keyword.utf8.count)) { return offset }
            }
            return nil
        }

        /// Words that start a top-level declaration and never continue an expression.
        private static let declarationKeywords = [
            "struct", "extension", "enum", "class", "final", "actor", "protocol", "public", "private",
            "fileprivate", "internal", "open", "import", "func", "typealias", "let", "var",
        ]

        private func matches(_ word: String, at offset: Int) -> Bool {
            var i = offset
            for unit in word.utf8 {
                guard i < bytes.count, bytes[i] == unit else { return false }
                i += 1
            }
            return true
        }

        private func isIdentifierByte(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
        }
    }
}
