import ArborCore

/// GRDB's JSON API (GRDB/JSON/): the `Database.json…` functions, `JSONColumn`,
/// `asJSON`, and the members of JSON expressions (`info["a"]`,
/// `info.jsonExtract(atPath:)`, `info.jsonRepresentation(atPath:)`). Each builds an
/// `SQLJSON`, which lowering hands to the GRDB function of the same name.
extension GRDBAPI {
    static let jsonMembers: [GRDBMember] =
        [
            databaseFunction("json", [CallForm([nil])], symbols: ["Database.json(_:)"]) { evaluator, call in
                SQLJSON(.json, [try evaluator.expressionArgument(call.argument(0), of: call)])
            },
            databaseFunction("jsonArray", [CallForm([nil])], symbols: ["Database.jsonArray(_:)"]) { evaluator, call in
                SQLJSON(.jsonArray, try evaluator.jsonElements(call.argument(0), of: call))
            },
            databaseFunction(
                "jsonArrayLength", [CallForm([nil]), CallForm([nil, "atPath"])],
                symbols: ["Database.jsonArrayLength(_:)", "Database.jsonArrayLength(_:atPath:)"]
            ) { evaluator, call in
                SQLJSON(
                    .jsonArrayLength, try call.arguments.map { try evaluator.expressionArgument($0.value, of: call) })
            },
            pathsFunction(
                .jsonExtract, symbols: ["Database.jsonExtract(_:atPath:)", "Database.jsonExtract(_:atPaths:)"]),
            pathsFunction(.jsonRemove, symbols: ["Database.jsonRemove(_:atPath:)", "Database.jsonRemove(_:atPaths:)"]),
            assignmentsFunction(.jsonInsert), assignmentsFunction(.jsonReplace), assignmentsFunction(.jsonSet),
            databaseFunction("jsonObject", [CallForm([nil])], symbols: ["Database.jsonObject(_:)"]) {
                evaluator, call in
                let (keys, values) = try evaluator.jsonAssignments(call.argument(0), of: call)
                return SQLJSON(.jsonObject, values, keys: keys)
            },
            databaseFunction("jsonPatch", [CallForm([nil, "with"])], symbols: ["Database.jsonPatch(_:with:)"]) {
                evaluator, call in
                SQLJSON(.jsonPatch, try call.arguments.map { try evaluator.expressionArgument($0.value, of: call) })
            },
            databaseFunction(
                "jsonType", [CallForm([nil]), CallForm([nil, "atPath"])],
                symbols: ["Database.jsonType(_:)", "Database.jsonType(_:atPath:)"]
            ) { evaluator, call in
                SQLJSON(.jsonType, try call.arguments.map { try evaluator.expressionArgument($0.value, of: call) })
            },
            databaseFunction("jsonIsValid", [CallForm([nil])], symbols: ["Database.jsonIsValid(_:)"]) {
                evaluator, call in
                SQLJSON(.jsonIsValid, [try evaluator.expressionArgument(call.argument(0), of: call)])
            },
            databaseFunction("jsonQuote", [CallForm([nil])], symbols: ["Database.jsonQuote(_:)"]) { evaluator, call in
                SQLJSON(.jsonQuote, [try evaluator.expressionArgument(call.argument(0), of: call)])
            },
            databaseFunction(
                "jsonGroupArray", [CallForm([nil]), CallForm([nil, "filter"])],
                symbols: ["Database.jsonGroupArray(_:filter:)"]
            ) { evaluator, call in
                SQLJSON(
                    .jsonGroupArray, [try evaluator.expressionArgument(call.argument(0), of: call)],
                    filter: try call.arguments.value(labelled: "filter").map {
                        try evaluator.expressionArgument($0, of: call)
                    })
            },
            databaseFunction(
                "jsonGroupObject", [CallForm(["key", "value"]), CallForm(["key", "value", "filter"])],
                symbols: ["Database.jsonGroupObject(key:value:filter:)"]
            ) { evaluator, call in
                SQLJSON(
                    .jsonGroupObject,
                    [
                        try evaluator.expressionArgument(call.argument(0), of: call),
                        try evaluator.expressionArgument(call.argument(1), of: call),
                    ],
                    filter: try call.arguments.value(labelled: "filter").map {
                        try evaluator.expressionArgument($0, of: call)
                    })
            },
            GRDBMember(.function, "JSONColumn", [CallForm([nil])], on: [.global], symbols: ["JSONColumn.init(_:)"]) {
                evaluator, call in
                // `JSONColumn(CodingKeys.info)` names the column after the key, as `Column` does.
                .expression(.json(SQLJSON(.asJSON, [try evaluator.columnArgument(call.argument(0))])))
            },
            GRDBMember(
                .function, "AnySQLJSONExpressible", [CallForm([nil])], on: [.global],
                symbols: ["AnySQLJSONExpressible.init(_:)"]
            ) { evaluator, call in
                let value = try evaluator.expressionArgument(call.argument(0), of: call)
                guard value.isJSONExpressible else {
                    throw ArborError(
                        "`AnySQLJSONExpressible(_:)` takes a JSON expression (`JSONColumn(\"info\")`, `Column(\"info\").asJSON`)",
                        at: call.argument(0).range)
                }
                return .expression(value)
            },
            GRDBMember(
                .property, "asJSON", on: [.expression, .jsonExpression], symbols: ["SQLSpecificExpressible.asJSON"],
                detail: "asJSON: the expression as JSON (`info[\"a\"]`, `jsonExtract(atPath:)`)"
            ) { _, call in
                if call.expression.containsAggregate {
                    throw ArborError("GRDB's `asJSON` does not apply to an association aggregate", at: call.nameRange)
                }
                if call.expression.isJSONExpressible { return .expression(call.expression) }
                return .expression(.json(SQLJSON(.asJSON, [call.expression])))
            },
            // `JSONColumn("info").sqlExpression` keeps the JSON interpretation GRDB gives it.
            GRDBMember(
                .property, "sqlExpression", on: [.jsonExpression],
                symbols: ["AnySQLJSONExpressible.sqlExpression", "ColumnExpression.sqlExpression"]
            ) { _, call in .expression(call.expression) },
            GRDBMember(.property, "name", on: [.jsonExpression], symbols: ["JSONColumn.name"]) { _, call in
                guard case .json(let json) = call.expression, case .column(let name, nil)? = json.arguments.first else {
                    throw ArborError(
                        "a JSON expression has no property `name`: only a `JSONColumn` has", at: call.nameRange)
                }
                return .expression(.value(.text(name)))
            },
            jsonExpressionMember(
                .subscript, "subscript", [CallForm([nil])], symbols: ["SQLJSONExpressible.subscript(_:)"],
                function: .subscriptValue),
            jsonExpressionMember(
                .method, "jsonExtract", [CallForm(["atPath"]), CallForm(["atPaths"])],
                symbols: ["SQLJSONExpressible.jsonExtract(atPath:)", "SQLJSONExpressible.jsonExtract(atPaths:)"],
                function: .jsonExtract),
            jsonExpressionMember(
                .method, "jsonRepresentation", [CallForm(["atPath"])],
                symbols: ["SQLJSONExpressible.jsonRepresentation(atPath:)"], function: .jsonRepresentation),
        ]

    /// `Database.name(…)`: a static function of GRDB's `Database`, giving an expression.
    static func databaseFunction(
        _ name: String, _ forms: [CallForm], symbols: [String],
        build: @escaping @Sendable (Evaluator, GRDBCall) throws -> SQLJSON
    ) -> GRDBMember {
        GRDBMember(.method, name, forms, on: [.databaseType], symbols: symbols) { evaluator, call in
            .expression(.json(try build(evaluator, call)))
        }
    }

    /// `Database.jsonExtract(value, atPath: p)`, `Database.jsonRemove(value, atPaths: [p, q])`.
    static func pathsFunction(_ function: SQLJSONFunction, symbols: [String]) -> GRDBMember {
        databaseFunction(
            function.rawValue, [CallForm([nil, "atPath"]), CallForm([nil, "atPaths"])], symbols: symbols
        ) {
            evaluator, call in
            let value = try evaluator.expressionArgument(call.argument(0), of: call)
            let paths =
                call.labels[1] == "atPaths"
                ? try evaluator.jsonPaths(call.argument(1), of: call)
                : [try evaluator.expressionArgument(call.argument(1), of: call)]
            return SQLJSON(function, [value] + paths)
        }
    }

    /// `Database.jsonSet(value, ["$.a": 1])`.
    static func assignmentsFunction(_ function: SQLJSONFunction) -> GRDBMember {
        databaseFunction(function.rawValue, [CallForm([nil, nil])], symbols: ["Database.\(function.rawValue)(_:_:)"]) {
            evaluator, call in
            let value = try evaluator.expressionArgument(call.argument(0), of: call)
            let (keys, values) = try evaluator.jsonAssignments(call.argument(1), of: call)
            return SQLJSON(function, [value] + values, keys: keys)
        }
    }

    /// A member of GRDB's `SQLJSONExpressible` (`JSONColumn`, `asJSON`), which plain
    /// expressions, and the results of GRDB's JSON functions, do not have.
    static func jsonExpressionMember(
        _ kind: GRDBMember.Kind, _ name: String, _ forms: [CallForm], symbols: [String],
        function: SQLJSONFunction
    ) -> GRDBMember {
        GRDBMember(
            kind, name, forms, on: [.jsonExpression], symbols: symbols,
            notOffered: { _, call in
                let subscripting = kind == .subscript
                let written = subscripting ? "[\"a\"]" : ".\(name)(atPath: \"$.a\")"
                // The column written, when it is one: `Column("address")` → `JSONColumn("address")`.
                var column = "info"
                if case .column(let name, nil) = call.expression { column = name }
                let quoted = SQLValue.swiftQuoted(column)
                return ArborError(
                    subscripting
                        ? "only a table alias or a JSON expression can be subscripted: GRDB's JSON subscript is a member of JSON expressions (`SQLJSONExpressible`)"
                        : "an expression has no method `\(name)`: GRDB offers it on JSON expressions only (`SQLJSONExpressible`)",
                    at: call.nameRange,
                    suggestion: "write `JSONColumn(\(quoted))\(written)` or `Column(\(quoted)).asJSON\(written)`"
                        + (subscripting ? "; an alias takes a column, as in `alias[Column(\"name\")]`" : ""))
            }
        ) { evaluator, call in
            let paths: [SQLExpr]
            if call.labels == ["atPaths"] {
                paths = try evaluator.jsonPaths(call.arguments[0].value, of: call)
            } else {
                paths = [try evaluator.expressionArgument(call.argument(0), of: call)]
            }
            return .expression(.json(SQLJSON(function, [call.expression] + paths)))
        }
    }
}
