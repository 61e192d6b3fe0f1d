/// Text that is safe to show on a terminal, measured in terminal columns.
public enum TerminalText {
    /// Escapes every control character (C0, DEL, C1) as `\e`, `\n`, `\u{7}`, … so that
    /// no byte from the database can drive the terminal, and the bidirectional
    /// controls (`\u{202e}`, …) so that no value can reorder what is shown around it.
    public static func escaped(_ s: String) -> String {
        var needsEscaping = false
        for scalar in s.unicodeScalars where isControl(scalar) {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            guard isControl(scalar) else {
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

    /// C0, DEL, C1, and the scalars that reorder or break lines on their own:
    /// bidirectional embeddings, overrides, isolates and marks, and the line and
    /// paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0xA0 { return v < 0x20 || v >= 0x7F }
        return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v)
            || (0x2066...0x2069).contains(v)
    }

    /// The number of terminal columns `s` takes: two for East Asian wide characters
    /// and most emoji, none for combining marks.
    public static func width(_ s: String) -> Int {
        var total = 0
        for scalar in s.unicodeScalars {
            if scalar.isASCII {
                total += 1
                continue
            }
            total += scalarWidth(scalar)
        }
        return total
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
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (0x1160...0x11FF).contains(v) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(v) { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15, abridged to whole blocks).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
