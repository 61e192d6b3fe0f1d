import SwiftSyntax

/// A call's arguments matched to a function's parameters as Swift matches them: in order,
/// by label, a parameter with a default value left out when the call has no argument for it
/// (`createNamedTable(db, name: "author")` for `func createNamedTable(_ db: Database, name:
/// String, strict: Bool = false)`). Nil when they do not match: another function of that name.
struct HelperArguments {
    typealias Parameter = (label: String?, name: String, type: String, defaultValue: ExprSyntax?)

    /// Each parameter with its argument, nil where the default value stands.
    let pairs: [(parameter: Parameter, argument: ExprSyntax?)]

    init?(_ call: FunctionCallExprSyntax, _ parameters: [Parameter]) {
        var arguments = Array(call.arguments)
        if let closure = call.trailingClosure {
            arguments.append(LabeledExprSyntax(expression: ExprSyntax(closure)))
        }
        var pairs: [(parameter: Parameter, argument: ExprSyntax?)] = []
        var next = 0
        for parameter in parameters {
            if next < arguments.count, arguments[next].label?.text == parameter.label {
                pairs.append((parameter, arguments[next].expression))
                next += 1
            } else if parameter.defaultValue != nil {
                pairs.append((parameter, nil))
            } else {
                return nil
            }
        }
        guard next == arguments.count else { return nil }
        self.pairs = pairs
    }
}
