import ArborCore
import Foundation

/// Runs the statements of a request method, a static getter or a closure:
/// locals, assignments, `guard`, `if` and `switch` on values known when the
/// method is called (its arguments), and `return`.
extension Evaluator {
    /// What returning from a body gives.
    enum Flow {
        case next
        case returned(Value)
    }

    /// What a closure argument returns: its expression, or what its statements return.
    func closureValue(_ closure: Closure) throws -> Value {
        guard let statements = closure.statements else { return try evaluate(closure.body) }
        // `{ _ in }` returns Swift's `()`.
        if statements.isEmpty { return .swift(.void) }
        return try run(statements, range: closure.body.range)
    }

    /// The value `body` returns; a body of one expression returns it, as in Swift.
    func run(_ body: [BodyStatement], range: SourceRange) throws -> Value {
        if body.count == 1, let value = try implicitValue(body[0]) { return value }
        switch try execute(body) {
        case .returned(let value): return value
        case .next: throw ArborError("this body returns no value", at: range)
        }
    }

    /// The value of a body's single statement: an expression, or an `if`/`switch`
    /// whose branches are single expressions (Swift 5.9's if and switch expressions).
    private func implicitValue(_ statement: BodyStatement) throws -> Value? {
        switch statement {
        case .expression(let e):
            return try evaluate(e)
        case .ifElse(let branches, let elseBody, _):
            for branch in branches where try holds(branch.conditions) {
                return try withLocals { try run(branch.body, range: statement.range) }
            }
            guard let elseBody else { return nil }
            return try run(elseBody, range: statement.range)
        case .switchValue(let subject, let cases, let range):
            let body = try chooseCase(subject, cases, range: range)
            return try run(body, range: range)
        default:
            return nil
        }
    }

    func execute(_ body: [BodyStatement]) throws -> Flow {
        for statement in body {
            switch statement {
            case .expression(let e):
                _ = try evaluate(e)
            case .binding(let name, _, let type, let value, let range):
                scope.closureParameters[name] =
                    try value.map { try bound(evaluate($0), name: name, range: range) } ?? .expression(.value(.null))
                if let type { scope.localTypes[name] = type }
            case .assignment(let name, let nameRange, let value, _):
                guard scope.closureParameters[name] != nil else {
                    throw ArborError("`\(name)` is not a local variable", at: nameRange)
                }
                scope.closureParameters[name] = try evaluate(value)
            case .returnValue(let value, let range):
                guard let value else { throw ArborError("`return` without a value", at: range) }
                return .returned(try evaluate(value))
            case .guardElse(let conditions, let elseBody, let range):
                if try !holds(conditions) {
                    if case .returned(let value) = try withLocals({ try execute(elseBody) }) {
                        return .returned(value)
                    }
                    throw ArborError("the `else` of `guard` must return", at: range)
                }
            case .ifElse(let branches, let elseBody, _):
                var chosen: [BodyStatement]? = elseBody
                var bindings: [String: Value] = [:]
                for branch in branches {
                    let saved = scope.closureParameters
                    if try holds(branch.conditions) {
                        bindings = scope.closureParameters
                        chosen = branch.body
                        scope.closureParameters = saved
                        break
                    }
                    scope.closureParameters = saved
                }
                if let chosen {
                    let flow = try withBranch(bindings) { try execute(chosen) }
                    if case .returned = flow { return flow }
                }
            case .switchValue(let subject, let cases, let range):
                let chosen = try chooseCase(subject, cases, range: range)
                let flow = try withBranch([:]) { try execute(chosen) }
                if case .returned = flow { return flow }
            case .subscriptAssignment(let target, let value, let range):
                guard case .subscripted(let base, let arguments) = target.kind, case .identifier(let name) = base.kind,
                    name == scope.encodingContainer, arguments.count == 1,
                    case .expression(.value(.text(let column))) = try evaluate(arguments[0].value)
                else {
                    throw ArborError("only `container[\"column\"] = value` is supported here", at: range)
                }
                guard case .expression(.value(let literal)) = try evaluate(value) else {
                    throw ArborError("a record encodes values, such as `1` or a property", at: value.range)
                }
                scope.encoded[column] = literal
            case .unsupported(let what, let range):
                throw ArborError("\(what) is not supported in request methods yet", at: range)
            }
        }
        return .next
    }

    /// Runs a branch: names it binds stay inside it, assignments to outer locals last.
    private func withBranch(_ bindings: [String: Value], _ body: () throws -> Flow) throws -> Flow {
        let outer = scope.closureParameters
        if !bindings.isEmpty { scope.closureParameters = bindings }
        let flow = try body()
        var kept = outer
        for name in outer.keys { kept[name] = scope.closureParameters[name] }
        scope.closureParameters = kept
        return flow
    }

    private func withLocals<T>(_ body: () throws -> T) rethrows -> T {
        let saved = scope.closureParameters
        defer { scope.closureParameters = saved }
        return try body()
    }

    /// Whether every condition holds; `if let` conditions bind their names in the scope.
    private func holds(_ conditions: [BodyStatement.Condition]) throws -> Bool {
        for condition in conditions {
            switch condition {
            case .boolean(let e):
                guard try truth(e) else { return false }
            case .optionalBinding(let name, let nameRange, let value):
                let bound =
                    try value.map { try self.bound(evaluate($0), name: name, range: $0.range) }
                    ?? identifier(name, range: nameRange)
                if case .expression(.value(.null)) = bound { return false }
                if case .absentRecord = bound { return false }
                scope.closureParameters[name] = bound
            }
        }
        return true
    }

    /// A Swift condition: evaluated with Swift's rules on values known now
    /// (`nil == nil` holds, unlike SQL's `NULL = NULL`).
    func truth(_ e: Expr) throws -> Bool {
        switch e.kind {
        case .parenthesized(let inner):
            return try truth(inner)
        case .prefix(.not, let operand):
            return try !truth(operand)
        case .binary(.and, let l, let r):
            return try truth(l) && truth(r)
        case .binary(.or, let l, let r):
            return try truth(l) || truth(r)
        case .binary(let op, let l, let r)
        where [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(op):
            // Each side evaluated once.
            let (leftValue, rightValue) = (try evaluate(l), try evaluate(r))
            // `ids == [nil]`: arrays equal element by element, as Swift compares them.
            if op == .equal || op == .notEqual, case .array(let leftArray) = leftValue,
                case .array(let rightArray) = rightValue
            {
                let known = (leftArray.compactMap(\.knownValue), rightArray.compactMap(\.knownValue))
                guard known.0.count == leftArray.count, known.1.count == rightArray.count else {
                    throw ArborError("these arrays hold values not known now", at: e.range)
                }
                let equal =
                    known.0.count == known.1.count && zip(known.0, known.1).allSatisfy { Self.compare($0, $1) == 0 }
                return op == .equal ? equal : !equal
            }
            let left = try swiftValue(leftValue, range: l.range)
            let right = try swiftValue(rightValue, range: r.range)
            guard let order = Self.compare(left, right) else {
                throw ArborError("these values can not be compared here", at: e.range)
            }
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .member(let base, "isEmpty", _):
            switch try evaluate(base) {
            case .expression(.value(.text(let s))): return s.isEmpty
            case .array(let values): return values.isEmpty
            default: break
            }
        default:
            if case .expression(.value(.bool(let b))) = try evaluate(e) { return b }
        }
        throw ArborError(
            "a condition of a request method must be known when it is called (a Bool argument, a comparison of arguments)",
            at: e.range)
    }

    /// A value of a condition's comparison: an enum case written `.novel` takes its raw value
    /// from the other side's type when it can.
    private func swiftValue(_ e: Expr) throws -> SQLValue {
        try swiftValue(evaluate(e), range: e.range)
    }

    private func swiftValue(_ value: Value, range: SourceRange) throws -> SQLValue {
        switch value {
        case .expression(.value(let v)): return v
        case .implicitMember(let name): return .text(name)
        // GRDB's storage text of a date sorts as the dates do.
        case .swift(let swift) where swift.databaseValue != nil: return swift.databaseValue ?? .null
        default: throw ArborError("expected a value known when the method is called", at: range)
        }
    }

    static func compare(_ a: SQLValue, _ b: SQLValue) -> Int? {
        switch (a, b) {
        case (.null, .null): return 0
        case (.null, _), (_, .null): return 1
        case (.integer(let x), .integer(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.real(let x), .real(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.integer(let x), .real(let y)): return Double(x) < y ? -1 : Double(x) == y ? 0 : 1
        case (.real(let x), .integer(let y)): return x < Double(y) ? -1 : x == Double(y) ? 0 : 1
        case (.text(let x), .text(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (!x ? -1 : 1)
        default: return nil
        }
    }

    /// The body of the case of `switch subject` that matches, or of `default`.
    private func chooseCase(_ subject: Expr, _ cases: [BodyStatement.SwitchCase], range: SourceRange) throws
        -> [BodyStatement]
    {
        let value = try swiftValue(subject)
        // `.novel` takes its raw value from the subject's type, when it is an enum of the app.
        var enumCases: [String: SQLValue]?
        var enumType = ""
        // A parameter or local (`ordering`), or a stored property of the app's struct (`self.ordering`).
        var subjectName: String?
        switch subject.kind {
        case .identifier(let name): subjectName = name
        case .member(let base, let name, _) where base.kind == .identifier("self"): subjectName = name
        default: break
        }
        if let subjectName, let type = scope.localTypes[subjectName] {
            enumType = type.trimmingCharacters(in: ["?", "!"])
            enumCases = self.enumCases(named: enumType, from: scope.selfType)
        }
        for switchCase in cases {
            if switchCase.patterns.isEmpty { return switchCase.body }
            for pattern in switchCase.patterns {
                let patternValue: SQLValue
                if case .implicitMember(let name) = pattern.kind {
                    if let enumCases, enumCases[name] == nil {
                        throw ArborError(
                            "`\(enumType)` has no case `\(name)`", at: pattern.range,
                            suggestion: Suggestions.didYouMean(name, in: enumCases.keys.sorted())
                                ?? "its cases: " + enumCases.keys.sorted().map { ".\($0)" }.joined(separator: ", "))
                    }
                    patternValue = enumCases?[name] ?? .text(name)
                } else {
                    patternValue = try swiftValue(pattern)
                }
                if Self.compare(value, patternValue) == 0 { return switchCase.body }
            }
        }
        throw ArborError("no case of this `switch` matches", at: range)
    }
}
