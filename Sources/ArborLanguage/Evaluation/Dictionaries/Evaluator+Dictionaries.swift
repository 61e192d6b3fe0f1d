import ArborCore
import Foundation

/// Dictionary literals and subscripts, with Swift's semantics: keys are `Hashable` values
/// known now, a literal holds each key once, `dictionary[key]` is optional.
extension Evaluator {
    /// `["a": 1, Columns.b.rawValue: x]`, its entries in the literal's order.
    func dictionaryLiteral(_ entries: [DictionaryEntry]) throws -> SwiftDictionary {
        var dictionary = SwiftDictionary()
        for entry in entries {
            let key = try evaluate(entry.key)
            guard SwiftDictionary.isKey(key) else {
                // As the compiler says it: a column, a request… is not `Hashable`.
                throw ArborError(
                    "generic struct 'Dictionary' requires that '\(Self.keyTypeName(key))' conform to 'Hashable'",
                    at: entry.key.range,
                    suggestion: "a key dictionary's keys are column names, as strings: `\"id\"`, `Columns.id.name`")
            }
            // Swift compiles a literal with a duplicate key (a warning) and stops when it runs.
            guard dictionary.insert(key, try evaluate(entry.value)) else {
                throw ArborError(
                    "the dictionary literal has the key \(Self.describeKey(key)) twice: Swift stops on it (Fatal error: Dictionary literal contains duplicate keys)",
                    at: entry.key.range)
            }
        }
        return dictionary
    }

    /// The entries of a dictionary GRDB takes as `[String: …]`; any other key type is the
    /// compiler's error naming both types.
    func stringKeyed(_ dictionary: SwiftDictionary, as expected: String, range: SourceRange) throws
        -> [(key: String, value: Value)]
    {
        guard let entries = dictionary.stringKeyed else {
            throw ArborError(
                "cannot convert value of type '\(dictionary.swiftTypeName)' to expected argument type '\(expected)'",
                at: range)
        }
        return entries
    }

    /// The Swift type of a value that can not be a key: `Column`, an expression, a request.
    static func keyTypeName(_ value: Value) -> String {
        switch value {
        case .expression(.column): "Column"
        case .expression: "SQLExpression"
        case .request, .table: "QueryInterfaceRequest"
        default: value.swiftTypeName
        }
    }

    /// `"a"`, `1`, `.novel`: a key as Swift writes it, for messages.
    static func describeKey(_ key: Value) -> String {
        switch key {
        case .expression(.value(let value)): value.description
        case .swift(.enumCase(let value)): ".\(value.name)"
        case .swift(.uuid(let uuid)): "UUID(uuidString: \"\(uuid.uuidString)\")"
        default: key.kindName
        }
    }
}
