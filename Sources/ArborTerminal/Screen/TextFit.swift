import ArborCore

/// Measures and cuts text in terminal columns (text must be escaped already).
public enum TextFit {
    /// Columns of one grapheme: 0, 1 or 2 (an emoji sequence counts as one wide character).
    public static func width(of character: Character) -> Int {
        if character.isASCII { return 1 }
        return min(2, TerminalText.width(String(character)))
    }

    public static func width(_ text: String) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// The longest prefix of `text` that fits in `columns`.
    public static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = width(of: text[index])
            if used + w > columns { break }
            used += w
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// `text` cut to `columns`, ending with `…` when it was too long.
    public static func truncated(_ text: String, columns: Int) -> String {
        guard columns > 0 else { return "" }
        if width(text) <= columns { return text }
        return prefix(text, columns: columns - 1) + "…"
    }
}
