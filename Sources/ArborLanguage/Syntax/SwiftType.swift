import ArborCore

/// A Swift type as a declaration writes it (`Int64?`, `[Book.Kind]`, `Set<UUID>`,
/// `[String: Int]`), parsed once into a value: optionals, collections and generic
/// arguments are structure, never text picked apart again.
public indirect enum SwiftType: Hashable, Sendable {
    /// `Int64`, `Book.Kind`, `QueryInterfaceRequest<Book>`: a (dotted) name and its generic arguments.
    case named(String, arguments: [SwiftType])
    /// `T?`, `T!`, `Optional<T>`.
    case optional(SwiftType)
    /// `[T]`, `Array<T>`.
    case array(SwiftType)
    /// `Set<T>`.
    case set(SwiftType)
    /// `[K: V]`, `Dictionary<K, V>`.
    case dictionary(key: SwiftType, value: SwiftType)
    /// A function type, a tuple or a composition, kept as written: no value of the app's
    /// requests has one.
    case other(String)

    /// Parses a type as `SwiftLowering` writes it (spaces only between words).
    public init(parsing text: String) {
        // One plain name (`String`, `Int64`), most parameters' type: no parser, no copy of the text.
        if SwiftTypeParser.isPlainName(text) {
            self = .named(text, arguments: [])
            return
        }
        var parser = SwiftTypeParser(text)
        if let type = parser.type(), parser.isAtEnd() {
            self = type
        } else {
            self = .other(text)
        }
    }

    /// The type without its optionals (`Int64??` → `Int64`).
    public var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The name of a named type (`Book.Kind`), optionals removed; nil for collections.
    public var name: String? {
        if case .named(let name, _) = unwrapped { return name }
        return nil
    }

    /// The integer type this is, optionals removed (`UInt16?` → `UInt16`).
    public var integerType: SwiftIntegerType? { name.flatMap(SwiftIntegerType.named) }

    /// The element type of an array or a set.
    public var element: SwiftType? {
        switch unwrapped {
        case .array(let element), .set(let element): element
        default: nil
        }
    }

    /// As Swift writes it: `[Book]`, `Author?`, `Set<Int>`.
    public var swiftName: String {
        switch self {
        case .named(let name, let arguments):
            arguments.isEmpty ? name : name + "<" + arguments.map(\.swiftName).joined(separator: ", ") + ">"
        case .optional(let wrapped): wrapped.swiftName + "?"
        case .array(let element): "[\(element.swiftName)]"
        case .set(let element): "Set<\(element.swiftName)>"
        case .dictionary(let key, let value): "[\(key.swiftName): \(value.swiftName)]"
        case .other(let text): text
        }
    }
}

/// Recursive descent over a type's text: prefixes (`inout`, `any`, `some`, attributes),
/// a name with generic arguments, brackets, parentheses, then `?` and `!`. Over the
/// text's bytes: every parameter of every function loaded is parsed, and splitting the
/// text into characters took a tenth of lowering a file.
private struct SwiftTypeParser {
    private let characters: [UInt8]
    private var position = 0
    private var depth = 0

    init(_ text: String) { characters = Array(text.utf8) }

    mutating func isAtEnd() -> Bool {
        skipSpaces()
        return position == characters.count
    }

    private func peek() -> UInt8? { position < characters.count ? characters[position] : nil }

    /// A letter, a digit, `_`, or any byte of a character beyond ASCII (Swift's names may have them).
    private static func isWordByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    /// Words that may come before a type (`inout Book`, `any Error`): none is a type alone.
    private static let prefixWords: Set<String> = [
        "inout", "any", "some", "borrowing", "consuming", "__owned", "__shared",
    ]

    /// A name of word bytes alone, not a prefix word: `type()` would read it as `.named(text)`.
    static func isPlainName(_ text: String) -> Bool {
        var text = text
        var startsLowercase = false
        let isWord = text.withUTF8 { bytes in
            startsLowercase = bytes.first.map { $0 >= UInt8(ascii: "a") || $0 == UInt8(ascii: "_") } ?? false
            return !bytes.isEmpty && bytes.allSatisfy(isWordByte)
        }
        // The prefix words are lowercase; type names rarely are, and hashing each cost as much as the test.
        return isWord && (!startsLowercase || !prefixWords.contains(text))
    }

    private mutating func skipSpaces() {
        while peek() == UInt8(ascii: " ") { position += 1 }
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard peek() == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private mutating func word() -> String? {
        skipSpaces()
        let start = position
        while let c = peek(), Self.isWordByte(c) { position += 1 }
        return position > start ? String(decoding: characters[start..<position], as: UTF8.self) : nil
    }

    /// Nesting is bounded as the reader bounds it (256).
    mutating func type() -> SwiftType? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 256 else { return nil }
        var type: SwiftType
        skipSpaces()
        if peek() == UInt8(ascii: "@") {
            position += 1
            _ = word()
            if peek() == UInt8(ascii: "(") { skipBalanced() }
            return self.type()
        }
        if consume("[") {
            guard let first = self.type() else { return nil }
            if consume(":") {
                guard let value = self.type(), consume("]") else { return nil }
                type = .dictionary(key: first, value: value)
            } else {
                guard consume("]") else { return nil }
                type = .array(first)
            }
        } else if consume("(") {
            var elements: [SwiftType] = []
            if !consume(")") {
                repeat {
                    guard let element = self.type() else { return nil }
                    elements.append(element)
                } while consume(",")
                guard consume(")") else { return nil }
            }
            // `(T)` is `T`; a tuple or a function type is kept as written.
            guard elements.count == 1, !followsArrow() else { return nil }
            type = elements[0]
        } else {
            guard let first = word() else { return nil }
            if Self.prefixWords.contains(first) {
                return self.type()
            }
            var name = first
            var arguments: [SwiftType] = []
            while true {
                if consume("<") {
                    arguments = []
                    repeat {
                        guard let argument = self.type() else { return nil }
                        arguments.append(argument)
                    } while consume(",")
                    guard consume(">") else { return nil }
                }
                skipSpaces()
                guard peek() == UInt8(ascii: "."), position + 1 < characters.count,
                    characters[position + 1] != UInt8(ascii: ".")
                else { break }
                position += 1
                guard let next = word() else { return nil }
                guard arguments.isEmpty else { return nil }
                name += "." + next
            }
            type = Self.named(name, arguments)
        }
        while true {
            skipSpaces()
            if peek() == UInt8(ascii: "?") || peek() == UInt8(ascii: "!") {
                position += 1
                type = .optional(type)
            } else {
                break
            }
        }
        // A composition or a function type: not a value type of the app's requests.
        if followsArrow() || peek() == UInt8(ascii: "&") { return nil }
        return type
    }

    private mutating func followsArrow() -> Bool {
        skipSpaces()
        let rest = characters[position...]
        return rest.starts(with: "->".utf8) || rest.starts(with: "throws".utf8) || rest.starts(with: "async".utf8)
    }

    private mutating func skipBalanced() {
        var depth = 0
        while let c = peek() {
            position += 1
            if c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// `Optional<T>`, `Array<T>`, `Set<T>`, `Dictionary<K, V>` (with or without `Swift.`) as structure.
    private static func named(_ name: String, _ arguments: [SwiftType]) -> SwiftType {
        let bare = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
        switch (bare, arguments.count) {
        case ("Optional", 1): return .optional(arguments[0])
        case ("Array", 1): return .array(arguments[0])
        case ("Set", 1): return .set(arguments[0])
        case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: return .named(name, arguments: arguments)
        }
    }
}
