import ArborCore
import Foundation
import GRDB

/// The state of one decoding check, shared by the nested `init(from:)` calls of a
/// row: the shapes the next `ShapedRecord`/`ShapedEnum` must follow (pushed by the
/// property that decodes them), and the properties being decoded.
// One check decodes on one thread, within `withValue`: the context is never shared.
final class DecodingContext: @unchecked Sendable {
    var records: [RecordShape] = []
    var enums: [RawEnumShape] = []
    /// The properties down to the one whose decoding failed (the innermost), kept as it throws.
    var failurePath: [String]?
    /// The scalars of the root record as GRDB decoded them, by key (`nil` for NULL).
    var rootScalars: [String: String?] = [:]

    /// Keeps a scalar GRDB decoded, when it belongs to the root record.
    func noteScalar(key: String, value: Any?) {
        guard records.count == 1 else { return }
        rootScalars[key] = value.map { "\($0)" }
    }

    init(root: RecordShape) {
        records = [root]
    }

    /// Ready for the next row.
    func reset(root: RecordShape) {
        records = [root]
        enums = []
        failurePath = nil
        rootScalars = [:]
    }

    @TaskLocal static var current: DecodingContext?
}

/// The coding keys of a shaped type. Named like Swift's synthesized keys, so that
/// GRDB's errors print as the app's do: `CodingKeys(stringValue: "books", intValue: nil)`.
struct CodingKeys: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An app's `Decodable, FetchableRecord` type, following its shape at run time:
/// decoded by GRDB's own `FetchableRecordDecoder` (`init(row:)`), so that what
/// fails, fails as it does in the app, with GRDB's error.
struct ShapedRecord: FetchableRecord, Decodable {
    init(from decoder: any Decoder) throws {
        try ShapedDecoding.decodeRecord(from: decoder)
    }
}

/// An app's `Decodable` type that is not a `FetchableRecord`: GRDB decodes it nested
/// in a row with `init(from:)` (no `init(row:)`).
struct ShapedValue: Decodable {
    init(from decoder: any Decoder) throws {
        try ShapedDecoding.decodeRecord(from: decoder)
    }
}

/// An enum with raw values, as Swift's synthesized `RawRepresentable` decoding does.
struct ShapedEnum: Decodable {
    init(from decoder: any Decoder) throws {
        guard let shape = DecodingContext.current?.enums.last else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no shape"))
        }
        let container = try decoder.singleValueContainer()
        let raw: SQLValue
        let text: String
        switch shape.rawType {
        case .string:
            let value = try container.decode(String.self)
            (raw, text) = (.text(value), value)
        default:
            let value = try container.decode(Int.self)
            (raw, text) = (.integer(Int64(value)), String(value))
        }
        guard shape.rawValues.contains(raw) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "Cannot initialize \(shape.typeName) from invalid \(shape.rawType.rawValue) value \(text)"))
        }
    }
}

/// An enum with raw values that adopts `DatabaseValueConvertible`: GRDB decodes it
/// from a column with `fromDatabaseValue` (its raw value's, then `init(rawValue:)`,
/// as GRDB's `RawRepresentable` conformance does), elsewhere with `Decodable`.
struct ShapedDatabaseEnum: DatabaseValueConvertible, Decodable {
    var databaseValue: DatabaseValue { .null }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> ShapedDatabaseEnum? {
        guard let shape = DecodingContext.current?.enums.last else { return nil }
        let raw: SQLValue? =
            switch shape.rawType {
            case .string: String.fromDatabaseValue(dbValue).map { .text($0) }
            default: Int.fromDatabaseValue(dbValue).map { .integer(Int64($0)) }
            }
        guard let raw, shape.rawValues.contains(raw) else { return nil }
        return ShapedDatabaseEnum()
    }

    init() {}

    init(from decoder: any Decoder) throws {
        _ = try ShapedEnum(from: decoder)
    }
}

/// Decodes each property of the current shape the way Swift's synthesized
/// `init(from:)` does: `decode` for a value, `decodeIfPresent` for an optional.
enum ShapedDecoding {
    static func decodeRecord(from decoder: any Decoder) throws {
        guard let context = DecodingContext.current, let shape = context.records.last else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no shape"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for property in shape.properties {
            do {
                try decode(property.type, forKey: CodingKeys(stringValue: property.key), in: container, context)
            } catch {
                // Built as the error goes up, innermost property last: nothing to keep while rows decode.
                context.failurePath = [property.name] + (context.failurePath ?? [])
                throw error
            }
        }
    }

    private static func decode(
        _ type: ValueShape, forKey key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>,
        _ context: DecodingContext
    ) throws {
        let (wrapped, isOptional) = type.unwrapped
        switch wrapped {
        case .scalar(let scalar):
            try decodeScalar(scalar, optional: isOptional, array: false, key, container)
        case .record(let record):
            context.records.append(record)
            defer { context.records.removeLast() }
            if record.isFetchableRecord {
                try decode(ShapedRecord.self, optional: isOptional, key, container)
            } else {
                try decode(ShapedValue.self, optional: isOptional, key, container)
            }
        case .rawEnum(let shape):
            context.enums.append(shape)
            defer { context.enums.removeLast() }
            if shape.isDatabaseValueConvertible {
                try decode(ShapedDatabaseEnum.self, optional: isOptional, key, container)
            } else {
                try decode(ShapedEnum.self, optional: isOptional, key, container)
            }
        case .array(let element):
            switch element.unwrapped.type {
            case .scalar(let scalar):
                try decodeScalar(scalar, optional: isOptional, array: true, key, container)
            case .record(let record):
                context.records.append(record)
                defer { context.records.removeLast() }
                if record.isFetchableRecord {
                    try decode([ShapedRecord].self, optional: isOptional, key, container)
                } else {
                    try decode([ShapedValue].self, optional: isOptional, key, container)
                }
            case .rawEnum(let shape):
                context.enums.append(shape)
                defer { context.enums.removeLast() }
                try decode([ShapedEnum].self, optional: isOptional, key, container)
            case .array, .optional:
                // Refused before decoding (`DecodingTraps`): GRDB can stop the program there.
                throw DecodingError.typeMismatch(
                    [ShapedValue].self,
                    .init(codingPath: container.codingPath + [key], debugDescription: "arrays of arrays"))
            }
        case .optional:
            try decode(wrapped, forKey: key, in: container, context)
        }
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, optional: Bool, _ key: CodingKeys, _ container: KeyedDecodingContainer<CodingKeys>
    ) throws {
        if optional {
            _ = try container.decodeIfPresent(type, forKey: key)
        } else {
            _ = try container.decode(type, forKey: key)
        }
    }

    /// Scalars go through the container's own `decode(String.self, forKey:)` and kin, as
    /// synthesized code calls them: GRDB reads those from a column only (no scope, no
    /// prefetched rows), and a generic call would not.
    private static func decodeScalar(
        _ scalar: ScalarType, optional: Bool, array: Bool, _ key: CodingKeys,
        _ container: KeyedDecodingContainer<CodingKeys>
    ) throws {
        func run<T: Decodable>(_ type: T.Type) throws {
            if array {
                try decode([T].self, optional: optional, key, container)
            } else {
                try decode(T.self, optional: optional, key, container)
            }
        }
        if array || !scalar.hasSpecializedDecode { return try run(scalar.swiftType) }
        // What GRDB decoded, for `SilentConversion` to compare with what the column holds.
        func note(_ value: Any?) { DecodingContext.current?.noteScalar(key: key.stringValue, value: value) }
        switch (scalar, optional) {
        case (.bool, false): note(try container.decode(Bool.self, forKey: key))
        case (.bool, true): note(try container.decodeIfPresent(Bool.self, forKey: key))
        case (.int, false): note(try container.decode(Int.self, forKey: key))
        case (.int, true): note(try container.decodeIfPresent(Int.self, forKey: key))
        case (.int8, false): note(try container.decode(Int8.self, forKey: key))
        case (.int8, true): note(try container.decodeIfPresent(Int8.self, forKey: key))
        case (.int16, false): note(try container.decode(Int16.self, forKey: key))
        case (.int16, true): note(try container.decodeIfPresent(Int16.self, forKey: key))
        case (.int32, false): note(try container.decode(Int32.self, forKey: key))
        case (.int32, true): note(try container.decodeIfPresent(Int32.self, forKey: key))
        case (.int64, false): note(try container.decode(Int64.self, forKey: key))
        case (.int64, true): note(try container.decodeIfPresent(Int64.self, forKey: key))
        case (.uint, false): note(try container.decode(UInt.self, forKey: key))
        case (.uint, true): note(try container.decodeIfPresent(UInt.self, forKey: key))
        case (.uint8, false): note(try container.decode(UInt8.self, forKey: key))
        case (.uint8, true): note(try container.decodeIfPresent(UInt8.self, forKey: key))
        case (.uint16, false): note(try container.decode(UInt16.self, forKey: key))
        case (.uint16, true): note(try container.decodeIfPresent(UInt16.self, forKey: key))
        case (.uint32, false): note(try container.decode(UInt32.self, forKey: key))
        case (.uint32, true): note(try container.decodeIfPresent(UInt32.self, forKey: key))
        case (.uint64, false): note(try container.decode(UInt64.self, forKey: key))
        case (.uint64, true): note(try container.decodeIfPresent(UInt64.self, forKey: key))
        case (.double, false): note(try container.decode(Double.self, forKey: key))
        case (.double, true): note(try container.decodeIfPresent(Double.self, forKey: key))
        case (.float, false): note(try container.decode(Float.self, forKey: key))
        case (.float, true): note(try container.decodeIfPresent(Float.self, forKey: key))
        case (.string, false): note(try container.decode(String.self, forKey: key))
        case (.string, true): note(try container.decodeIfPresent(String.self, forKey: key))
        case (.data, _), (.date, _), (.uuid, _): try run(scalar.swiftType)
        }
    }
}

extension ScalarType {
    var swiftType: any Decodable.Type {
        switch self {
        case .bool: Bool.self
        case .int: Int.self
        case .int8: Int8.self
        case .int16: Int16.self
        case .int32: Int32.self
        case .int64: Int64.self
        case .uint: UInt.self
        case .uint8: UInt8.self
        case .uint16: UInt16.self
        case .uint32: UInt32.self
        case .uint64: UInt64.self
        case .double: Double.self
        case .float: Float.self
        case .string: String.self
        case .data: Data.self
        case .date: Date.self
        case .uuid: UUID.self
        }
    }
}
