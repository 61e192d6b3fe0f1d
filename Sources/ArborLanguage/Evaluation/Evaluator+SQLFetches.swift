import ArborCore

/// Raw SQL fetched as GRDB fetches it: `Book.fetchAll(db, sql: "…", arguments: […])`,
/// `SQLRequest<Row>(sql: "…")`. The SQL runs as written, read-only (the session checks it).
extension Evaluator {
    /// `sql: "…"` and `arguments: […]` (the arguments after `db`), or an SQL literal.
    func rawSQLPlan(table: String, arguments: [Argument]) throws -> RequestPlan {
        var plan = RequestPlan(table: table)
        switch arguments.labels {
        case ["sql"], ["sql", "arguments"]:
            let sql = try string(arguments[0].value)
            plan.rawSQL = SQLFragment([.sql(sql, arguments: try sqlArguments(arguments.value(labelled: "arguments")))])
        case [nil], ["literal"]:
            plan.rawSQL = try sqlFragment(arguments[0].value)
        default:
            throw ArborError("expected `sql:` and `arguments:`", at: arguments.first?.range)
        }
        return plan
    }

    /// `Book.fetchAll(db, sql: …)`, `Book.fetchOne(db, request)`: a record type's static fetches.
    func recordTypeFetch(_ name: String, table: String, arguments: [Argument]) throws -> Value {
        guard Self.isDatabaseArgument(arguments[0].value) else {
            throw ArborError("the first argument is the database connection, `db`", at: arguments[0].value.range)
        }
        let kind = Value.FetchKind(rawValue: name) ?? .all
        var plan: RequestPlan
        if arguments[1].label == nil {
            plan = try request(evaluate(arguments[1].value), range: arguments[1].value.range)
            plan.decodedAs = nil
            try GRDBAPI.refuseCursorOfPrefetch(name, plan, at: arguments[1].value.range)
        } else {
            plan = try rawSQLPlan(table: table, arguments: Array(arguments.dropFirst()))
        }
        plan.isDeduplicated = kind == .set
        return .fetch(plan, kind)
    }

    /// `SQLRequest<Book>(sql: "…", arguments: […])`, `SQLRequest<Row>("… \(x)")`, `SQLRequest<String>(…)`,
    /// `SQLRequest<Book>(literal: sql)`.
    func sqlRequest(_ name: String, arguments: [Argument], nameRange: SourceRange) throws -> Value {
        let forms = [CallForm([nil]), CallForm(["sql"]), CallForm(["sql", "arguments"]), CallForm(["literal"])]
        guard forms.contains(where: { $0.labels == arguments.labels }) else {
            throw Self.callMismatch("SQLRequest", arguments: arguments, forms: forms, nameRange: nameRange)
        }
        // `SQLRequest(sql:)` fetches rows; `SQLRequest<T>` what `T` names.
        let typeName = name.hasPrefix("SQLRequest<") ? String(name.dropFirst(11).dropLast()) : "Row"
        var table = ""
        var valueType: FetchedValueType?
        switch fetchedType(Expr(.identifier(typeName), nameRange)) {
        case .row?: break
        case .value(let type)?: valueType = type
        // A type of the app that decodes rows (`struct RecipeExpanded: FetchableRecord`): its
        // rows, as GRDB fetches them before the type's `init(row:)` reads them.
        case nil where environment.decodableTypes[canonicalTypePath(typeName)] != nil: break
        case nil:
            guard let recordTable = environment.typeNames.table(forType: typeName) else {
                throw ArborError(
                    "`SQLRequest<\(typeName)>` is not supported yet: arbor fetches raw SQL as `Row`, a record type of the schema, or a value such as `String`",
                    at: nameRange, suggestion: "write `SQLRequest<Row>(sql: …)`")
            }
            table = recordTable
        }
        var plan = try rawSQLPlan(table: table, arguments: arguments)
        plan.valueType = valueType
        return .request(plan)
    }
}
