import ArborCore
import Foundation

/// A Swift dictionary known now: `["id": 1]`, `[Columns.noteId.rawValue: noteId]`,
/// `[Kind.novel: 3]`. Each key is a value known now (a string, a number, a Bool, an enum
/// case, a UUID, a Date) and is held once: Swift stops on a literal with a duplicate key.
/// The entries keep the literal's order. Swift's own order is unspecified, and where GRDB
/// takes a key dictionary (`filter(key:)`) it orders the columns by the table's unique key.
public struct SwiftDictionary: Sendable {
    public private(set) var entries: [(key: Value, value: Value)] = []
    /// The index of each key's entry, by the key's identity (`identity(of:)`): a literal of
    /// many entries is read in linear time.
    private var positions: [KeyIdentity: Int] = [:]

    public init() {}

    /// The value for `key`, or nil when the dictionary has none (Swift's `nil`).
    public subscript(key: Value) -> Value? {
        Self.identity(of: key).flatMap { positions[$0] }.map { entries[$0].value }
    }

    public var count: Int { entries.count }
    public var keys: [Value] { entries.map(\.key) }
    public var values: [Value] { entries.map(\.value) }

    /// Adds an entry; false when the key is there already (the dictionary is unchanged).
    public mutating func insert(_ key: Value, _ value: Value) -> Bool {
        guard let identity = Self.identity(of: key), positions[identity] == nil else { return false }
        positions[identity] = entries.count
        entries.append((key, value))
        return true
    }

    /// Sets the value of `key`, as `dictionary[key] = value` does.
    public mutating func update(_ key: Value, _ value: Value) {
        guard let identity = Self.identity(of: key) else { return }
        if let index = positions[identity] {
            entries[index].value = value
        } else {
            positions[identity] = entries.count
            entries.append((key, value))
        }
    }

    /// The entries when every key is a `String`, as GRDB's `[String: …]` parameters take them.
    public var stringKeyed: [(key: String, value: Value)]? {
        var result: [(key: String, value: Value)] = []
        for (key, value) in entries {
            guard case .expression(.value(.text(let text))) = key else { return nil }
            result.append((text, value))
        }
        return result
    }

    /// The type Swift infers for a literal of these entries, for the compiler's messages
    /// (`[String : Int]`): a common key and value type, or `AnyHashable` and `Any`.
    public var swiftTypeName: String {
        func common(_ values: [Value], _ fallback: String) -> String {
            let names = Set(values.filter { !$0.isNil }.map(\.swiftTypeName))
            return names.count == 1 ? names.first ?? fallback : fallback
        }
        return "[\(common(keys, "AnyHashable")) : \(common(values, "Any"))]"
    }

    /// Whether a value can be a key: Swift's `Hashable` values that arbor knows now.
    public static func isKey(_ value: Value) -> Bool {
        switch value {
        case .swift(.enumCase), .swift(.uuid), .swift(.date): true
        case .expression(.value(let literal)): literal != .null
        default: false
        }
    }

    /// What Swift's `==` compares of a key: an enum case with its type, a UUID, a date; a
    /// number by value (a literal's integers and reals are all `Double` together), a
    /// string, a Bool, bytes. Nil for a value that is no key.
    enum KeyIdentity: Hashable, Sendable {
        case swift(SwiftValue)
        case integer(Int64)
        case real(Double)
        case text(String)
        case bool(Bool)
        case blob(Data)
    }

    static func identity(of key: Value) -> KeyIdentity? {
        switch key {
        case .swift(let value): return .swift(value)
        case .expression(.value(.integer(let i))): return .integer(i)
        case .expression(.value(.real(let d))):
            // `1.0` is the key `1`.
            if d.rounded() == d, let i = Int64(exactly: d) { return .integer(i) }
            return .real(d)
        case .expression(.value(.text(let text))): return .text(text)
        case .expression(.value(.bool(let b))): return .bool(b)
        case .expression(.value(.blob(let data))): return .blob(data)
        default: return nil
        }
    }
}
