import ArborCore
import ArborLanguage

/// What a Decodable type of the app decodes from a row, as its synthesized
/// `init(from:)` does: each stored property under its coding key, with its type.
/// Built from the app's declarations (or, for a record type arbor names after a
/// table, from the table's columns), and followed at run time by `ShapedRecord`.
public struct RecordShape: Sendable, Hashable {
    /// The type's name as Swift prints it (`AuthorInfo`, `Kind` for `Book.Kind`).
    public var typeName: String
    /// GRDB decodes a nested `FetchableRecord` with `init(row:)`, other types with `init(from:)`.
    public var isFetchableRecord: Bool
    public var properties: [PropertyShape]
    /// Where the type is declared (`file:line:column`), or the table it comes from.
    public var origin: String

    public init(typeName: String, isFetchableRecord: Bool, properties: [PropertyShape], origin: String) {
        self.typeName = typeName
        self.isFetchableRecord = isFetchableRecord
        self.properties = properties
        self.origin = origin
    }
}

/// One stored property: its name, its coding key and its type.
public struct PropertyShape: Sendable, Hashable {
    public var name: String
    public var key: String
    public var type: ValueShape
    /// Where it is declared (`file:line:column`), empty for a table's column.
    public var location: String

    public init(name: String, key: String, type: ValueShape, location: String = "") {
        self.name = name
        self.key = key
        self.type = type
        self.location = location
    }
}

/// The type of a property.
public indirect enum ValueShape: Sendable, Hashable {
    case optional(ValueShape)
    case array(ValueShape)
    case record(RecordShape)
    case scalar(ScalarType)
    /// An enum with raw values, decoded as Swift's `RawRepresentable` conformance does.
    case rawEnum(RawEnumShape)

    /// As Swift writes the type: `[Book]`, `Author?`.
    public var swiftName: String {
        switch self {
        case .optional(let wrapped): wrapped.swiftName + "?"
        case .array(let element): "[\(element.swiftName)]"
        case .record(let record): record.typeName
        case .scalar(let scalar): scalar.rawValue
        case .rawEnum(let e): e.typeName
        }
    }

    /// The type without one level of `Optional`, and whether it had one.
    public var unwrapped: (type: ValueShape, isOptional: Bool) {
        if case .optional(let wrapped) = self { return (wrapped, true) }
        return (self, false)
    }
}

/// The Swift types GRDB decodes from one column.
public enum ScalarType: String, Sendable, Hashable, CaseIterable {
    case bool = "Bool"
    case int = "Int"
    case int8 = "Int8"
    case int16 = "Int16"
    case int32 = "Int32"
    case int64 = "Int64"
    case uint = "UInt"
    case uint8 = "UInt8"
    case uint16 = "UInt16"
    case uint32 = "UInt32"
    case uint64 = "UInt64"
    case double = "Double"
    case float = "Float"
    case string = "String"
    case data = "Data"
    case date = "Date"
    case uuid = "UUID"

    /// `KeyedDecodingContainer` has its own `decode` for these: they read a column
    /// and never GRDB's scopes or prefetched rows.
    var hasSpecializedDecode: Bool { ![.data, .date, .uuid].contains(self) }
}

/// `enum Kind: String, Codable { case novel, poem = "verse" }`.
public struct RawEnumShape: Sendable, Hashable {
    public var typeName: String
    /// `String` or `Int`.
    public var rawType: ScalarType
    public var rawValues: Set<SQLValue>
    /// Adopts `DatabaseValueConvertible`: GRDB reads a column with `fromDatabaseValue`.
    public var isDatabaseValueConvertible: Bool

    public init(typeName: String, rawType: ScalarType, rawValues: Set<SQLValue>, isDatabaseValueConvertible: Bool) {
        self.typeName = typeName
        self.rawType = rawType
        self.rawValues = rawValues
        self.isDatabaseValueConvertible = isDatabaseValueConvertible
    }
}

/// Builds the shape of an app's type from the session's declarations.
struct DecodingShapeBuilder {
    var environment: Environment
    /// Types being built, to refuse a type that contains itself (Swift would need an indirection).
    private var building: [String] = []

    init(environment: Environment) {
        self.environment = environment
    }

    /// The shape of the type at `path`: its declared stored properties, or the columns
    /// of the table a record type of arbor names.
    mutating func shape(ofType path: String) throws -> RecordShape {
        let name = path.split(separator: ".").last.map(String.init) ?? path
        guard !building.contains(path) else {
            throw ArborError("`\(path)` contains itself: arbor can not check its decoding")
        }
        building.append(path)
        defer { building.removeLast() }
        if let type = environment.decodableTypes[path], !type.properties.isEmpty || type.isDecodable {
            guard type.isDecodable else {
                throw ArborError(
                    "`\(path)` is not Decodable (\(type.location)): GRDB decodes it with its own `init(row:)`, which arbor does not run",
                    suggestion: "declare it `Decodable` (or `Codable`) for arbor to check it")
            }
            if let ownDecoder = type.ownDecoder {
                throw ArborError(
                    "`\(path)` decodes itself with its own `init(from:)` (\(ownDecoder)), which arbor does not run",
                    suggestion: "the rows are shown as the request gives them")
            }
            var properties: [PropertyShape] = []
            for property in type.properties {
                // Left out of `CodingKeys`: it keeps its default value, nothing is decoded.
                guard let key = property.key else { continue }
                guard let written = property.type else {
                    throw ArborError(
                        "`\(path).\(property.name)` (\(property.location)) has no type annotation: arbor needs one to check its decoding"
                    )
                }
                let location = property.location.description
                let value = try valueShape(written, property: "\(path).\(property.name)", location: location)
                properties.append(PropertyShape(name: property.name, key: key, type: value, location: location))
            }
            return RecordShape(
                typeName: name, isFetchableRecord: type.isFetchableRecord, properties: properties,
                origin: type.location.description)
        }
        if let table = environment.typeNames.table(forType: path), let info = environment.schema.table(named: table) {
            // The record type `--format swift` writes: `Codable, FetchableRecord`, a property per column.
            let properties = RecordProperty.of(info).map { property in
                let scalar = ScalarType(rawValue: property.swiftType) ?? .string
                return PropertyShape(
                    name: property.column, key: property.column,
                    type: property.isRequired ? .scalar(scalar) : .optional(.scalar(scalar)))
            }
            return RecordShape(
                typeName: name, isFetchableRecord: true, properties: properties, origin: "table \(info.name)")
        }
        throw ArborError("arbor does not know the type `\(path)`: declare it (paste or `:load` its code)")
    }

    private mutating func valueShape(_ written: WrittenType, property: String, location: String) throws -> ValueShape {
        switch written {
        case .optional(let wrapped):
            return .optional(try valueShape(wrapped, property: property, location: location))
        case .array(let element):
            return .array(try valueShape(element, property: property, location: location))
        case .named(let name):
            let bare = name.hasPrefix("Foundation.") ? String(name.dropFirst(11)) : name
            if let scalar = ScalarType(rawValue: bare.hasPrefix("Swift.") ? String(bare.dropFirst(6)) : bare) {
                return .scalar(scalar)
            }
            if let cases = environment.enums[name] {
                let values = Set(cases.values)
                let isText = values.allSatisfy { if case .text = $0 { true } else { false } }
                let isInteger = values.allSatisfy { if case .integer = $0 { true } else { false } }
                guard isText || isInteger else {
                    throw ArborError(
                        "`\(property)` (\(location)) is an enum `\(name)` whose raw values are neither strings nor integers: arbor can not check it"
                    )
                }
                return .rawEnum(
                    RawEnumShape(
                        typeName: name.split(separator: ".").last.map(String.init) ?? name,
                        rawType: isText ? .string : .int, rawValues: values,
                        isDatabaseValueConvertible: environment.types[name]?.enumeration?.isDatabaseValue == true))
            }
            if environment.decodableTypes[name] != nil || environment.typeNames.table(forType: name) != nil {
                return .record(try shape(ofType: name))
            }
            throw ArborError(
                "`\(property)` (\(location)) is a `\(name)`, a type arbor does not know: it checks records, arrays, optionals, enums with raw values, numbers, `Bool`, `String`, `Data`, `Date` and `UUID`"
            )
        }
    }
}
