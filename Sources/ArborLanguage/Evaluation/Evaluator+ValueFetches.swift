import ArborCore

/// `String.fetchAll(db, request)`, `Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book")`,
/// `String?.fetchSet(db, …)`, `Row.fetchAll(db, sql: …)`: GRDB's static fetch methods
/// of value types and of `Row`, on a request or on raw SQL.
extension Evaluator {
    /// What a type name before `.fetchAll` fetches.
    enum FetchedType {
        case row
        case value(FetchedValueType)

        var swiftName: String {
            switch self {
            case .row: "Row"
            case .value(let type): type.swiftName
            }
        }
    }

    /// The value type (or `Row`) `expr` names; nil when it names none, or a type or
    /// binding of the session that has the same name.
    func fetchedType(_ expr: Expr) -> FetchedType? {
        guard case .identifier(let written) = expr.kind else { return nil }
        let type = SwiftType(parsing: written)
        let isOptional = type.isOptional
        guard case .named(let name, let arguments) = type.unwrapped, arguments.isEmpty else { return nil }
        guard environment.typeNames.table(forType: name) == nil, environment.bindings[name] == nil,
            scope.local(name) == nil, decodableType(named: name) == nil
        else { return nil }
        if name == "Row", !isOptional { return .row }
        guard FetchedValueType.names.contains(name) else { return nil }
        return .value(FetchedValueType(name: name, isOptional: isOptional))
    }

    /// The forms of GRDB's static fetch methods of values and rows.
    static let typeFetchForms = [CallForm([nil, nil]), CallForm([nil, "sql"]), CallForm([nil, "sql", "arguments"])]

    /// `Type.fetchAll(db, request)`, `Type.fetchOne(db, sql: …, arguments: …)`.
    func typeFetch(_ type: FetchedType, _ name: String, arguments: [Argument], nameRange: SourceRange) throws -> Value {
        guard let kind = Value.FetchKind(rawValue: name), [.all, .one, .set].contains(kind) else {
            if let what = UnsupportedGRDB.methods[name] { throw UnsupportedGRDB.error(what, at: nameRange) }
            throw ArborError(
                "`\(type.swiftName)` has no method `\(name)` here", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: ["fetchAll", "fetchOne", "fetchSet"])
                    ?? "GRDB fetches values with `fetchAll`, `fetchOne` and `fetchSet`")
        }
        guard Self.typeFetchForms.contains(where: { $0.labels == arguments.labels }) else {
            throw Self.callMismatch(name, arguments: arguments, forms: Self.typeFetchForms, nameRange: nameRange)
        }
        guard Self.isDatabaseArgument(arguments[0].value) else {
            throw ArborError("the first argument is the database connection, `db`", at: arguments[0].value.range)
        }
        var plan: RequestPlan
        if arguments[1].label == nil {
            plan = try request(evaluate(arguments[1].value), range: arguments[1].value.range)
            // The request's own row type (`asRequest(of:)`) gives way to the fetched type.
            plan.decodedAs = nil
        } else {
            plan = try rawSQLPlan(table: "", arguments: Array(arguments.dropFirst()))
        }
        if case .value(let valueType) = type { plan.valueType = valueType }
        plan.isDeduplicated = kind == .set
        return .fetch(plan, kind)
    }
}
