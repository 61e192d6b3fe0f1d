import ArborCore

/// GRDB's `SQL` literals: what an `SQL` value converts to (`sqlExpression`,
/// `sqlSelection`, `sqlOrdering`, and the same conversions of an expression), and
/// the interpolations `SQLInterpolation` appends, one entry per argument label
/// (`\(value)`, `\(sql:arguments:)`, `\(literal:)`, `\(columnsOf:tableAlias:)`,
/// `\(identifier:)`, `\(definitionFor:)`).
extension GRDBAPI {
    static let sqlLiteralMembers: [GRDBMember] = [sqlRequestOfLiteral] + sqlConversions + sqlInterpolations

    /// `SQLRequest<Player>(literal: query)`: a raw SQL request of an `SQL` value.
    static let sqlRequestOfLiteral = function(
        "SQLRequest", [CallForm(["literal"])], symbols: ["SQLRequest.init(literal:adapter:cached:)"]
    ) { evaluator, call in
        try evaluator.sqlRequest(call.name, arguments: call.arguments, nameRange: call.nameRange)
    }

    static let sqlConversions: [GRDBMember] = [
        GRDBMember(.property, "sqlExpression", on: [.sqlLiteral], symbols: ["SQL.sqlExpression"]) { _, call in
            .expression(.literal(try call.sqlLiteral))
        },
        // `Player.select(SQL("score + bonus AS total").sqlSelection)`: the SQL as a result column.
        GRDBMember(.property, "sqlSelection", on: [.sqlLiteral], symbols: ["SQL.sqlSelection"]) { _, call in
            .selection(.expression(.literal(try call.sqlLiteral)))
        },
        // `SQL("name DESC").sqlOrdering`: an ordering written in SQL, which GRDB can not reverse.
        GRDBMember(.property, "sqlOrdering", on: [.sqlLiteral], symbols: ["SQL.sqlOrdering"]) { _, call in
            .ordering(.sqlLiteral(try call.sqlLiteral))
        },
        GRDBMember(
            .property, "sqlSelection", on: [.expression], symbols: ["SQLSpecificExpressible.sqlSelection"]
        ) { _, call in
            try call.refuseSwiftValue()
            try Evaluator.refuseAggregate(call.expression, in: "sqlSelection", range: call.nameRange)
            return .selection(.expression(call.expression))
        },
        GRDBMember(
            .property, "sqlOrdering", on: [.expression], symbols: ["SQLSpecificExpressible.sqlOrdering"]
        ) { evaluator, call in
            try call.refuseSwiftValue()
            if call.expression.containsAggregate {
                throw evaluator.aggregateInOrder(call.expression, range: call.range)
            }
            return .ordering(OrderingTerm(call.expression, .none))
        },
    ]

    /// Each builds the one piece of `SQL` its interpolation appends.
    static let sqlInterpolations: [GRDBMember] = [
        interpolation([CallForm([nil])], symbol: "appendInterpolation(_:)") { evaluator, call in
            try evaluator.interpolatedValue(call.argument(0))
        },
        interpolation(
            [CallForm(["sql"]), CallForm(["sql", "arguments"])], symbol: "appendInterpolation(sql:arguments:)"
        ) {
            evaluator, call in
            .sql(try evaluator.string(call.argument(0)), arguments: try evaluator.sqlArguments(call))
        },
        interpolation([CallForm(["literal"])], symbol: "appendInterpolation(literal:)") { evaluator, call in
            .literal(try evaluator.sqlFragment(call.argument(0)))
        },
        interpolation(
            [CallForm(["columnsOf"]), CallForm(["columnsOf", "tableAlias"])],
            symbol: "appendInterpolation(columnsOf:tableAlias:)"
        ) { evaluator, call in try evaluator.columnsOf(call.arguments) },
        interpolation([CallForm(["identifier"])], symbol: "appendInterpolation(identifier:)") { evaluator, call in
            let name = try evaluator.string(call.argument(0))
            guard GRDBQuoting.canQuote(name) else {
                throw ArborError(
                    GRDBQuoting.problem("identifier", name), at: call.argument(0).range,
                    suggestion: GRDBQuoting.suggestion)
            }
            return .identifier(name)
        },
        // `WITH \(definitionFor: cte) SELECT …`: `"name"(columns) AS (its SQL)`.
        interpolation([CallForm(["definitionFor"])], symbol: "appendInterpolation(definitionFor:)") {
            evaluator, call in
            guard case .commonTableExpression(let cte) = try evaluator.evaluate(call.argument(0)) else {
                throw ArborError(
                    "`definitionFor:` takes a `CommonTableExpression`, as in `\\(definitionFor: cte)`",
                    at: call.argument(0).range)
            }
            return .commonTableDefinition(cte)
        },
    ]

    /// The name the interpolation entries share: GRDB's `SQLInterpolation.appendInterpolation`.
    static let interpolationName = "appendInterpolation"

    static func interpolation(
        _ forms: [CallForm], symbol: String,
        build: @escaping @Sendable (Evaluator, GRDBCall) throws -> SQLFragment.Piece
    ) -> GRDBMember {
        GRDBMember(
            .method, interpolationName, forms, on: [.sqlLiteral], symbols: ["SQLInterpolation.\(symbol)"],
            detail: forms.map { form in
                "\\(" + (form.labels == [nil] ? "value" : form.labels.map { ($0 ?? "_") + ":" }.joined()) + ")"
            }.joined(separator: " · ")
        ) { evaluator, call in .sqlLiteral(SQLFragment([try build(evaluator, call)])) }
    }
}

extension GRDBCall {
    /// The `SQL` a property of an SQL literal is read on.
    var sqlLiteral: SQLFragment {
        get throws {
            guard case .sqlLiteral(let fragment) = base else {
                throw ArborError("expected an SQL literal, got \(base.kindName)", at: nameRange)
            }
            return fragment
        }
    }

    /// `1.sqlOrdering`: GRDB converts a Swift value to an expression, but declares the
    /// conversions to orderings and selections on expressions only.
    func refuseSwiftValue() throws {
        guard case .expression(.value) = base else { return }
        throw ArborError(
            "a value has no property `\(name)`: GRDB offers it on expressions, as in `Column(\"score\").\(name)`",
            at: nameRange)
    }
}
