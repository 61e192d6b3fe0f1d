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
            return try returnedValue(e)
        case .ifElse(let branches, let elseBody, _):
            for branch in branches {
                let value: Value?? = try inBlock {
                    guard try holds(branch.conditions) else { return .none }
                    return try run(branch.body, range: statement.range)
                }
                if case .some(let value) = value { return value }
            }
            guard let elseBody else { return nil }
            return try inBlock { try run(elseBody, range: statement.range) }
        case .switchValue(let subject, let cases, let range):
            let chosen = try chooseCase(subject, cases, range: range)
            return try inBlock {
                for (name, value) in chosen.bindings { scope.declare(name, value) }
                return try run(chosen.body, range: range)
            }
        default:
            return nil
        }
    }

    /// Runs statements in the current frame: a `let` or `var` declares a name there, an
    /// assignment changes a `var` where it is declared, and the blocks of `if`, `guard`'s
    /// `else` and `switch` cases are frames of their own.
    func execute(_ body: [BodyStatement]) throws -> Flow {
        for statement in body {
            switch statement {
            case .expression(let e):
                if try delegatedInitialization(e) { continue }
                _ = try evaluate(e)
            case .binding(let name, _, let type, let value, let isVariable, let range):
                // `let filter: Filter = .tag("x")`: the value takes its declared type.
                let bound = try value.map { expr in
                    let value =
                        try type.map { try evaluate(expr, expecting: SwiftType(parsing: $0), in: scope.selfType) }
                        ?? evaluate(expr)
                    return try self.bound(value, name: name, range: range, site: scope.bindingSite)
                }
                // `var x: Int?` starts as nil, as in Swift; `let x: Int` waits for its one assignment.
                let initial =
                    bound
                    ?? (isVariable && type.map { SwiftType(parsing: $0).isOptional } != false
                        ? .expression(.value(.null)) : nil)
                scope.declare(name, initial, type: type.map(SwiftType.init(parsing:)), isVariable: isVariable)
            case .assignment(let name, let nameRange, let value, _):
                let assigned = try evaluate(value)
                if scope.assignsProperty(name) {
                    scope.initializing?.assigned[name] = assigned
                } else {
                    try assign(name, at: nameRange, assigned)
                }
            case .returnValue(let value, let range):
                guard let value else { throw ArborError("`return` without a value", at: range) }
                return .returned(try returnedValue(value))
            case .guardElse(let conditions, let elseBody, let range):
                // A `guard let` binds its names in the frame the `guard` is in.
                if try !holds(conditions) {
                    if case .returned(let value) = try inBlock({ try execute(elseBody) }) {
                        return .returned(value)
                    }
                    throw ArborError("the `else` of `guard` must return", at: range)
                }
            case .ifElse(let branches, let elseBody, _):
                var flow: Flow?
                for branch in branches {
                    flow = try inBlock {
                        guard try holds(branch.conditions) else { return nil }
                        return try execute(branch.body)
                    }
                    if flow != nil { break }
                }
                if flow == nil, let elseBody { flow = try inBlock { try execute(elseBody) } }
                if case .returned? = flow { return flow ?? .next }
            case .switchValue(let subject, let cases, let range):
                let chosen = try chooseCase(subject, cases, range: range)
                let flow = try inBlock {
                    for (name, value) in chosen.bindings { scope.declare(name, value) }
                    return try execute(chosen.body)
                }
                if case .returned = flow { return flow }
            case .subscriptAssignment(let target, let value, let range):
                guard case .subscripted(let base, let arguments) = target.kind, case .identifier(let name) = base.kind,
                    name == scope.encodingContainer, arguments.count == 1,
                    case .expression(.value(.text(let column))) = try evaluate(arguments[0].value)
                else {
                    throw ArborError("only `container[\"column\"] = value` is supported here", at: range)
                }
                // A Swift value (`Date`, `UUID`, a case with a raw value) is stored as GRDB stores it.
                switch try evaluate(value) {
                case .expression(.value(let literal)): scope.encoded[column] = literal
                case .swift(let swift) where swift.databaseValue != nil: scope.encoded[column] = swift.databaseValue
                default: throw ArborError("a record encodes values, such as `1` or a property", at: value.range)
                }
            case .throwError(let error, let range):
                throw try thrown(error, range: range)
            case .forIn(let name, let sequence, let condition, let body, _):
                if case .returned(let value) = try loop(name, over: sequence, where: condition, body) {
                    return .returned(value)
                }
            case .unsupported(let what, let range):
                throw ArborError("\(what) is not supported in request methods yet", at: range)
            }
        }
        return .next
    }

    /// `throw error` reached: the app's code stops with the error, as Swift does, and it reaches
    /// the statement that called the method. The error is described as Swift prints it
    /// (a string the app made an `Error`, a case of the app's error enum).
    func thrown(_ error: Expr, range: SourceRange) throws -> ArborError {
        let description: String
        switch try evaluate(error) {
        case .expression(.value(.text(let text))): description = SQLValue.swiftQuoted(text)
        case .swift(.enumCase(let value)): description = "\(value.type).\(value.name)"
        case .implicitMember(let name): description = ".\(name)"
        case let value: description = value.kindName
        }
        return ArborError("the app's code throws \(description)", at: range)
    }

    /// `name = value`: a `var` (or a `let` declared without a value, once) of the frames around.
    func assign(_ name: String, at range: SourceRange, _ value: Value) throws {
        guard let local = local(name) else {
            throw ArborError("cannot find '\(name)' in scope", at: range)
        }
        guard local.isVariable || local.value == nil else {
            throw ArborError(
                "cannot assign to value: '\(name)' is a 'let' constant", at: range,
                suggestion: "declare it with `var \(name) = …` to change it")
        }
        _ = scope.assign(name, value)
    }

    /// `for name in sequence where condition { body }`: the body in a frame of its own for each
    /// element of the array the sequence is (a fetch runs, as Swift runs it), until it returns.
    private func loop(_ name: String?, over sequence: Expr, where condition: Expr?, _ body: [BodyStatement])
        throws -> Flow
    {
        guard case .array(let elements) = try fetchedSwiftValue(evaluate(sequence), range: sequence.range) else {
            throw ArborError("arbor runs `for … in` over an array (a fetch of records, values)", at: sequence.range)
        }
        for element in elements {
            let flow: Flow = try inBlock {
                if let name { scope.declare(name, element) }
                if let condition, try !truth(condition) { return .next }
                return try execute(body)
            }
            if case .returned = flow { return flow }
        }
        return .next
    }

    /// Runs `body` in a block frame of its own: the names it declares end with it.
    private func inBlock<T>(_ body: () throws -> T) throws -> T {
        scope.push(.block)
        let depth = scope.frames.count
        defer { if scope.frames.count >= depth { scope.frames.removeLast(scope.frames.count - depth + 1) } }
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
                    try value.map { try self.bound(evaluate($0), name: name, range: $0.range, site: scope.bindingSite) }
                    ?? identifier(name, range: nameRange)
                if case .expression(.value(.null)) = bound { return false }
                if case .absentRecord = bound { return false }
                scope.declare(name, bound)
            case .casePattern(let pattern, let value):
                guard let bindings = try match(pattern, evaluate(value)) else { return false }
                for (name, value) in bindings { scope.declare(name, value) }
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
            // Each side evaluated once; a fetch (`try Player.fetchCount(db) > 0`) runs, as Swift runs it.
            let leftValue = try fetchedSwiftValue(evaluate(l), range: l.range)
            let rightValue = try fetchedSwiftValue(evaluate(r), range: r.range)
            // Enum cases, compared as Swift compares them (`kind == .novel`).
            if case .expression(.value(.bool(let same)))? = caseComparison(op, leftValue, l, rightValue, r) {
                return same
            }
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
            switch try fetchedSwiftValue(evaluate(base), range: base.range) {
            case .expression(.value(.text(let s))): return s.isEmpty
            case .array(let values): return values.isEmpty
            default: break
            }
        default:
            if case .expression(.value(.bool(let b))) = try fetchedSwiftValue(evaluate(e), range: e.range) { return b }
        }
        throw ArborError(
            "a condition of a request method must be known when it is called (a Bool argument, a comparison of arguments)",
            at: e.range)
    }

    /// A value of a condition's comparison: an enum case written `.novel` takes its raw value
    /// from the other side's type when it can.
    private func swiftValue(_ value: Value, range: SourceRange) throws -> SQLValue {
        switch value {
        case .expression(.value(let v)): return v
        case .implicitMember(let name): return .text(name)
        // GRDB's storage text of a date sorts as the dates do; a case compares by its raw value or name.
        case .swift(let swift) where swift.comparableValue != nil: return swift.comparableValue ?? .null
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

    /// The body of the case of `switch subject` that matches, or of `default`, with the names
    /// its pattern binds (`case .tag(let name):`). A case of the subject's enum written `.novel`
    /// is checked against the enum's cases.
    private func chooseCase(_ subject: Expr, _ cases: [BodyStatement.SwitchCase], range: SourceRange) throws
        -> (body: [BodyStatement], bindings: [(name: String, value: Value)])
    {
        var value = try evaluate(subject)
        var enumPath: String?
        // A parameter, local or stored property declared as the enum: its type as written, for messages.
        let declared = Self.subjectName(subject).flatMap { declaredType(ofName: $0)?.name }
        if case .swift(.enumCase(let c)) = value {
            enumPath = c.type
        } else if let declared, let found = enumPathAndCases(named: declared, from: scope.selfType) {
            enumPath = found.path
            value = caseValue(value, of: found.path)
        }
        let enumeration = enumPath.flatMap { environment.types[$0]?.enumeration }
        for switchCase in cases {
            if switchCase.isDefault { return (switchCase.body, []) }
            for pattern in switchCase.casePatterns {
                if let bindings = try match(pattern, value) { return (switchCase.body, bindings) }
            }
            for pattern in switchCase.patterns {
                if case .implicitMember(let name) = pattern.kind, let enumeration, let enumPath {
                    guard enumeration.rawValues[name] != nil else {
                        let names = enumeration.caseNames
                        throw ArborError(
                            "`\(declared ?? enumPath)` has no case `\(name)`", at: pattern.range,
                            suggestion: Suggestions.didYouMean(name, in: names)
                                ?? "its cases: " + names.map { ".\($0)" }.joined(separator: ", "))
                    }
                    if case .swift(.enumCase(let c)) = value, c.name == name { return (switchCase.body, []) }
                    if case .expression(.value(let raw)) = value, let patternRaw = enumeration.rawValues[name],
                        Self.compare(raw, patternRaw) == 0
                    {
                        return (switchCase.body, [])
                    }
                    continue
                }
                let patternValue = try evaluate(pattern)
                if case .expression(.value(.bool(true)))? = caseComparison(
                    .equal, value, subject, patternValue, pattern)
                {
                    return (switchCase.body, [])
                }
                if let a = value.knownValue, let b = patternValue.knownValue, Self.compare(a, b) == 0 {
                    return (switchCase.body, [])
                }
            }
        }
        if value.knownValue == nil { _ = try swiftValue(value, range: subject.range) }
        throw ArborError("no case of this `switch` matches", at: range)
    }

    /// A parameter or local (`ordering`), or a stored property of the app's struct (`self.ordering`).
    private static func subjectName(_ subject: Expr) -> String? {
        switch subject.kind {
        case .identifier(let name): name
        case .member(let base, let name, _) where base.kind == .identifier("self"): name
        default: nil
        }
    }
}
