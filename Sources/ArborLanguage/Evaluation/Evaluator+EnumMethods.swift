import ArborCore
import Foundation

/// Instance methods and computed properties of the app's enums (`Transaction.Ordering`,
/// an extension of Foundation's `SortOrder`): arbor holds a case as a raw value or as
/// `.byTitle`, without its type, so the type comes from how the receiver is written: a case
/// with its type (`Transaction.Ordering.byPayee`), a name whose declared type is the enum
/// (a parameter, a stored property, `self`), or an implicit member only one such enum has.
extension Evaluator {
    /// The enum `expr` is a value of, when it has a method or property `name`, and its case.
    func enumReceiver(_ expr: Expr, member name: String) throws -> (path: String, value: Value)? {
        let enumPaths = Array(environment.types.enumsWithMethods).filter { path in
            !(environment.types[path]?.methods.named(name).isEmpty ?? true)
        }
        guard !enumPaths.isEmpty else { return nil }
        var path: String?
        switch expr.kind {
        case .member(let typeExpr, let caseName, _):
            if typeExpr.kind == .identifier("self") {
                path = declaredEnum(ofName: caseName)
            } else if let typeName = Self.dottedTypeName(typeExpr),
                let found = enumPathAndCases(named: typeName, from: scope.selfType), found.cases[caseName] != nil
            {
                path = found.path
            }
        case .identifier(let name):
            path = declaredEnum(ofName: name) ?? returnedEnum(of: name, labels: nil)
        case .call(let callee, let arguments):
            // `flipped().label` in the enum's own methods: what `self.flipped()` returns.
            if case .identifier(let function) = callee.kind {
                path = returnedEnum(of: function, labels: arguments.labels)
            }
        case .implicitMember(let caseName):
            let owners = enumPaths.filter { environment.enums[$0]?[caseName] != nil }
            path = owners.count == 1 ? owners[0] : owners.first { $0 == scope.selfType }
        case .parenthesized(let inner):
            return try enumReceiver(inner, member: name)
        default:
            break
        }
        guard let path, enumPaths.contains(path) else { return nil }
        return (path, caseValue(try evaluate(expr), of: path))
    }

    /// `self == .byTitle`, `kind != Book.Kind.novel`: cases compared with Swift's `==`, a Bool
    /// (a case is no SQL value). A case written `.byTitle` takes the other side's enum.
    func caseComparison(_ op: BinaryOperator, _ l: Value, _ lhs: Expr, _ r: Value, _ rhs: Expr) -> Value? {
        guard op == .equal || op == .notEqual else { return nil }
        var (l, r) = (l, r)
        if case .implicitMember = l, let path = enumType(of: r, rhs) { l = caseValue(l, of: path) }
        if case .implicitMember = r, let path = enumType(of: l, lhs) { r = caseValue(r, of: path) }
        if case .swift(.enumCase(let c)) = l { r = caseValue(r, of: c.type) }
        if case .swift(.enumCase(let c)) = r { l = caseValue(l, of: c.type) }
        let same: Bool
        switch (l, r) {
        case (.swift(.enumCase(let a)), .swift(.enumCase(let b))):
            // Swift's synthesized `==` compares the associated values too.
            same = a.type == b.type && a.name == b.name && a.associatedValues == b.associatedValues
        case (.implicitMember, _), (_, .implicitMember), (.swift(.enumCase), _), (_, .swift(.enumCase)):
            // An enum arbor has no declaration for (Foundation's `SortOrder`): by name or raw value.
            guard let a = l.knownValue, let b = r.knownValue else { return nil }
            same = Self.compare(a, b) == 0
        default:
            return nil
        }
        return .expression(.value(.bool(op == .equal ? same : !same)))
    }

    /// The enum a value is a case of, or that the expression is declared as.
    private func enumType(of value: Value, _ expr: Expr) -> String? {
        if case .swift(.enumCase(let c)) = value { return c.type }
        return declaredEnum(of: expr)
    }

    /// The enum an expression is declared as: a name (`self`, `ordering`), `self.ordering`.
    private func declaredEnum(of expr: Expr) -> String? {
        switch expr.kind {
        case .identifier(let name): declaredEnum(ofName: name)
        case .member(let base, let name, _) where base.kind == .identifier("self"): declaredEnum(ofName: name)
        case .parenthesized(let inner): declaredEnum(of: inner)
        default: nil
        }
    }

    /// The enum a name is declared as (`ordering: SortOrder?`), or `self` in the enum's own methods.
    private func declaredEnum(ofName name: String) -> String? {
        guard let type = declaredType(ofName: name)?.name else { return nil }
        return enumPathAndCases(named: type, from: scope.selfType)?.path
    }

    /// The enum a method or computed property of `self`'s type returns, in that type's own methods.
    private func returnedEnum(of name: String, labels: [String?]?) -> String? {
        guard let type = scope.selfType, let method = valueMethod(name, ofType: type, labels: labels),
            let returned = method.function.returnType.map(SwiftType.init(parsing:))?.name
        else { return nil }
        return enumPathAndCases(named: returned, from: type)?.path
    }

    /// A value as a case of the enum `path`: `.byTitle`, or a raw value (`"novel"` of a
    /// record's column) becomes the typed case; anything else (nil) stays as it is.
    func caseValue(_ value: Value, of path: String) -> Value {
        guard let enumeration = environment.types[path]?.enumeration else { return value }
        // A coding key stays the column name it is (`.title` is `"title"`).
        if enumeration.isCodingKey {
            guard case .implicitMember(let name) = value, !enumeration.isCaseOnly,
                let raw = enumeration.rawValues[name]
            else { return value }
            return .expression(.value(raw))
        }
        func typed(_ name: String) -> Value {
            .swift(
                .enumCase(
                    EnumCaseValue(
                        type: path, name: name, rawValue: enumeration.isCaseOnly ? nil : enumeration.rawValues[name])))
        }
        switch value {
        case .implicitMember(let name) where enumeration.rawValues[name] != nil:
            return typed(name)
        case .expression(.value(.text(let name))) where enumeration.isCaseOnly && enumeration.rawValues[name] != nil:
            return typed(name)
        case .expression(.value(let raw)) where !enumeration.isCaseOnly:
            let name = enumeration.caseNames.first {
                enumeration.rawValues[$0].map { Self.compare($0, raw) == 0 } ?? false
            }
            return name.map(typed) ?? value
        default:
            return value
        }
    }

    /// `kind.rawValue`, `ordering.label`: a member of a case of the app's enum.
    func enumCaseMember(_ name: String, of value: EnumCaseValue, range: SourceRange, nameRange: SourceRange) throws
        -> Value
    {
        if name == "rawValue", let raw = value.rawValue { return .expression(.value(raw)) }
        if let property = valueMethod(name, ofType: value.type, labels: nil) {
            return try invoke(property, on: .swift(.enumCase(value)), arguments: [], range: range)
        }
        if environment.valueMethods[canonicalTypePath(value.type)]?.named(name).isEmpty == false {
            throw ArborError("`\(value.type).\(name)` is a method: call it, as in `\(name)(…)`", at: nameRange)
        }
        let members =
            (value.rawValue == nil ? [] : ["rawValue"])
            + (environment.valueMethods[canonicalTypePath(value.type)]?.all.filter(\.isProperty).map(\.function.name)
                ?? [])
        throw ArborError(
            "value of type '\(value.type)' has no member '\(name)'", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: members))
    }

    /// `receiver.name(…)` (or `receiver.name` with `arguments` nil) where the receiver is a
    /// case of the app's enum; nil (Swift's, of optional chaining) gives nil.
    func enumMember(_ name: String, of expr: Expr, arguments: [Argument]?, range: SourceRange, nameRange: SourceRange)
        throws -> Value?
    {
        guard let (path, value) = try enumReceiver(expr, member: name) else { return nil }
        if case .expression(.value(.null)) = value { return value }
        guard let arguments else {
            guard let property = valueMethod(name, ofType: path, labels: nil) else {
                throw ArborError("`\(path).\(name)` is a method: call it, as in `\(name)(…)`", at: nameRange)
            }
            return try invoke(property, on: value, arguments: [], range: range)
        }
        return try compositeMethod(
            name, on: value, type: path, arguments: arguments, range: range, nameRange: nameRange)
    }

    /// Foundation's `SortOrder` (`.forward`, `.reverse`), which apps extend with helpers
    /// (`func by(_ column: Column) -> SQLOrdering`): an enum without raw values.
    static let builtInEnums: [String: [String]] = ["SortOrder": ["forward", "reverse"]]
}
