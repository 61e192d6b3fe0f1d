import ArborCore

/// A Swift dictionary known now: `["id": 1]`, `[Columns.noteId.rawValue: noteId]`,
/// `[Kind.novel: 3]`. Each key is a value known now (a string, a number, a Bool, an enum
/// case, a UUID, a Date) and is held once: Swift stops on a literal with a duplicate key.
/// The entries keep the literal's order. Swift's own order is unspecified, and where GRDB
/// takes a key dictionary (`filter(key:)`) it orders the columns by the table's unique key.
public struct SwiftDictionary: Sendable {
    public private(set) var entries: [(key: Value, value: Value)] = []

    public init() {}

    /// The value for `key`, or nil when the dictionary has none (Swift's `nil`).
    public subscript(key: Value) -> Value? {
        entries.first { Self.sameKey($0.key, key) }?.value
    }

    public var count: Int { entries.count }
    public var keys: [Value] { entries.map(\.key) }
    public var values: [Value] { entries.map(\.value) }

    /// Adds an entry; false when the key is there already (the dictionary is unchanged).
    public mutating func insert(_ key: Value, _ value: Value) -> Bool {
        guard self[key] == nil else { return false }
        entries.append((key, value))
        return true
    }

    /// Sets the value of `key`, as `dictionary[key] = value` does.
    public mutating func update(_ key: Value, _ value: Value) {
        if let index = entries.firstIndex(where: { Self.sameKey($0.key, key) }) {
            entries[index].value = value
        } else {
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

    /// Swift's `==` of two keys: an enum case equals a case of its own type; numbers compare
    /// by value, as a literal's integers and reals are all `Double` together.
    static func sameKey(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.swift(let x), .swift(let y)): return x == y
        case (.expression(.value(let x)), .expression(.value(let y))):
            if case .blob(let p) = x, case .blob(let q) = y { return p == q }
            return Evaluator.compare(x, y) == 0
        default: return false
        }
    }
}
