/// Text that is safe to show on a terminal, measured in terminal columns.
public enum TerminalText {
    /// Escapes every control character (C0, DEL, C1) as `\e`, `\n`, `\u{7}`, … so that
    /// no byte from the database can drive the terminal, the bidirectional
    /// controls (`\u{202e}`, …) so that no value can reorder what is shown around
    /// it, and the invisible characters no grapheme needs (`InvisibleCharacters`)
    /// so that two values that look alike are seen to differ.
    public static func escaped(_ s: String) -> String {
        // Printable ASCII, most text shown, has nothing to escape; nor has most other text.
        if isPrintableASCII(s) || hasNothingToEscape(s) { return s }
        var needsControls = false
        var needsInvisible = false
        for scalar in s.unicodeScalars {
            if isControl(scalar) { needsControls = true }
            if InvisibleCharacters.isInvisible(scalar) { needsInvisible = true }
        }
        guard needsControls || needsInvisible else { return s }
        var invisible: Set<Int> = []
        var scalars: [Unicode.Scalar] = []
        if needsInvisible {
            var starts: [Bool] = []
            for character in s {
                for (i, scalar) in character.unicodeScalars.enumerated() {
                    scalars.append(scalar)
                    starts.append(i == 0)
                }
            }
            invisible = InvisibleCharacters.escapedPositions(scalars, graphemeStarts: starts)
        } else {
            scalars = Array(s.unicodeScalars)
        }
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            guard isControl(scalar) || invisible.contains(i) else {
                out.append(scalar)
                continue
            }
            let replacement: String =
                switch scalar {
                case "\n": "\\n"
                case "\t": "\\t"
                case "\r": "\\r"
                case "\u{1B}": "\\e"
                default: "\\u{\(String(scalar.value, radix: 16))}"
                }
            out.append(contentsOf: replacement.unicodeScalars)
        }
        return String(out)
    }

    /// Whether every byte of `s` is printable ASCII (a newline too when `newlines`): then
    /// nothing in it is escaped, and each byte is a column.
    public static func isPrintableASCII(_ s: String, newlines: Bool = false) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { isPrintableASCII($0, newlines: newlines) }
            ?? s.utf8.allSatisfy { (0x20..<0x7F).contains($0) || (newlines && $0 == 0x0A) }
    }

    /// `isPrintableASCII` of bytes: a load's 20,000 notes have their messages and lines scanned so.
    public static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, newlines: Bool = false) -> Bool {
        let test = { (byte: UInt8) in (byte >= 0x20 && byte < 0x7F) || (newlines && byte == 0x0A) }
        guard let base = bytes.baseAddress else { return true }
        // Eight bytes at a time: none has its high bit, none is below 0x20 (`w - 0x20…` borrows
        // into the high bit of such a byte) and none is DEL; a word that seems to hold a
        // control byte is looked at byte by byte.
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let del = word ^ 0x7F7F_7F7F_7F7F_7F7F
            if word & high != 0 || (del &- 0x0101_0101_0101_0101) & ~del & high != 0 { return false }
            if (word &- 0x2020_2020_2020_2020) & ~word & high != 0 {
                for j in i..<(i + 8) where !test(bytes[j]) { return false }
            }
            i += 8
        }
        while i < bytes.count {
            if !test(bytes[i]) { return false }
            i += 1
        }
        return true
    }

    /// Whether no scalar of `s` is a control or an invisible character: read byte by byte from
    /// the string's storage, ASCII bytes tested as they are and only the others decoded (the
    /// scalar view costs several times as much, for every cell and note shown). False when
    /// unsure, for `escaped` to look again scalar by scalar.
    static func hasNothingToEscape(_ s: String) -> Bool {
        let answer = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var i = 0
            while i < bytes.count {
                let lead = bytes[i]
                if lead < 0x80 {
                    if lead < 0x20 || lead == 0x7F { return false }
                    i += 1
                    continue
                }
                // A scalar of valid UTF-8: its length from its first byte, its value from the rest.
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                guard lead >= 0xC0, i + length <= bytes.count else { return false }
                var value = UInt32(lead) & (0xFF >> (length + 1))
                for j in 1..<length { value = value << 6 | UInt32(bytes[i + j] & 0x3F) }
                guard let scalar = Unicode.Scalar(value), !isControl(scalar), !InvisibleCharacters.isInvisible(scalar)
                else { return false }
                i += length
            }
            return true
        }
        return answer ?? false
    }

    /// Whether every byte of `s` passes `test`, read from the string's own storage when it
    /// has one: every message and line shown is scanned so.
    @inline(__always)
    static func allBytes(of s: String, _ test: (UInt8) -> Bool) -> Bool {
        if let all = s.utf8.withContiguousStorageIfAvailable({ bytes in
            for byte in bytes where !test(byte) { return false }
            return true
        }) {
            return all
        }
        return s.utf8.allSatisfy(test)
    }

    /// C0, DEL, C1, and the scalars that reorder or break lines on their own:
    /// bidirectional embeddings, overrides, isolates and marks, and the line and
    /// paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0xA0 { return v < 0x20 || v >= 0x7F }
        return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v)
            || (0x2066...0x2069).contains(v)
    }

    /// The number of terminal columns `s` takes, counted by grapheme cluster: two
    /// for East Asian wide characters and emoji (an emoji ZWJ sequence or a flag is
    /// one), none for a combining mark alone.
    public static func width(_ s: String) -> Int {
        if allBytes(of: s, { $0 < 0x80 }) { return s.utf8.count }
        let counted = s.utf8.withContiguousStorageIfAvailable { bytes in
            var total = 0
            var offset = 0
            while offset < bytes.count {
                // An ASCII byte followed by another is a character of one column: no grapheme
                // joins two ASCII bytes but CR LF, left to the grapheme path so that it always
                // starts on a character's first byte. Only the rest is broken into graphemes, the
                // costly part (rendering the notes of a line of CJK names was a third of its load).
                let byte = bytes[offset]
                if byte < 0x80, byte != 0x0D, offset + 1 == bytes.count || bytes[offset + 1] < 0x80 {
                    total += 1
                    offset += 1
                    continue
                }
                guard let character = s[s.utf8.index(s.utf8.startIndex, offsetBy: offset)...].first else { break }
                total += characterWidth(character)
                offset += character.utf8.count
            }
            return total
        }
        return counted ?? s.reduce(0) { $0 + characterWidth($1) }
    }

    /// Columns of one grapheme: its base's, or two when it draws as an emoji.
    static func characterWidth(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if base.isASCII, scalars.count == 1 { return 1 }
        if isControl(base) { return scalars.count }  // shown escaped elsewhere; count something
        var width = scalarWidth(base)
        if scalars.count > 1, base.properties.isEmoji,
            scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || $0.properties.isEmojiPresentation })
        {
            width = 2
        }
        return width
    }

    /// `s` padded with spaces to `width` columns.
    public static func padded(_ s: String, to width: Int) -> String {
        let w = self.width(s)
        return w >= width ? s : s + String(repeating: " ", count: width - w)
    }

    /// Column width of one scalar, independent of the process locale (unlike `wcwidth`).
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if isControl(scalar) { return 1 }  // shown escaped elsewhere; count something
        if isIdeographOrHangulSyllable(scalar) { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (0x1160...0x11FF).contains(v) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(v) { return 2 }
        return 1
    }

    /// A CJK ideograph (U+4E00–9FFF) or a Hangul syllable (U+AC00–D7A3): the commonest letters
    /// past Latin, answered with no property looked up. Each is wide, and none is a mark, a
    /// format character or an emoji (`testCJKAndHangulAreWide`).
    public static func isIdeographOrHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15, abridged to whole blocks).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
