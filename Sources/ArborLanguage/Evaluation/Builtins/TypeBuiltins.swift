import ArborCore

/// Static members of standard types that app code writes out: `SortOrder.reverse` is
/// `.reverse`, as Swift resolves it.
enum TypeBuiltins {
    static let all: [SwiftBuiltin] = [
        SwiftBuiltin(.type("SortOrder"), "forward") { _ in .implicitMember("forward") },
        SwiftBuiltin(.type("SortOrder"), "reverse") { _ in .implicitMember("reverse") },
    ]
}
