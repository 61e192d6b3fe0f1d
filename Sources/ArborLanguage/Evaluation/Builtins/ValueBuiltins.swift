import ArborCore

/// Strings, numbers and `nil` known now (arguments of request methods, literals), with
/// Swift's own members. A column is not one of them: its members are GRDB's.
enum ValueBuiltins {
    static let all: [SwiftBuiltin] = [
        SwiftBuiltin(.string, "isEmpty") { call in .expression(.value(.bool(text(call).isEmpty))) },
        SwiftBuiltin(.string, "count") { call in .expression(.value(.integer(Int64(text(call).count)))) },
        SwiftBuiltin(.string, "hasPrefix", labels: [nil]) { call in
            .expression(.value(.bool(text(call).hasPrefix(try call.evaluator.string(call.arguments[0].value)))))
        },
        SwiftBuiltin(.string, "hasSuffix", labels: [nil]) { call in
            .expression(.value(.bool(text(call).hasSuffix(try call.evaluator.string(call.arguments[0].value)))))
        },
        // `nil.map { … }` is nil; a value's `map` applies the closure, as `Optional.map` does.
        SwiftBuiltin(.none, "map", labels: [nil]) { _ in .expression(.value(.null)) },
        SwiftBuiltin(.none, "flatMap", labels: [nil]) { _ in .expression(.value(.null)) },
        SwiftBuiltin(.string, "map", labels: [nil]) { call in try optionalMap(call) },
        SwiftBuiltin(.number, "map", labels: [nil]) { call in try optionalMap(call) },
        SwiftBuiltin(.string, "flatMap", labels: [nil]) { call in try optionalMap(call) },
        SwiftBuiltin(.number, "flatMap", labels: [nil]) { call in try optionalMap(call) },
        // `try Player.fetchOne(db, id: 1).map { $0.name }`: the record the optional holds.
        SwiftBuiltin(.record, "map", labels: [nil]) { call in try optionalMap(call) },
        SwiftBuiltin(.record, "flatMap", labels: [nil]) { call in try optionalMap(call) },
    ]

    static func text(_ call: SwiftBuiltin.Call) -> String {
        if case .expression(.value(.text(let text))) = call.receiver { return text }
        return ""
    }

    /// `id.map { Column("id") == $0 }` on an optional that holds a value.
    static func optionalMap(_ call: SwiftBuiltin.Call) throws -> Value? {
        guard case .closure = call.arguments[0].value.kind else { return nil }
        return try call.evaluator.applying(call.arguments[0].value, to: [call.receiver], range: call.range)
    }
}
