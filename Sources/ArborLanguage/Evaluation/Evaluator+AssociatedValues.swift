import ArborCore

/// Enum cases with associated values, as Swift builds and matches them: `Filter.tag("swift")`
/// (or `.tag("swift")` where a `Filter` is expected) is a case holding its values, typed as the
/// case declares them; `case .tag(let name):` and `if case .tag(let name) = filter` match it
/// and bind its values. Such a case is a value of Swift only: GRDB never takes it as SQL.
extension Evaluator {
    /// `Filter.tag("x")`, `Self.tag("x")` or `.tag("x")` called: the case with its values; nil
    /// when the callee names no case with associated values.
    func associatedCaseCall(_ callee: Expr, arguments: [Argument], range: SourceRange) throws -> Value? {
        let path: String?
        let name: String
        switch callee.kind {
        case .member(_, let member, _) where !environment.types.associatedCaseNames.contains(member):
            return nil
        case .member(let base, let member, _):
            guard let written = Self.dottedTypeName(base), local(written) == nil else { return nil }
            name = member
            let typeName = written == "Self" ? scope.selfType ?? written : written
            path = enumPathAndCases(named: typeName, from: scope.selfType)?.path
        case .implicitMember(let member):
            guard environment.types.associatedCaseNames.contains(member) else { return nil }
            // Without a declared type around: the one enum declaring the case (or `self`'s).
            name = member
            let owners = environment.types.enumsWithAssociatedCase(member)
            path = owners.count == 1 ? owners[0] : owners.first { $0 == scope.selfType }
        default:
            return nil
        }
        guard let path, environment.types[path]?.enumeration?.associatedValues[name] != nil else { return nil }
        return try associatedCase(name, of: path, arguments: arguments, range: range)
    }

    /// `expr` evaluated where a value of `type` is expected: `.tag("x")` is that enum's case
    /// (as Swift infers an implicit member from its context); anything else as it evaluates.
    func evaluate(_ expr: Expr, expecting type: SwiftType, in typePath: String?) throws -> Value {
        guard case .call(let callee, let arguments) = expr.kind, case .implicitMember(let name) = callee.kind,
            case .named(let typeName, let generics) = type.unwrapped, generics.isEmpty,
            let path = enumPathAndCases(named: typeName, from: typePath)?.path,
            environment.types[path]?.enumeration?.associatedValues[name] != nil
        else { return try evaluate(expr) }
        return try associatedCase(name, of: path, arguments: arguments, range: expr.range)
    }

    /// The case `name` of the enum `path` holding `arguments`, checked against the case's
    /// labels and converted to its types.
    func associatedCase(_ name: String, of path: String, arguments: [Argument], range: SourceRange) throws -> Value {
        let declared = environment.types[path]?.enumeration?.associatedValues[name] ?? []
        let signature = "\(path).\(name)(" + declared.map { "\($0.label ?? "_"):" }.joined() + ")"
        guard arguments.count == declared.count else {
            throw ArborError(
                "`\(signature)` takes \(declared.count) associated value\(declared.count == 1 ? "" : "s"), not \(arguments.count)",
                at: range)
        }
        var values: [AssociatedCaseValue] = []
        for (argument, associated) in zip(arguments, declared) {
            guard argument.label == associated.label else {
                throw ArborError(
                    associated.label.map { "`\(signature)` expects the label `\($0):` here" }
                        ?? "`\(signature)` takes this value without a label",
                    at: argument.labelRange ?? argument.value.range)
            }
            let type = SwiftType(parsing: associated.type)
            let value = try convert(
                evaluate(argument.value, expecting: type, in: path), to: type, in: path, range: argument.value.range)
            values.append(AssociatedCaseValue(label: associated.label, value: value))
        }
        return .swift(.enumCase(EnumCaseValue(type: path, name: name, rawValue: nil, associatedValues: values)))
    }

    // MARK: Patterns

    /// The names `pattern` binds when `value` matches it (empty for a pattern binding none);
    /// nil when it does not match. A case the enum does not declare is an error, as in Swift.
    func match(_ pattern: CasePattern, _ value: Value) throws -> [(name: String, value: Value)]? {
        // `case .some(let x)` and `case .none` of an optional.
        if !isEnumCase(value) && ["some", "none"].contains(pattern.caseName) {
            return try matchOptional(pattern, value)
        }
        guard case .swift(.enumCase(let given)) = value else {
            throw ArborError(
                "`.\(pattern.caseName)(…)` matches a case of an enum, not \(value.kindName)", at: pattern.range)
        }
        if let typeExpr = pattern.type, let written = Self.dottedTypeName(typeExpr) {
            let typeName = written == "Self" ? scope.selfType ?? written : written
            if let path = enumPathAndCases(named: typeName, from: scope.selfType)?.path, path != given.type {
                throw ArborError(
                    "pattern of type '\(typeName)' cannot match values of type '\(given.type)'", at: pattern.range)
            }
        }
        let enumeration = environment.types[given.type]?.enumeration
        if let enumeration, !enumeration.caseNames.contains(pattern.caseName) {
            throw ArborError(
                "`\(given.type)` has no case `\(pattern.caseName)`", at: pattern.nameRange,
                suggestion: Suggestions.didYouMean(pattern.caseName, in: enumeration.caseNames))
        }
        guard given.name == pattern.caseName else { return nil }
        guard let elements = pattern.elements else { return [] }
        guard elements.count == given.associatedValues.count else {
            throw ArborError(
                "`.\(pattern.caseName)` has \(given.associatedValues.count) associated value\(given.associatedValues.count == 1 ? "" : "s"), the pattern \(elements.count)",
                at: pattern.range)
        }
        var bindings: [(name: String, value: Value)] = []
        for (element, associated) in zip(elements, given.associatedValues) {
            if let label = element.label, label != associated.label {
                throw ArborError(
                    "`.\(pattern.caseName)` has no associated value labelled `\(label):` here", at: element.range)
            }
            switch element.kind {
            case .binding(let name):
                bindings.append((name, associated.value))
            case .wildcard:
                continue
            case .value(let expr):
                guard try same(associated.value, evaluate(expr), expr) else { return nil }
            }
        }
        return bindings
    }

    private func isEnumCase(_ value: Value) -> Bool {
        if case .swift(.enumCase) = value { return true }
        return false
    }

    /// `.some(let x)` binds an optional's value; `.none` matches nil.
    private func matchOptional(_ pattern: CasePattern, _ value: Value) throws -> [(name: String, value: Value)]? {
        let isNil = value.isNil || { if case .absentRecord = value { return true } else { return false } }()
        if pattern.caseName == "none" { return isNil ? [] : nil }
        guard !isNil else { return nil }
        guard let element = pattern.elements?.first, pattern.elements?.count == 1 else { return [] }
        switch element.kind {
        case .binding(let name): return [(name, value)]
        case .wildcard: return []
        case .value(let expr): return try same(value, evaluate(expr), expr) ? [] : nil
        }
    }

    /// Whether an associated value equals the pattern's value, with Swift's `==`.
    private func same(_ value: Value, _ expected: Value, _ expr: Expr) throws -> Bool {
        if case .expression(.value(.bool(let same)))? = caseComparison(.equal, value, expr, expected, expr) {
            return same
        }
        guard let a = value.knownValue, let b = expected.knownValue else {
            throw ArborError("this value can not be compared with the case's associated value", at: expr.range)
        }
        return Self.compare(a, b) == 0
    }
}

extension TypeTable {
    /// The enums declaring a case `name` with associated values, by path.
    func enumsWithAssociatedCase(_ name: String) -> [String] {
        all.filter { $0.enumeration?.associatedValues[name] != nil }.map(\.path).sorted()
    }
}
