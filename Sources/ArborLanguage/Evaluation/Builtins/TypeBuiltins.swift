import ArborCore
import Foundation

/// Static members of standard types that app code writes out: `SortOrder.reverse` is
/// `.reverse`, as Swift resolves it.
enum TypeBuiltins {
    static let all: [SwiftBuiltin] = [
        SwiftBuiltin(.type("SortOrder"), "forward") { _ in .implicitMember("forward") },
        SwiftBuiltin(.type("SortOrder"), "reverse") { _ in .implicitMember("reverse") },
        // `UUID(uuidString:)` is nil for a malformed string, as in Swift.
        SwiftBuiltin(.type("UUID"), "init", labels: ["uuidString"]) { call in
            let text = try call.evaluator.string(call.arguments[0].value)
            return UUID(uuidString: text).map { .swift(.uuid($0)) } ?? .expression(.value(.null))
        },
        SwiftBuiltin(.type("UUID"), "init", labels: []) { _ in .swift(.uuid(UUID())) },
        // `Set(ids)`, `Set([1, 2])`: the distinct values, in the order they first appear
        // (Swift's own order is unspecified; GRDB lists a set's values in that order).
        SwiftBuiltin(.type("Set"), "init", labels: [nil]) { call in
            let argument = call.arguments[0].value
            guard
                case .array(let elements) = try call.evaluator.fetchedSwiftValue(
                    call.evaluator.evaluate(argument), range: argument.range)
            else { return nil }
            var values: [SQLValue] = []
            for element in elements {
                guard let value = element.knownValue else { return nil }
                values.append(value)
            }
            // One pass, not each value against those kept (a fetched array holds up to 100,000).
            // As in a Swift `Set` of one type: beside a `Double`, an integer literal is one.
            let hasReal = values.contains { if case .real = $0 { true } else { false } }
            var seen = Set<SQLValue>()
            var distinct: [Value] = []
            for (element, value) in zip(elements, values) {
                let key: SQLValue = if hasReal, case .integer(let i) = value { .real(Double(i)) } else { value }
                // Values Swift's `==` does not compare here (blobs) are each kept, as before.
                if Evaluator.compare(key, key) != nil, !seen.insert(key).inserted { continue }
                distinct.append(element)
            }
            return .array(distinct)
        },
        SwiftBuiltin(.uuid, "uuidString") { call in
            guard case .swift(.uuid(let uuid)) = call.receiver else { return nil }
            return .expression(.value(.text(uuid.uuidString)))
        },
    ]
}
