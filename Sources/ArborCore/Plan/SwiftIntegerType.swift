/// Swift's integer types, the one list every layer reads: an enum's integer raw
/// values, a parameter's type check, a fetched value's range.
public struct SwiftIntegerType: Hashable, Sendable {
    /// `Int`, `UInt16`…
    public var name: String
    /// The values the type holds, as far as SQLite's 64-bit integers reach
    /// (`UInt64` and `UInt` stop at `Int64.max`: GRDB stores no larger one).
    public var range: ClosedRange<Int64>

    /// Every integer type of the standard library, `Int` and `UInt` as on 64-bit platforms.
    public static let all: [SwiftIntegerType] = [
        SwiftIntegerType(name: "Int", range: Int64.min...Int64.max),
        SwiftIntegerType(name: "Int8", range: Int64(Int8.min)...Int64(Int8.max)),
        SwiftIntegerType(name: "Int16", range: Int64(Int16.min)...Int64(Int16.max)),
        SwiftIntegerType(name: "Int32", range: Int64(Int32.min)...Int64(Int32.max)),
        SwiftIntegerType(name: "Int64", range: Int64.min...Int64.max),
        SwiftIntegerType(name: "UInt", range: 0...Int64.max),
        SwiftIntegerType(name: "UInt8", range: 0...Int64(UInt8.max)),
        SwiftIntegerType(name: "UInt16", range: 0...Int64(UInt16.max)),
        SwiftIntegerType(name: "UInt32", range: 0...Int64(UInt32.max)),
        SwiftIntegerType(name: "UInt64", range: 0...Int64.max),
    ]

    private static let byName: [String: SwiftIntegerType] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The integer type `name` (`Swift.Int32` too), if it is one.
    public static func named(_ name: String) -> SwiftIntegerType? {
        byName[name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name]
    }

    /// The names, for the lists that take any integer type.
    public static let names: Set<String> = Set(all.map(\.name))
}
