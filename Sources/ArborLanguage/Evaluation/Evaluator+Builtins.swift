import ArborCore

/// Where the evaluator consults `SwiftBuiltins`: methods and properties of Swift values,
/// and the initializers and static members of standard types the app does not declare.
extension Evaluator {
    /// `receiver.name(arguments)` (arguments nil: the property), when a builtin serves it.
    func builtin(_ name: String, on receiver: Value, arguments: [Argument]?, range: SourceRange) throws -> Value? {
        guard let kind = receiver.builtinReceiver,
            let builtin = SwiftBuiltins.find(kind, name, labels: arguments?.labels)
        else { return nil }
        return try builtin.run(.init(evaluator: self, receiver: receiver, arguments: arguments ?? [], range: range))
    }

    /// `Date(timeIntervalSince1970: 0)`, `SortOrder.reverse`, `Calendar.current`: a member
    /// (`init` for a call of the type) of a standard type, unless the app declares that type.
    func builtinStatic(_ type: String, _ name: String, arguments: [Argument]?, range: SourceRange) throws -> Value? {
        guard SwiftBuiltins.typeNames.contains(type), !declaresOwnType(type),
            let builtin = SwiftBuiltins.find(.type(type), name, labels: arguments?.labels)
        else { return nil }
        return try builtin.run(
            .init(evaluator: self, receiver: .namespace(type), arguments: arguments ?? [], range: range))
    }

    /// Whether the app declares a type of this name itself: an `extension Date { static var
    /// epochZero … }` adds members to Foundation's `Date`, whose initializers stay Swift's.
    func declaresOwnType(_ name: String) -> Bool {
        environment.typeNames.table(forType: name) != nil || environment.enums[name] != nil
            || storedProperties(of: name) != nil
    }

    /// Whether the app's code or the database gives a type of this name.
    func declaresType(_ name: String) -> Bool {
        environment.typeNames.table(forType: name) != nil || environment.statics[name] != nil
            || environment.enums[name] != nil || storedProperties(of: name) != nil
    }

    /// A closure or key path applied to values: `{ $0 }`, `{ id in … }`, `\.rawValue`.
    func applying(_ function: Expr, to arguments: [Value], range: SourceRange) throws -> Value {
        switch function.kind {
        case .closure(let closure):
            return try withScope({ scope in
                scope.push(.closure)
                for (index, value) in arguments.enumerated() {
                    scope.declare("$\(index)", value)
                    if index < closure.parameters.count { scope.declare(closure.parameters[index], value) }
                }
            }) { try closureValue(closure) }
        case .keyPath(_, let components):
            guard var value = arguments.first else { return .swift(.void) }
            for component in components {
                value = try member(component, of: value, range: function.range, nameRange: function.range)
            }
            return value
        case .parenthesized(let inner):
            return try applying(inner, to: arguments, range: range)
        default:
            throw ArborError("expected a closure or a key path", at: function.range)
        }
    }
}

extension Value {
    /// Which builtins apply to the value.
    var builtinReceiver: SwiftBuiltin.Receiver? {
        switch self {
        case .array: .array
        case .dictionary: .dictionary
        case .swift(.date): .date
        case .swift(.uuid): .uuid
        case .swift(.calendar): .calendar
        case .expression(.value(.text)): .string
        case .expression(.value(.integer)), .expression(.value(.real)): .number
        case .expression(.value(.bool)): .bool
        case .expression(.value(.null)), .absentRecord: SwiftBuiltin.Receiver.none
        case .record: .record
        default: nil
        }
    }

    /// The value as SQL's literal when it is one known now (not a column, not a request).
    public var knownValue: SQLValue? {
        switch self {
        case .expression(.value(let value)): value
        case .swift(let value): value.comparableValue
        case .implicitMember(let name): .text(name)
        default: nil
        }
    }

    public var isNil: Bool {
        if case .expression(.value(.null)) = self { return true }
        return false
    }

    /// The Swift type of a value known now, for the compiler's type errors.
    public var swiftTypeName: String {
        switch self {
        case .expression(.value(let value)): value.swiftTypeName
        case .swift(let value): value.typeName
        case .array: "Array"
        case .dictionary(let dictionary): dictionary.swiftTypeName
        default: kindName
        }
    }
}
