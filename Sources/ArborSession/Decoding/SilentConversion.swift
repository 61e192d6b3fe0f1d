import ArborCore
import GRDB

/// A value GRDB's decoder converts without a word: reading a statement, it asks
/// SQLite for the property's type, and SQLite converts (`var title: Int` reads the
/// TEXT "Go Down" as 0, an INTEGER property reads 0.99 as 0). The row decodes and
/// the app holds the wrong value: arbor reports it as the surprise it is, with the
/// value GRDB decoded.
public struct SilentConversion: Sendable, Equatable {
    /// 0-based.
    public var rowIndex: Int
    public var property: String
    public var column: String
    /// What the column holds, as arbor shows values (`"Go Down"`, `0.99`).
    public var stored: String
    public var storageClass: String
    /// What GRDB decoded (`0`).
    public var decoded: String
    public var propertyType: String
    /// The type that keeps the value.
    public var keepingType: String

    /// The conversions of the root record's scalars on one decoded row (`decoded`:
    /// GRDB's values by key, noted by the decoding check).
    static func find(shape: RecordShape, row: Row, decoded: [String: String?], index: Int) -> [SilentConversion] {
        let sources = KeySource.sources(of: shape, in: row)
        var found: [SilentConversion] = []
        for (property, source) in zip(shape.properties, sources) {
            guard case .column(let column) = source, case .scalar(let scalar) = property.type.unwrapped.type,
                let decodedValue = decoded[property.key] ?? nil
            else { continue }
            let value = row[column] as DatabaseValue
            guard let keeping = keepingType(scalar, value) else { continue }
            found.append(
                SilentConversion(
                    rowIndex: index, property: property.name, column: column,
                    stored: SQLValue(value).description, storageClass: storageClass(value), decoded: decodedValue,
                    propertyType: property.type.swiftName, keepingType: keeping))
        }
        return found
    }

    /// The type to declare when SQLite converts `value` for `scalar`, or nil when it does not.
    static func keepingType(_ scalar: ScalarType, _ value: DatabaseValue) -> String? {
        switch (scalar, value.storage) {
        case (.bool, .string), (.double, .string), (.float, .string): return "String"
        case (.int, .string), (.int8, .string), (.int16, .string), (.int32, .string), (.int64, .string),
            (.uint, .string), (.uint8, .string), (.uint16, .string), (.uint32, .string), (.uint64, .string):
            return "String"
        case (.int, .double(let d)), (.int8, .double(let d)), (.int16, .double(let d)), (.int32, .double(let d)),
            (.int64, .double(let d)), (.uint, .double(let d)), (.uint8, .double(let d)), (.uint16, .double(let d)),
            (.uint32, .double(let d)), (.uint64, .double(let d)):
            return d.rounded(.towardZero) == d ? nil : "Double"
        default:
            return nil
        }
    }

    static func storageClass(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64: "INTEGER"
        case .double: "REAL"
        case .string: "TEXT"
        case .blob: "BLOB"
        }
    }

    /// `row 4: `T.Name` reads the TEXT "Go Down" of column `Name` as `0``.
    public func text(typeName: String) -> String {
        "row \(rowIndex + 1): `\(typeName).\(property)` reads the \(storageClass) \(TerminalText.escaped(stored)) of column "
            + "`\(TerminalText.escaped(column))` as `\(TerminalText.escaped(decoded))`"
    }
}

/// What a decoding check says when every row decodes: how many rows decode as the
/// type, and each property GRDB converts silently, with the first rows it does so on.
public struct DecodingVerdict: Sendable, Equatable {
    public var typeName: String
    public var rowCount: Int
    /// The first conversions, at most `sampleLimit` per property.
    public var conversions: [SilentConversion]

    static let sampleLimit = 3

    public var isSurprising: Bool { !conversions.isEmpty }

    /// `8 rows decode as `T``, then the surprise and its fix.
    public var headline: String {
        let count = "\(rowCount) \(rowCount == 1 ? "row decodes" : "rows decode") as `\(typeName)`"
        guard !conversions.isEmpty else { return count }
        var fixes: [SilentConversion] = []
        for conversion in conversions where !fixes.contains(where: { $0.property == conversion.property }) {
            fixes.append(conversion)
        }
        return count + ", but GRDB converts " + fixes.map { "`\(typeName).\($0.property)`" }.joined(separator: ", ")
            + " silently: declare " + fixes.map { "`var \($0.property): \($0.keepingType)`" }.joined(separator: ", ")
    }

    /// The headline and the first conversion, on one line (the terminal's notice).
    public var summary: String {
        conversions.first.map { headline + " — " + $0.text(typeName: typeName) } ?? headline
    }

    /// Every sampled conversion, one a line: the decoded values, for whoever asks.
    public var details: [String] { conversions.map { $0.text(typeName: typeName) } }
}
