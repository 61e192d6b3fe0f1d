import ArborCore

/// GRDB's static fetches of value types and rows: `String.fetchAll(db, request)`,
/// `Int.fetchOne(db, sql: …)`, `Row.fetchCursor(db, sql: …)`.
extension GRDBAPI {
    static let valueFetches: [GRDBMember] = ["fetchAll", "fetchOne", "fetchSet", "fetchCursor"].map { name in
        GRDBMember(
            .method, name, [CallForm([nil, nil]), CallForm([nil, "sql"]), CallForm([nil, "sql", "arguments"])],
            on: [.valueType],
            symbols: symbols("DatabaseValueConvertible", "Row", member: "\(name)(_:_:)")
                + symbols("DatabaseValueConvertible", "Row", member: "\(name)(_:sql:arguments:adapter:)"),
            detail: "\(name)(db, request) · \(name)(db, sql:arguments:)", acceptsRawSQL: true
        ) { evaluator, call in
            guard let type = call.fetchedType else { throw call.unexpectedReceiver }
            return try evaluator.typeFetch(type, call)
        }
    }
}

extension Evaluator {
    /// `Type.fetchAll(db, request)`, `Type.fetchOne(db, sql: …, arguments: …)`.
    func typeFetch(_ type: FetchedType, _ call: GRDBCall) throws -> Value {
        let arguments = call.arguments
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
        let kind = Value.FetchKind(rawValue: call.name) ?? .all
        if case .value(let valueType) = type { plan.valueType = valueType }
        plan.isDeduplicated = kind == .set
        return .fetch(plan, kind)
    }

    /// `String.fetchAll(…)`: the registry's fetches of a value type, or why there is none.
    func valueTypeMethod(
        _ type: FetchedType, _ name: String, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    )
        throws -> Value
    {
        var call = GRDBCall(
            name: name, base: .namespace(type.swiftName), receiver: nil, receiverKind: .valueType,
            arguments: arguments, range: range, nameRange: nameRange)
        call.fetchedType = type
        if GRDBAPI.members(named: name, kind: .method).contains(where: { $0.offeredOn.contains(.valueType) }),
            let value = try GRDBAPI.dispatch(call, kind: .method, in: self)
        {
            return value
        }
        if let what = UnsupportedGRDB.methods[name] { throw UnsupportedGRDB.error(what, at: nameRange) }
        let names = GRDBAPI.names(offeredOn: .valueType, kind: .method)
        throw ArborError(
            "`\(type.swiftName)` has no method `\(name)` here", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: names)
                ?? "GRDB fetches values with " + names.map { "`\($0)`" }.joined(separator: ", ", last: " and "))
    }
}
