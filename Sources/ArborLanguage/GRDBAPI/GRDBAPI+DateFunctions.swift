import ArborCore

/// GRDB's date functions: `julianDay(_:_:)` and `dateTime(_:_:)`, with the modifiers of
/// `SQLDateModifier` (`.startOfYear`, `.day(1)`). GRDB has no `date(_:)` function.
extension GRDBAPI {
    static let dateFunctions: [GRDBMember] = [SQLFunction.julianDay, .dateTime].map { function in
        GRDBMember(
            .function, function.rawValue, [CallForm([nil]), CallForm([nil, nil], repeatsLast: true)], on: [.global],
            symbols: ["\(function.rawValue)(_:_:)"],
            detail: "\(function.rawValue)(_:_:…)"
        ) { evaluator, call in
            let date = try evaluator.sqlFunctionArgument(call.argument(0), of: call.name)
            let modifiers = try call.arguments.dropFirst().map { try evaluator.dateModifier($0.value, of: call.name) }
            return .expression(.function(function, [date] + modifiers.map { .value(.text($0.sqlText)) }))
        }.yielding(.expression)
    }

    /// The cases of `SQLDateModifier`, which the date functions read (`Evaluator.dateModifier`).
    static let dateModifiers: [GRDBMember] =
        DateModifier.plain.keys.sorted().map { name in
            GRDBMember(.property, name, on: [.typedArgument], symbols: ["SQLDateModifier.\(name)"]) { _, _ in
                .implicitMember(name)
            }
        }
        + (DateModifier.counted.keys.sorted() + ["second"]).map { name in
            GRDBMember(
                .method, name, [CallForm([nil])], on: [.typedArgument], symbols: ["SQLDateModifier.\(name)(_:)"]
            ) { _, call in
                throw ArborError("`.\(name)(_:)` is an argument of `julianDay` or `dateTime`", at: call.nameRange)
            }
        }
}

extension Evaluator {
    /// `.startOfYear`, `.day(1)`, `.second(1.5)`: a case of GRDB's `SQLDateModifier`.
    func dateModifier(_ expr: Expr, of function: String) throws -> DateModifier {
        switch expr.kind {
        case .implicitMember(let name):
            if let modifier = DateModifier.plain[name] { return modifier }
        case .call(let callee, let arguments):
            guard case .implicitMember(let name) = callee.kind, arguments.count == 1, arguments[0].label == nil else {
                break
            }
            let argument = try evaluate(arguments[0].value)
            if name == "second" {
                switch argument {
                case .expression(.value(.integer(let i))): return .second(Double(i))
                case .expression(.value(.real(let d))): return .second(d)
                default: break
                }
            } else if let make = DateModifier.counted[name], case .expression(.value(.integer(let i))) = argument,
                let value = Int(exactly: i)
            {
                return make(value)
            }
        default:
            break
        }
        throw ArborError(
            "`\(function)` takes GRDB's date modifiers (`SQLDateModifier`)", at: expr.range,
            suggestion: "as in `.startOfYear`, `.day(1)`, `.second(1.5)`, `.weekday(0)`, `.localTime`")
    }
}
