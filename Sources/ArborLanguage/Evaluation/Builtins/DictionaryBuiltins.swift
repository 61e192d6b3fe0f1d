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
        // `Dictionary(grouping: try Player.fetchAll(db), by: \.teamId)`: the elements of each key, in order.
        SwiftBuiltin(.type("Dictionary"), "init", labels: ["grouping", "by"]) { call in try grouping(call) },
        SwiftBuiltin(.type("Dictionary"), "init", labels: ["grouping", nil]) { call in try grouping(call) },
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

    static func grouping(_ call: SwiftBuiltin.Call) throws -> Value {
        let sequence = call.arguments[0].value
        let evaluated = try call.evaluator.fetchedSwiftValue(
            call.evaluator.evaluate(sequence), range: sequence.range)
        guard case .array(let elements) = evaluated else {
            throw ArborError(
                "`Dictionary(grouping:by:)` groups an array here, not \(evaluated.kindName)", at: sequence.range)
        }
        // Each key's position in `groups`, so that a group grows in place.
        var positions = SwiftDictionary()
        var keys: [Value] = []
        var groups: [[Value]] = []
        for element in elements {
            let key = try call.evaluator.applying(call.arguments[1].value, to: [element], range: call.range)
            guard SwiftDictionary.isKey(key) else {
                throw ArborError(
                    "a key of `Dictionary(grouping:by:)` is a value known now, not \(key.kindName)",
                    at: call.arguments[1].value.range)
            }
            if case .expression(.value(.integer(let position)))? = positions[key] {
                groups[Int(position)].append(element)
            } else {
                positions.update(key, .expression(.value(.integer(Int64(groups.count)))))
                keys.append(key)
                groups.append([element])
            }
        }
        var dictionary = SwiftDictionary()
        for (key, group) in zip(keys, groups) { dictionary.update(key, .array(group)) }
        return .dictionary(dictionary)
    }

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
