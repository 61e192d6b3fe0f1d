import ArborCore

/// A struct or class of the app that rows decode into (`struct AuthorInfo:
/// Decodable, FetchableRecord { var author: Author; var books: [Book] }`): its
/// stored properties, in the order Swift's synthesized `init(from:)` decodes them.
public struct DecodableType: Sendable, Hashable {
    /// The type's full path (`AuthorInfo`, `Library.BookInfo`).
    public var path: String
    /// The conformances of all its declarations, `GRDB.` prefixes removed, each once in the
    /// order written (an array: a set cost a hash of each, for every struct loaded).
    public var conformances: [String]
    public var properties: [DecodableProperty]
    /// Where the type is declared (`file:line:column` when shown).
    public var location: SourcePlace

    public init(path: String, conformances: [String], properties: [DecodableProperty], location: SourcePlace) {
        self.path = path
        self.conformances = conformances
        self.properties = properties
        self.location = location
    }

    /// Where the type declares its own `init(from:)`; nil when Swift synthesizes it
    /// (arbor checks only the synthesized one).
    public var ownDecoder: SourcePlace?

    /// Swift synthesizes `init(from:)` for `Decodable` and `Codable` types.
    public var isDecodable: Bool { conformances.contains { $0 == "Decodable" || $0 == "Codable" } }

    /// GRDB decodes a `FetchableRecord` nested in a row with `init(row:)`, others with `init(from:)`.
    public var isFetchableRecord: Bool { conformances.contains { $0 == "FetchableRecord" || $0 == "Record" } }
}

/// A stored property as the synthesized `init(from:)` decodes it.
public struct DecodableProperty: Sendable, Hashable {
    public var name: String
    /// The coding key: the property's `CodingKeys` raw value, or its name; nil when
    /// `CodingKeys` leaves it out (it keeps its default value).
    public var key: String?
    /// The type as written (`[Book]`, `Author?`).
    public var writtenType: String?
    /// The type with its names resolved to type paths; nil when no annotation says it.
    public var type: WrittenType?
    public var hasDefault: Bool
    /// Where the property is declared (`file:line:column` when shown).
    public var location: SourcePlace

    public init(
        name: String, key: String?, writtenType: String?, type: WrittenType?, hasDefault: Bool, location: SourcePlace
    ) {
        self.name = name
        self.key = key
        self.writtenType = writtenType
        self.type = type
        self.hasDefault = hasDefault
        self.location = location
    }
}

/// A Swift type as written in a property's annotation, optionals and arrays kept.
public indirect enum WrittenType: Sendable, Hashable {
    case optional(WrittenType)
    case array(WrittenType)
    /// A type name: a type path of the app's code when it names one, else as written.
    case named(String)

    /// The written type of a parsed one (`String?`, `[Book]`, `Optional<Author>`); `resolve`
    /// maps a name to its type path. Sets and dictionaries are named as written.
    public static func parse(_ text: String, resolve: (String) -> String) -> WrittenType {
        WrittenType(SwiftType(parsing: text), resolve: resolve)
    }

    public init(_ type: SwiftType, resolve: (String) -> String) {
        switch type {
        case .optional(let wrapped): self = .optional(WrittenType(wrapped, resolve: resolve))
        case .array(let element): self = .array(WrittenType(element, resolve: resolve))
        default: self = .named(resolve(type.swiftName))
        }
    }

    /// As Swift writes it: `[Book]`, `Author?`.
    public var swiftName: String {
        switch self {
        case .optional(let wrapped): wrapped.swiftName + "?"
        case .array(let element): "[\(element.swiftName)]"
        case .named(let name): name
        }
    }
}
