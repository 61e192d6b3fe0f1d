import Foundation

/// A place in a loaded file, written `file:line:column` only when a message shows it:
/// loading records one for every decodable type and property (45,000 types in a 4 MB
/// file), and most are never shown.
public struct SourcePlace: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    /// The UTF-8 offset in the file's text.
    public let offset: Int
    /// The file's line starts, shared by every place in it and found when one is shown.
    let lines: LazySourceLines

    public init(file: String, offset: Int, text: String) {
        self.init(file: file, offset: offset, lines: LazySourceLines(text))
    }

    init(file: String, offset: Int, lines: LazySourceLines) {
        self.file = file
        self.offset = offset
        self.lines = lines
    }

    public var description: String {
        let location = lines.value.location(of: offset)
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

/// A text's `SourceLines`, made the first time they are asked for, once for all the places
/// in the text (from any thread).
final class LazySourceLines: @unchecked Sendable {
    private let text: String
    private let lock = NSLock()
    private var made: SourceLines?

    init(_ text: String) {
        self.text = text
    }

    var value: SourceLines {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let lines = SourceLines(text)
        made = lines
        return lines
    }
}
