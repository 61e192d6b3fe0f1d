import GRDB

/// The styles of the interface, in one place.
enum Theme {
    static let table = Style(foreground: .cyan, bold: true)
    static let key = Style(foreground: .yellow, bold: true)
    static let columnName = Style.dim
    static let count = Style.dim
    static let string = Style(foreground: .green)
    static let number = Style(foreground: .magenta)
    static let null = Style(foreground: .blue, dim: true)
    static let blob = Style(foreground: .blue)
    static let marker = Style(foreground: .cyan)
    static let title = Style.bold
    static let focusedTitle = Style(foreground: .black, background: .cyan, bold: true)
    static let rule = Style.dim
    static let error = Style(foreground: .red, bold: true)
    static let hint = Style.dim
    static let prompt = Style(foreground: .cyan, bold: true)
    static let spinner = Style(foreground: .yellow, bold: true)

    static func value(_ value: DatabaseValue) -> Style {
        switch value.storage {
        case .null: null
        case .int64, .double: number
        case .string: string
        case .blob: blob
        }
    }
}
