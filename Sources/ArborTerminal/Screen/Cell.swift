/// One terminal column of a `ScreenBuffer`.
///
/// A character two columns wide sits in its first cell with `width` 2; the
/// cell after it is a continuation (`width` 0, empty text) that draws nothing.
public struct Cell: Hashable, Sendable {
    /// One grapheme (combining marks included), already escaped.
    public var text: String
    public var width: UInt8
    public var style: Style

    public init(text: String, width: UInt8, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell(text: " ", width: 1, style: .plain)

    public var isContinuation: Bool { width == 0 }
}
