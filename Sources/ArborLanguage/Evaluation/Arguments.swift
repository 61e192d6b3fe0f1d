import ArborCore

/// Helpers to match a call's labels against the forms a method accepts.
extension Array where Element == Argument {
    var labels: [String?] { map(\.label) }

    /// True when the labels are exactly `expected` (`nil` for unlabelled).
    func hasLabels(_ expected: [String?]) -> Bool {
        // Without making the array of labels: asked for each call dispatched.
        count == expected.count && indices.allSatisfy { self[$0].label == expected[$0] }
    }

    /// True when every argument is unlabelled.
    var allUnlabelled: Bool { allSatisfy { $0.label == nil } }

    func value(labelled label: String) -> Expr? { first { $0.label == label }?.value }
}

extension [String?] {
    /// `(required:)`, `(_:offset:)`: a Swift-like signature for messages.
    var signature: String {
        "(" + map { ($0 ?? "_") + ":" }.joined() + ")"
    }
}
