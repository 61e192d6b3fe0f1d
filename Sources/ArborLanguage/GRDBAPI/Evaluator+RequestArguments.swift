import ArborCore

/// What the request methods' entries read from their arguments.
extension Evaluator {
    /// `group(Column("a"), …)`, `group { $0.name }`, `group { [$0.a, $0.b] }`.
    func grouping(_ call: GRDBCall) throws -> [SQLExpr] {
        let arguments = call.arguments
        let expressions = try inReceiverScope(call) {
            try arguments.flatMap { argument -> [SQLExpr] in
                let value: Value
                if case .closure(let closure) = argument.value.kind {
                    value = try withClosure(closure, table: call.table) { try closureValue(closure) }
                } else {
                    value = try evaluate(argument.value)
                }
                if case .array(let values) = value {
                    return try values.map { try sqlExpression($0, range: argument.value.range) }
                }
                return [try sqlExpression(value, range: argument.value.range)]
            }
        }
        if let index = expressions.firstIndex(where: \.containsAggregate) {
            // `index` counts expressions, which arrays spread: underline the argument holding it.
            let argument = arguments.count == expressions.count ? arguments[index] : arguments[0]
            throw ArborError(
                "GRDB does not group by an association aggregate", at: argument.value.range,
                suggestion: "`group` takes columns and expressions of the request's table")
        }
        return expressions
    }

    /// `aliased(alias)`: one alias names one table, once per request.
    func aliasing(_ call: GRDBCall) throws -> RequestOperation {
        let argument = call.argument(0)
        guard case .alias(let alias) = try evaluate(argument) else {
            throw ArborError("`aliased` takes a `TableAlias`", at: argument.range)
        }
        if let other = environment.aliasTables[alias.id], other != call.table {
            throw ArborError(
                "this TableAlias already refers to `\(other)`: one alias can not refer to two tables",
                at: argument.range, suggestion: "create another `TableAlias()` for `\(call.table)`")
        }
        if call.receiver?.operations.contains(where: { if case .aliased = $0 { true } else { false } }) == true {
            throw ArborError(
                "a request or association takes one `aliased(_:)`", at: call.nameRange,
                suggestion: "one `TableAlias` names the table: give it once")
        }
        environment.aliasTables[alias.id] = call.table
        return .aliased(alias)
    }

    /// `including(required:|optional:|all:)`, `joining(required:|optional:)`.
    func joinOperation(_ call: GRDBCall) throws -> RequestOperation {
        let association = try associationArgument(call.arguments[0], of: call.table)
        let kind = JoinKind(rawValue: call.labels[0] ?? "") ?? .optional
        if kind == .all && !association.isToMany {
            throw ArborError(
                "`including(all:)` needs a to-many association; `\(association.displayName)` is to-one: use `including(required:)` or `including(optional:)`",
                at: call.argument(0).range)
        }
        try Validator(schema: environment.schema, range: call.argument(0).range)
            .validateJoinArgument(association, from: call.table, kind: kind)
        return call.name == "including" ? .including(kind, association) : .joining(kind, association)
    }

    /// `asRequest(of: AuthorInfo.self)`: the rows decode into the app's type;
    /// `asRequest(of: Row.self)` makes a `QueryInterfaceRequest<Row>`.
    func decodedAs(_ call: GRDBCall) -> RequestPlan {
        var plan = call.receiver?.plan ?? RequestPlan(table: call.table)
        guard case .member(let base, "self", _) = call.argument(0).kind else {
            plan.decodedAs = nil
            return plan
        }
        plan.decodedAs = Self.dottedTypeName(base).flatMap(decodableType(named:))?.path
        if case .row? = fetchedType(base) { plan.decodesRows = true } else { plan.decodesRows = false }
        return plan
    }

    /// `.nocase`, `.rtrim`, `.binary`, and the collations GRDB registers in Swift.
    func collation(_ argument: Expr) throws -> String {
        switch try evaluate(argument) {
        case .implicitMember("nocase"): return "NOCASE"
        case .implicitMember("rtrim"): return "RTRIM"
        case .implicitMember("binary"): return "BINARY"
        case .implicitMember(let other):
            if let collation = Self.swiftCollations[other] { return collation }
            throw ArborError(
                "unknown collation `.\(other)`", at: argument.range,
                suggestion: Suggestions.didYouMean(
                    other, in: ["nocase", "rtrim", "binary"] + Self.swiftCollations.keys))
        default:
            throw ArborError("a collation is `.nocase`, `.rtrim` or `.binary`", at: argument.range)
        }
    }

    /// `Table("name")`, as written: GRDB writes `Table("CHILDREN")` so, whatever the schema's spelling.
    func tableNamed(_ argument: Expr, form: TableForm = .tableOfRows) throws -> Value {
        let name = try string(argument)
        guard let table = environment.schema.table(named: name) else {
            throw ArborError(
                "no table or view named \(SQLValue.swiftQuoted(name))", at: argument.range,
                suggestion: Suggestions.didYouMean(name, in: environment.schema.tables.map(\.name)))
        }
        guard GRDBQuoting.canQuote(table.name) else {
            throw ArborError(
                GRDBQuoting.problem("table", table.name), at: argument.range, suggestion: "`:sql SELECT …` reads it")
        }
        return .table(name, form: form)
    }

    /// `Table` is GRDB's `Table<Row>`; `Table<Book>` decodes its rows as `Book`, a type the
    /// program or the schema declares.
    func tableForm(_ written: String, range: SourceRange) throws -> TableForm {
        let type = try rowDecoder(of: written, range: range)
        return type == "Row" ? .tableOfRows : .tableValue(rowDecoder: type)
    }

    /// The type argument of a generic GRDB type as written (`Book` of `Table<Book>`,
    /// `CommonTableExpression<Book>`), a type the program or the schema declares, or `Row` or
    /// `Void` (GRDB's guide writes `CommonTableExpression<Void>`); `Row` when none is written,
    /// as GRDB's initializers of `Table` and `CommonTableExpression` infer.
    func rowDecoder(of written: String, range: SourceRange) throws -> String {
        guard let open = written.firstIndex(of: "<"), written.hasSuffix(">") else { return "Row" }
        let type = String(written[written.index(after: open)...].dropLast())
        guard !CommonTableExpressionPlan.rowDecodersOfNoRecord.contains(type) else { return type }
        let path = canonicalTypePath(type)
        guard environment.typeNames.table(forType: path) != nil || environment.types[path] != nil else {
            throw ArborError(
                "cannot find type '\(type)' in scope", at: range,
                suggestion: Suggestions.didYouMean(type, in: environment.typeNames.allTypeNames + ["Row"]))
        }
        return type
    }
}
