import ArborCore

/// Dictionaries known now (`[String: DatabaseValueConvertible]` key helpers, literals),
/// and subscripts of arrays and dictionaries, with Swift's semantics.
enum DictionaryBuiltins {
    static let all: [SwiftBuiltin] = [
        SwiftBuiltin(.dictionary, "count") { call in .expression(.value(.integer(Int64(dictionary(call).count)))) },
        SwiftBuiltin(.dictionary, "isEmpty") { call in .expression(.value(.bool(dictionary(call).count == 0))) },
        SwiftBuiltin(.dictionary, "keys") { call in .array(dictionary(call).keys) },
        SwiftBuiltin(.dictionary, "values") { call in .array(dictionary(call).values) },
        // `dictionary[key]` is optional: nil when the key is absent.
        SwiftBuiltin(.dictionary, "subscript", labels: [nil]) { call in
            dictionary(call)[try key(call)] ?? .expression(.value(.null))
        },
        SwiftBuiltin(.dictionary, "subscript", labels: [nil, "default"]) { call in
            if let value = dictionary(call)[try key(call)] { return value }
            return try call.evaluator.evaluate(call.arguments[1].value)
        },
        SwiftBuiltin(.dictionary, "mapValues", labels: [nil]) { call in
            var mapped = SwiftDictionary()
            for (key, value) in dictionary(call).entries {
                mapped.update(key, try call.evaluator.applying(call.arguments[0].value, to: [value], range: call.range))
            }
            return .dictionary(mapped)
        },
        // `array[i]`: Swift stops on an index out of range.
        SwiftBuiltin(.array, "subscript", labels: [nil]) { call in
            let elements = ArrayBuiltins.elements(call)
            let index = try call.evaluator.integer(call.arguments[0].value)
            guard elements.indices.contains(index) else {
                throw ArborError(
                    "index \(index) is out of range of an array of \(elements.count) elements: Swift stops on it (Fatal error: Index out of range)",
                    at: call.arguments[0].value.range)
            }
            return elements[index]
        },
    ]

    static func dictionary(_ call: SwiftBuiltin.Call) -> SwiftDictionary {
        if case .dictionary(let dictionary) = call.receiver { return dictionary }
        return SwiftDictionary()
    }

    static func key(_ call: SwiftBuiltin.Call) throws -> Value {
        let argument = call.arguments[0].value
        let key = try call.evaluator.evaluate(argument)
        guard SwiftDictionary.isKey(key) else {
            throw ArborError("a dictionary's key is a value known now, got \(key.kindName)", at: argument.range)
        }
        return key
    }
}
