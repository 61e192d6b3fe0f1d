import ArborCore

/// Swift's rule for GRDB's closure parameters: where a request method takes a closure
/// (`order(_ orderings: (DatabaseComponents) throws -> …)`), a closure is the whole
/// argument, never an element of a variadic list.
extension Evaluator {
    /// `select({ $0.a }, Column("b"))` does not compile: the closure returns every term, as
    /// in `select { [$0.a, Column("b")] }`. Key paths in a list (`select(\.$name, \.$country)`)
    /// stay accepted, as the association guides write them.
    static func refuseClosureAmongTerms(_ call: GRDBCall) throws {
        let terms = call.arguments.filter { $0.label == nil || isClosure($0.value) }
        guard terms.count > 1, let closure = terms.first(where: { isClosure($0.value) }) else { return }
        throw ArborError(
            "GRDB's `\(call.name)` takes a closure alone, not among other terms: Swift reads it as GRDB's closure parameter, which returns every term",
            at: closure.range,
            suggestion: "return them all from one closure, as in `\(call.name) { [$0.a, $0.b] }`")
    }

    static func isClosure(_ expr: Expr) -> Bool {
        if case .closure = expr.kind { true } else { false }
    }
}
