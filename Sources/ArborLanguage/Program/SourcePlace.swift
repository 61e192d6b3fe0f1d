/// A place in a loaded file, written `file:line:column` only when a message shows it:
/// loading records one for every decodable type and property (45,000 types in a 4 MB
/// file), and most are never shown.
public struct SourcePlace: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    /// The UTF-8 offset in the file's text.
    public let offset: Int
    /// The file's line starts, shared by every place in it.
    let lines: SourceLines

    public init(file: String, offset: Int, lines: SourceLines) {
        self.file = file
        self.offset = offset
        self.lines = lines
    }

    public var description: String {
        let location = lines.location(of: offset)
        return "\(file):\(location.line):\(location.column)"
    }

    public static func == (left: SourcePlace, right: SourcePlace) -> Bool {
        left.file == right.file && left.offset == right.offset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(offset)
    }
}
