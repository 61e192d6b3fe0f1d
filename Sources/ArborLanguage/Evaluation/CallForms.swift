import ArborCore

/// The argument labels a method accepts, so that a call matching none of them
/// is reported at the one label or argument at fault, with what would be valid
/// there, rather than under the whole statement.
struct CallForm: Sendable {
    /// `nil` for an unlabelled argument.
    var labels: [String?]
    /// The position whose label may be repeated: the last (`order(_:_:…)`,
    /// `annotated(with:_:…)`) or one before a last label (`select(_:_:…as:)`).
    var repeated: Int?

    init(_ labels: [String?], repeatsLast: Bool = false) {
        self.labels = labels
        self.repeated = repeatsLast && !labels.isEmpty ? labels.count - 1 : nil
    }

    init(_ labels: [String?], repeating position: Int) {
        self.labels = labels
        self.repeated = position
    }

    var repeatsLast: Bool { repeated == labels.count - 1 }

    /// The label expected at `position`, or nil (the outer optional) when the form has no argument there.
    func label(at position: Int) -> String?? {
        guard let repeated else { return position < labels.count ? .some(labels[position]) : nil }
        if position < repeated { return .some(labels[position]) }
        if repeatsLast { return .some(labels[repeated]) }
        // Past the repeated position, either another repeated argument or the labels after it.
        return .some(labels[repeated])
    }

    func isComplete(count: Int) -> Bool {
        count == labels.count || (repeated != nil && count > labels.count)
    }

    /// Whether the arguments are written in this form, as Swift matches labels: a trailing
    /// closure fills the parameter at its place whatever its label.
    func matches(_ arguments: [Argument]) -> Bool {
        func fits(_ argument: Argument, _ label: String?) -> Bool {
            argument.label == label || (argument.isTrailingClosure && argument.label == nil)
        }
        guard let repeated else {
            return arguments.count == labels.count && zip(arguments, labels).allSatisfy(fits)
        }
        let after = labels.count - repeated - 1
        guard arguments.count >= labels.count else { return false }
        let repeatedCount = arguments.count - repeated - after
        for (position, argument) in arguments.enumerated() {
            let label: String? =
                position < repeated
                ? labels[position]
                : position < repeated + repeatedCount ? labels[repeated] : labels[position - repeatedCount + 1]
            if !fits(argument, label) { return false }
        }
        return true
    }
}

extension Evaluator {
    /// Why `name(arguments)` matches none of `forms`: the first argument whose
    /// label no form takes at its position (its label underlined, the valid
    /// labels listed), an argument too many, or the argument missing at the end.
    static func callMismatch(
        _ name: String, arguments: [Argument], forms: [CallForm], nameRange: SourceRange
    ) -> ArborError {
        var candidates = forms
        for (position, argument) in arguments.enumerated() {
            let reaching = candidates.filter { $0.label(at: position) != nil }
            guard !reaching.isEmpty else {
                let counts = Set(candidates.map(\.labels.count))
                let most = counts.max() ?? 0
                let takes =
                    most == 0 ? "takes no argument" : most == 1 ? "takes one argument" : "takes \(most) arguments"
                return ArborError(
                    "`\(name)\(formsText(candidates))` \(takes); this one is too many", at: argument.range,
                    suggestion: tooManySuggestion(name))
            }
            let matching = reaching.filter { $0.label(at: position) == .some(argument.label) }
            guard matching.isEmpty else {
                candidates = matching
                continue
            }
            var expected: [String?] = []
            for form in reaching {
                if let label = form.label(at: position), !expected.contains(label) { expected.append(label) }
            }
            let valid = expected.map(labelText).joined(separator: ", ", last: " or ")
            let place = position == 0 ? "" : " after `\(arguments[position - 1].label.map { $0 + ":" } ?? "_:")`"
            if let label = argument.label {
                let named = expected.compactMap { $0 }
                let suggestion =
                    Suggestions.closest(to: label, in: named).first.map { "did you mean `\($0):`?" }
                    ?? (expected.contains(nil) ? "write the argument without `\(label):`" : nil)
                return ArborError(
                    "`\(name)` has no argument label `\(label):`\(place); it takes \(valid)",
                    at: argument.labelRange ?? argument.range, suggestion: suggestion)
            }
            return ArborError(
                "`\(name)` needs a label here\(place): \(valid)", at: argument.value.range,
                suggestion: "as in `\(name)(\(expected.compactMap { $0 }.first ?? "_"): …)`")
        }
        // The labels fit a form, so something else (such as a count GRDB bounds) was refused.
        if candidates.contains(where: { $0.isComplete(count: arguments.count) }) {
            return ArborError("`\(name)` does not take the arguments \(arguments.labels.signature) here", at: nameRange)
        }
        // Every argument fits a form, but the call stops short of all of them.
        var next: [String?] = []
        for form in candidates {
            if let label = form.label(at: arguments.count), !next.contains(label) { next.append(label) }
        }
        return ArborError(
            "`\(name)` needs \(arguments.isEmpty ? "an" : "another") argument: \(next.map(labelText).joined(separator: ", ", last: " or "))",
            at: nameRange, suggestion: "its forms: " + forms.map { "`\(name)\(signature($0))`" }.joined(separator: ", ")
        )
    }

    /// `(_:offset:)`, `(_:_:…)`.
    static func signature(_ form: CallForm) -> String {
        let labels = form.labels.enumerated().map { position, label in
            (label ?? "_") + ":" + (position == form.repeated ? (form.repeatsLast ? "" : "…") : "")
        }
        return "(" + labels.joined() + (form.repeatsLast ? "…" : "") + ")"
    }

    /// The signature when one form is left, to say which form the call was read as.
    static func formsText(_ forms: [CallForm]) -> String {
        forms.count == 1 ? signature(forms[0]) : ""
    }

    static func labelText(_ label: String?) -> String {
        label.map { "`\($0):`" } ?? "an unlabelled argument"
    }

    static func tooManySuggestion(_ name: String) -> String? {
        switch name {
        case "filter", "having": "combine conditions with `&&` or `||`"
        case "including", "joining": "call `\(name)` once per association"
        default: nil
        }
    }
}

extension Array where Element == String {
    /// `a, b or c`.
    func joined(separator: String, last: String) -> String {
        guard count > 1 else { return first ?? "" }
        return dropLast().joined(separator: separator) + last + self[count - 1]
    }
}
