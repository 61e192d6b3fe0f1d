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
        let enumPaths = environment.valueMethods.keys.filter { path in
            environment.enums[path] != nil && !(environment.valueMethods[path]?.named(name).isEmpty ?? true)
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

    /// `self == .byTitle`, `ordering != .forward`: a case compared with Swift's `==`, a Bool
    /// (a case is no SQL value). The case written `.byTitle` takes the other side's enum.
    func caseComparison(_ op: BinaryOperator, _ l: Value, _ lhs: Expr, _ r: Value, _ rhs: Expr) -> Value? {
        guard op == .equal || op == .notEqual else { return nil }
        var (l, r) = (l, r)
        switch (l, r) {
        case (.implicitMember, _): if let path = declaredEnum(of: rhs) { l = caseValue(l, of: path) }
        case (_, .implicitMember): if let path = declaredEnum(of: lhs) { r = caseValue(r, of: path) }
        default: return nil
        }
        func swiftValue(_ value: Value) -> SQLValue? {
            switch value {
            case .implicitMember(let name): .text(name)
            case .expression(.value(let v)): v
            default: nil
            }
        }
        guard let a = swiftValue(l), let b = swiftValue(r) else { return nil }
        let same = Self.compare(a, b) == 0
        return .expression(.value(.bool(op == .equal ? same : !same)))
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
        guard let written = scope.localTypes[name] else { return nil }
        let type = written.trimmingCharacters(in: ["?", "!", " "])
        return enumPathAndCases(named: type, from: scope.selfType)?.path
    }

    /// The enum a method or computed property of `self`'s type returns, in that type's own methods.
    private func returnedEnum(of name: String, labels: [String?]?) -> String? {
        guard let type = scope.selfType, let method = valueMethod(name, ofType: type, labels: labels),
            let written = method.function.returnType
        else { return nil }
        return enumPathAndCases(named: written.trimmingCharacters(in: ["?", "!", " "]), from: type)?.path
    }

    /// A case as arbor holds values of its enum: `.byTitle` for an enum without raw values,
    /// the raw value otherwise. Anything else (nil) stays as it is.
    func caseValue(_ value: Value, of path: String) -> Value {
        guard let cases = environment.enums[path] else { return value }
        let isCaseOnly = environment.caseOnlyEnums.contains(path)
        switch value {
        case .implicitMember(let name) where !isCaseOnly:
            return cases[name].map { .expression(.value($0)) } ?? value
        case .expression(.value(.text(let name))) where isCaseOnly && cases[name] != nil:
            return .implicitMember(name)
        default:
            return value
        }
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
