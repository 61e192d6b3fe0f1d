/// The characters that draw nothing (zero-width spaces and joiners, soft
/// hyphens, fillers, tags, variation selectors and every other format
/// character): two values that look alike on screen may differ by one, so text
/// meant for people shows them escaped (`\u{200b}`). Except where they belong
/// to a grapheme drawn as one visible character, where they do their work:
/// an emoji ZWJ sequence (👩‍👩‍👧), a variation selector after its base (❤️), the
/// tags of a flag (🏴 with its tag letters), a joiner inside a word of a
/// joining script (Arabic, the Indic scripts).
enum InvisibleCharacters {
    /// Invisible on its own: a format character (Cf), a variation selector, the
    /// combining grapheme joiner, or a Hangul filler.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0xAD { return false }
        if TerminalText.isIdeographOrHangulSyllable(scalar) { return false }
        if scalar.properties.generalCategory == .format { return true }
        return v == 0x034F || v == 0x115F || v == 0x1160 || v == 0x3164 || v == 0xFFA0 || v == 0x180E
            || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) || (0x180B...0x180F).contains(v)
    }

    /// Which scalars of `scalars` to show escaped: the invisible ones that no
    /// grapheme needs (`graphemeStarts[i]` tells whether scalar `i` starts one).
    static func escapedPositions(_ scalars: [Unicode.Scalar], graphemeStarts: [Bool]) -> Set<Int> {
        var positions: Set<Int> = []
        var graphemeStart = 0
        for (i, scalar) in scalars.enumerated() {
            if graphemeStarts[i] { graphemeStart = i }
            guard isInvisible(scalar) else { continue }
            if !isNeeded(i, in: scalars, graphemeStart: graphemeStart, graphemeStarts: graphemeStarts) {
                positions.insert(i)
            }
        }
        return positions
    }

    private static func isNeeded(
        _ i: Int, in scalars: [Unicode.Scalar], graphemeStart: Int, graphemeStarts: [Bool]
    ) -> Bool {
        let v = scalars[i].value
        // Not the first of its grapheme: something visible comes before it in the same one.
        let base = scalars[graphemeStart]
        let hasVisibleBase =
            graphemeStart < i && !isInvisible(base) && base.value > 0x20 && !base.properties.isWhitespace
        let baseIsEmoji = base.properties.isEmoji && base.value > 0xFF
        switch v {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180F:
            // A variation selector chooses how its base is drawn.
            return hasVisibleBase && !isInvisible(scalars[i - 1])
        case 0x200D:
            // Between two emoji of one grapheme (a ZWJ sequence)…
            if baseIsEmoji, i + 1 < scalars.count, !graphemeStarts[i + 1],
                scalars[i + 1].properties.isEmoji
            {
                return true
            }
            return isInsideJoiningWord(i, in: scalars)
        case 0x200C:
            return isInsideJoiningWord(i, in: scalars)
        case 0xE0020...0xE007F:
            // The tag letters of a flag (🏴 + tags + cancel tag).
            return baseIsEmoji && hasVisibleBase
        default:
            return false
        }
    }

    /// A joiner between two letters (or marks) of a script that joins or forms
    /// conjuncts: Hebrew onwards in the BMP, outside the Latin, Greek and
    /// Cyrillic blocks, the symbols and CJK.
    private static func isInsideJoiningWord(_ i: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard i > 0, i + 1 < scalars.count else { return false }
        func joins(_ scalar: Unicode.Scalar) -> Bool {
            let v = scalar.value
            guard
                (0x0590...0x1CFF).contains(v) || (0xA800...0xABFF).contains(v) || (0xFB1D...0xFEFC).contains(v)
                    || (0x10800...0x11FFF).contains(v)
            else { return false }
            switch scalar.properties.generalCategory {
            case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
        return joins(scalars[i - 1]) && joins(scalars[i + 1])
    }
}
