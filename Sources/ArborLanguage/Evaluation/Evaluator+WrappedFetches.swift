import ArborCore

extension Evaluator {
    /// `IdentifiedArray(uniqueElements:)`, `IdentifiedArrayOf<Actor>(uncheckedUniqueElements:)`,
    /// `Array(…)`: swift-identified-collections' arrays (common in TCA apps) only wrap the rows.
    static let arrayWrappers: Set<String> = ["IdentifiedArray", "IdentifiedArrayOf", "Array"]

    /// The fetch a wrapper's single argument is, if it is one.
    func wrappedFetch(_ arguments: [Argument]) throws -> Value? {
        guard arguments.count == 1, [nil, "uniqueElements", "uncheckedUniqueElements"].contains(arguments[0].label)
        else { return nil }
        let value = try evaluate(arguments[0].value)
        guard case .fetch = value else { return nil }
        return value
    }
}
