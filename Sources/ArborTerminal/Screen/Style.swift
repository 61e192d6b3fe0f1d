/// How a cell looks: colours and attributes. Colours are dropped by the
/// terminal adapter when the terminal has none or `NO_COLOR` is set.
public struct Style: Hashable, Sendable {
    public enum Color: UInt8, Hashable, Sendable, CaseIterable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    public var foreground: Color?
    public var background: Color?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)

    public static func color(_ color: Color) -> Style { Style(foreground: color) }

    public func with(bold: Bool? = nil, underline: Bool? = nil, reverse: Bool? = nil) -> Style {
        var style = self
        if let bold { style.bold = bold }
        if let underline { style.underline = underline }
        if let reverse { style.reverse = reverse }
        return style
    }
}
