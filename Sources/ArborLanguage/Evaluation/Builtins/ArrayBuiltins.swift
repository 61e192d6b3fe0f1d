import ArborCore

/// Arrays of values known now (`[Int64?]` parameters, literals): Swift's own methods.
enum ArrayBuiltins {
    static let all: [SwiftBuiltin] = [
        SwiftBuiltin(.array, "count") { call in
            .expression(.value(.integer(Int64(elements(call).count))))
        },
        SwiftBuiltin(.array, "isEmpty") { call in .expression(.value(.bool(elements(call).isEmpty))) },
        SwiftBuiltin(.array, "first") { call in elements(call).first ?? .expression(.value(.null)) },
        SwiftBuiltin(.array, "last") { call in elements(call).last ?? .expression(.value(.null)) },
        // `ids.contains(nil)`: Swift's answer when the element is a value; `ids.contains(Column("id"))`
        // is SQL's `IN`, left to the request methods.
        SwiftBuiltin(.array, "contains", labels: [nil]) { call in
            let needle = try call.evaluator.evaluate(call.arguments[0].value)
            guard let value = needle.knownValue else { return nil }
            let values = elements(call).compactMap(\.knownValue)
            guard values.count == elements(call).count else { return nil }
            return .expression(.value(.bool(values.contains { Evaluator.compare($0, value) == 0 })))
        },
        SwiftBuiltin(.array, "map", labels: [nil]) { call in
            .array(try elements(call).map { try apply(call, $0) })
        },
        SwiftBuiltin(.array, "compactMap", labels: [nil]) { call in
            .array(try elements(call).map { try apply(call, $0) }.filter { !$0.isNil })
        },
        SwiftBuiltin(.array, "filter", labels: [nil]) { call in
            .array(try elements(call).filter { try isTrue(apply(call, $0), call) })
        },
        SwiftBuiltin(.array, "sorted", labels: []) { call in
            let values = elements(call).compactMap(\.knownValue)
            guard values.count == elements(call).count else { return nil }
            return .array(values.sorted { (Evaluator.compare($0, $1) ?? 0) < 0 }.map { .expression(.value($0)) })
        },
        // `players.sorted { $0.score > $1.score }`, `sorted(by:)`: Swift's own sort, with the
        // closure as its order.
        SwiftBuiltin(.array, "sorted", labels: [nil]) { call in try sortedByClosure(call) },
        SwiftBuiltin(.array, "sorted", labels: ["by"]) { call in try sortedByClosure(call) },
        SwiftBuiltin(.array, "first", labels: [nil]) { call in try firstWhere(call) },
        SwiftBuiltin(.array, "first", labels: ["where"]) { call in try firstWhere(call) },
        SwiftBuiltin(.array, "contains", labels: ["where"]) { call in
            .expression(.value(.bool(try elements(call).contains { try isTrue(apply(call, $0), call) })))
        },
        SwiftBuiltin(.array, "allSatisfy", labels: [nil]) { call in
            .expression(.value(.bool(try elements(call).allSatisfy { try isTrue(apply(call, $0), call) })))
        },
        SwiftBuiltin(.array, "joined", labels: ["separator"]) { call in
            let separator = try call.evaluator.string(call.arguments[0].value)
            let texts = elements(call).compactMap { value -> String? in
                if case .expression(.value(.text(let text))) = value { return text }
                return nil
            }
            guard texts.count == elements(call).count else { return nil }
            return .expression(.value(.text(texts.joined(separator: separator))))
        },
        SwiftBuiltin(.array, "reduce", labels: [nil, nil]) { call in
            var result = try call.evaluator.evaluate(call.arguments[0].value)
            for element in elements(call) {
                result = try call.evaluator.applying(call.arguments[1].value, to: [result, element], range: call.range)
            }
            return result
        },
    ]

    static func elements(_ call: SwiftBuiltin.Call) -> [Value] {
        if case .array(let values) = call.receiver { return values }
        return []
    }

    /// The closure or key path argument applied to one element.
    static func apply(_ call: SwiftBuiltin.Call, _ element: Value) throws -> Value {
        try call.evaluator.applying(call.arguments[0].value, to: [element], range: call.range)
    }

    static func isTrue(_ value: Value, _ call: SwiftBuiltin.Call) throws -> Bool {
        guard case .expression(.value(.bool(let truth))) = value else {
            throw ArborError("the closure must return a Bool known now", at: call.arguments[0].value.range)
        }
        return truth
    }

    static func sortedByClosure(_ call: SwiftBuiltin.Call) throws -> Value {
        let order = call.arguments[0].value
        return .array(
            try elements(call).sorted { a, b in
                try isTrue(call.evaluator.applying(order, to: [a, b], range: call.range), call)
            })
    }

    /// `first(where:)`: the first element the closure holds for, or nil.
    static func firstWhere(_ call: SwiftBuiltin.Call) throws -> Value {
        try elements(call).first { try isTrue(apply(call, $0), call) } ?? .expression(.value(.null))
    }
}
