/// The text of the input line and the cursor, with Emacs editing commands.
/// Positions count characters; `utf8Offset` converts for source ranges.
public struct LineEditor: Sendable, Equatable {
    public private(set) var characters: [Character] = []
    public private(set) var cursor = 0
    /// The last text killed (Ctrl-K/U/W), for Ctrl-Y.
    public private(set) var killed = ""
    /// The whole text is selected (the request just run): typing replaces it,
    /// → or End keeps it to edit, ← or Home too, from its start.
    public private(set) var isSelected = false

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }
    public var isEmpty: Bool { characters.isEmpty }

    public mutating func set(_ text: String) {
        characters = Array(text)
        cursor = characters.count
        isSelected = false
    }

    /// Keeps `text` in the line, selected.
    public mutating func setSelected(_ text: String) {
        set(text)
        isSelected = !characters.isEmpty
    }

    /// Keeps the text and ends the selection (the cursor stays where it is).
    public mutating func deselect() { isSelected = false }

    /// Deletes the selected text, if any; true when there was some.
    mutating func deleteSelection() -> Bool {
        guard isSelected else { return false }
        set("")
        return true
    }

    public mutating func insert(_ text: String) {
        _ = deleteSelection()
        let new = Array(text)
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    public mutating func backspace() {
        if deleteSelection() { return }
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    public mutating func deleteForward() {
        if deleteSelection() { return }
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// ← on a selection goes to its start, → to its end.
    public mutating func left() {
        if isSelected {
            isSelected = false
            cursor = 0
        } else {
            cursor = max(0, cursor - 1)
        }
    }
    public mutating func right() {
        if isSelected {
            isSelected = false
            cursor = characters.count
        } else {
            cursor = min(characters.count, cursor + 1)
        }
    }
    public mutating func home() {
        isSelected = false
        cursor = 0
    }
    public mutating func end() {
        isSelected = false
        cursor = characters.count
    }

    /// Ctrl-K.
    public mutating func killToEnd() {
        isSelected = false
        guard cursor < characters.count else { return }
        killed = String(characters[cursor...])
        characters.removeSubrange(cursor...)
    }

    /// Ctrl-U.
    public mutating func killToStart() {
        isSelected = false
        guard cursor > 0 else { return }
        killed = String(characters[..<cursor])
        characters.removeSubrange(..<cursor)
        cursor = 0
    }

    /// Ctrl-W: the word before the cursor (and the spaces after it).
    public mutating func killWordBackward() {
        isSelected = false
        let start = wordStart(before: cursor, stopAtPunctuation: false)
        guard start < cursor else { return }
        killed = String(characters[start..<cursor])
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Ctrl-Y.
    public mutating func yank() { insert(killed) }

    /// Alt-B.
    public mutating func wordBackward() {
        isSelected = false
        cursor = wordStart(before: cursor, stopAtPunctuation: true)
    }

    /// Alt-F.
    public mutating func wordForward() {
        isSelected = false
        var i = cursor
        while i < characters.count, !Self.isWord(characters[i]) { i += 1 }
        while i < characters.count, Self.isWord(characters[i]) { i += 1 }
        cursor = i
    }

    func wordStart(before position: Int, stopAtPunctuation: Bool) -> Int {
        var i = position
        if stopAtPunctuation {
            while i > 0, !Self.isWord(characters[i - 1]) { i -= 1 }
            while i > 0, Self.isWord(characters[i - 1]) { i -= 1 }
        } else {
            while i > 0, characters[i - 1].isWhitespace { i -= 1 }
            while i > 0, !characters[i - 1].isWhitespace { i -= 1 }
        }
        return i
    }

    static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// The UTF-8 offset of a character position (source ranges count bytes).
    public func utf8Offset(_ position: Int) -> Int {
        characters.prefix(max(0, min(position, characters.count))).reduce(0) { $0 + $1.utf8.count }
    }

    /// Replaces the `count` characters before the cursor with `text`.
    public mutating func replaceBeforeCursor(_ count: Int, with text: String) {
        isSelected = false
        let start = max(0, cursor - count)
        characters.removeSubrange(start..<cursor)
        cursor = start
        insert(text)
    }
}
