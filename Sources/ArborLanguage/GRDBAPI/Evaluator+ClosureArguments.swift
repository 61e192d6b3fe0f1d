import ArborCore

/// Swift's rule for GRDB's closure parameters: where a request method takes a closure
/// (`order(_ orderings: (DatabaseComponents) throws -> …)`), a closure or a key path
/// standing for one is the whole argument, never an element of a variadic list.
extension Evaluator {
    /// `order(\.a, \.b)` and `select({ $0.a }, Column("b"))` do not compile: the closure
    /// returns every term, as in `order { [$0.a, $0.b] }`.
    static func refuseClosureAmongTerms(_ call: GRDBCall) throws {
        let terms = call.arguments.filter { $0.label == nil || isClosureLike($0.value) }
        guard terms.count > 1, let closure = terms.first(where: { isClosureLike($0.value) }) else { return }
        let what = if case .keyPath = closure.value.kind { "a key path" } else { "a closure" }
        throw ArborError(
            "GRDB's `\(call.name)` takes \(what) alone, not among other terms: Swift reads it as GRDB's closure parameter, which returns every term",
            at: closure.range,
            suggestion: "return them all from one closure, as in `\(call.name) { [$0.a, $0.b] }`")
    }

    static func isClosureLike(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .closure, .keyPath: true
        default: false
        }
    }
}
