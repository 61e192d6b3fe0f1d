/// A key press, decoded from the terminal by the adapter.
public enum Key: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Ctrl with a letter: `.control("a")` is Ctrl-A.
    case control(Character)
    /// Alt (Meta) with a character: `.alt("b")` is Alt-B.
    case alt(Character)
    case up, down, left, right, home, end, pageUp, pageDown, delete
    case enter, tab, backTab, backspace, escape
    case function(Int)
}

/// A mouse event at a screen cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case click, doubleClick, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
