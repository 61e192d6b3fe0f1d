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
        SwiftBuiltin(.uuid, "uuidString") { call in
            guard case .swift(.uuid(let uuid)) = call.receiver else { return nil }
            return .expression(.value(.text(uuid.uuidString)))
        },
    ]
}
