/// The scalars of a cell that curses is given. The screen counts widths by
/// grapheme cluster (an emoji ZWJ sequence such as 👩‍👩‍👧 is one glyph two
/// columns wide), but curses counts each scalar with `wcwidth` and would move
/// on six columns for that family, leaving its last emoji as a stray glyph
/// further on, or on the next line. So a cluster is cut to the scalars that
/// fit its cell: the first emoji of a ZWJ sequence, with its modifiers.
enum CursesCellText {
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// `scalarWidth`: columns of one scalar as curses counts them (its `wcwidth`).
    static func scalars(_ text: String, width: Int, scalarWidth: (Unicode.Scalar) -> Int) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var used = 0
        for scalar in text.unicodeScalars {
            let w = max(0, scalarWidth(scalar))
            if w > 0, used + w > max(width, 1), !kept.isEmpty { break }
            used += w
            kept.append(scalar)
        }
        // A joiner left at the end joins nothing.
        while kept.count > 1, kept.last == zeroWidthJoiner { kept.removeLast() }
        return kept
    }

}
