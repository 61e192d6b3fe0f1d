import ArborCore

/// The functions and initializers named at top level: `Column(_:)`, `Table(_:)`,
/// `TableAlias()`, `ForeignKey`, `SQL`, GRDB's SQL functions (`count`, `cast`, …).
extension GRDBAPI {
    static let functions: [GRDBMember] =
        [
            function("Column", [CallForm([nil])], symbols: ["Column.init(_:)"]) { evaluator, call in
                // `Column(CodingKeys.name)`, as in apps' `Columns` enums, names the column after the key.
                .expression(try evaluator.columnArgument(call.argument(0)))
            },
            function("Table", [CallForm([nil])], symbols: ["Table.init(_:)"]) { evaluator, call in
                try evaluator.tableNamed(call.argument(0), form: evaluator.tableForm(call.name, range: call.nameRange))
            },
            function("TableAlias", [CallForm([]), CallForm(["name"])], symbols: ["TableAlias.init(name:)"]) {
                evaluator, call in
                let aliasName = try call.arguments.first.map { try evaluator.string($0.value) }
                defer { evaluator.environment.nextAliasID += 1 }
                return .alias(AliasID(id: evaluator.environment.nextAliasID, name: aliasName))
            },
            function(
                "ForeignKey", [CallForm([nil]), CallForm([nil, "to"])], symbols: ["ForeignKey.init(_:to:)"]
            ) { evaluator, call in
                let origin = try evaluator.columnNames(call.argument(0))
                let destination = try call.arguments.value(labelled: "to").map(evaluator.columnNames)
                return .foreignKey(ForeignKeySpec(originColumns: origin, destinationColumns: destination))
            },
            function("AllColumns", [CallForm([])], symbols: ["AllColumns.init()"]) { _, _ in
                .selection(.allColumns(alias: nil))
            },
            function("SQL", [CallForm([nil])], symbols: ["SQL.init(_:)", "SQL.init(stringLiteral:)"]) {
                evaluator, call in
                .sqlLiteral(try evaluator.sqlFragment(call.argument(0)))
            },
            function("SQL", sqlForms, symbols: ["SQL.init(sql:arguments:)"]) { evaluator, call in
                .sqlLiteral(
                    SQLFragment(
                        sql: try evaluator.string(call.argument(0)), arguments: try evaluator.sqlArguments(call)))
            },
            function(
                "SQLRequest", [CallForm([nil])] + sqlForms,
                symbols: [
                    "SQLRequest.init(stringLiteral:)", "SQLRequest.init(stringInterpolation:)",
                    "SQLRequest.init(sql:arguments:adapter:cached:)",
                ]
            ) { evaluator, call in
                try evaluator.sqlRequest(call.name, arguments: call.arguments, nameRange: call.nameRange)
            },
            ownArguments("StatementArguments", symbols: ["StatementArguments.init(_:)"]) { evaluator, call in
                try evaluator.statementArguments(call.arguments, range: call.range)
            },
            ownArguments(
                "FTS5Pattern",
                symbols: [
                    "FTS5Pattern.init(matchingAllTokensIn:)", "FTS5Pattern.init(matchingAnyTokenIn:)",
                    "FTS5Pattern.init(matchingPhrase:)", "FTS5Pattern.init(matchingAllPrefixesIn:)",
                    "FTS5Pattern.init(matchingPrefixPhrase:)", "FTS5Pattern.init(rawPattern:allowedColumns:)",
                ]
            ) {
                evaluator, call in try evaluator.fullTextPatternCall(call.arguments, range: call.range)
            },
            ownArguments(
                "CommonTableExpression",
                symbols: [
                    "CommonTableExpression.init(recursive:named:columns:request:)",
                    "CommonTableExpression.init(recursive:named:columns:sql:arguments:)",
                    "CommonTableExpression.init(recursive:named:columns:literal:)",
                ]
            ) {
                evaluator, call in
                try evaluator.commonTableExpressionCall(
                    call.arguments, rowDecoder: try evaluator.rowDecoder(of: call.name, range: call.nameRange),
                    range: call.range)
            },
            function("count", [CallForm(["distinct"])], symbols: ["count(distinct:)"]) { evaluator, call in
                .expression(
                    .function(.countDistinct, [try evaluator.sqlFunctionArgument(call.argument(0), of: "count")]))
            },
            function("cast", [CallForm([nil, "as"])], symbols: ["cast(_:as:)"]) { evaluator, call in
                let subject = try evaluator.sqlExpression(
                    evaluator.evaluate(call.argument(0)), range: call.argument(0).range)
                guard case .implicitMember(let storage) = try evaluator.evaluate(call.argument(1)),
                    ["integer", "real", "text", "blob"].contains(storage)
                else {
                    throw ArborError(
                        "a storage class is `.integer`, `.real`, `.text` or `.blob`", at: call.argument(1).range)
                }
                return .expression(.cast(subject, storage: storage.uppercased()))
            },
            function("coalesce", [CallForm([nil])], symbols: ["coalesce(_:)"]) { evaluator, call in
                guard case .array(let values) = try evaluator.evaluate(call.argument(0)) else {
                    throw ArborError("`coalesce` takes an array of expressions", at: call.argument(0).range)
                }
                let expressions = try values.map { try evaluator.sqlExpression($0, range: call.argument(0).range) }
                for e in expressions { try Evaluator.refuseAggregate(e, in: "coalesce", range: call.argument(0).range) }
                return .expression(.function(.coalesce, expressions))
            },
        ]
        + [SQLFunction.abs, .length, .count, .sum, .total, .average].map(sqlFunction)
        + [SQLFunction.min, .max].map(variadicSQLFunction)
        + [SQLFunction.average, .sum, .total, .min, .max].map(filteredAggregate)

    static func function(
        _ name: String, _ forms: [CallForm], symbols: [String], build: @escaping GRDBMember.Builder
    ) -> GRDBMember {
        GRDBMember(.function, name, forms, on: [.global], symbols: symbols, build: build)
    }

    /// A function whose builder checks its arguments with messages of its own.
    static func ownArguments(_ name: String, symbols: [String], build: @escaping GRDBMember.Builder) -> GRDBMember {
        var member = GRDBMember(.function, name, [], on: [.global], symbols: symbols, detail: name, build: build)
        member.checksOwnArguments = true
        return member
    }

    /// `abs(x)`, `length(x)`, `count(x)`, `sum(x)`, `total(x)`, `average(x)`.
    static func sqlFunction(_ function: SQLFunction) -> GRDBMember {
        GRDBMember(
            .function, function.rawValue, [CallForm([nil])], on: [.global], symbols: ["\(function.rawValue)(_:)"]
        ) { evaluator, call in
            .expression(.function(function, [try evaluator.sqlFunctionArgument(call.argument(0), of: call.name)]))
        }
    }

    /// `sum(Column("score"), filter: Column("bonus") > 0)`: `SUM("score") FILTER (WHERE …)`.
    static func filteredAggregate(_ function: SQLFunction) -> GRDBMember {
        GRDBMember(
            .function, function.rawValue, [CallForm([nil, "filter"])], on: [.global],
            symbols: ["\(function.rawValue)(_:filter:)"]
        ) { evaluator, call in
            let argument = try evaluator.sqlFunctionArgument(call.argument(0), of: call.name)
            let condition = try evaluator.expressionArgument(call.argument(1), of: call)
            return .expression(.filteredAggregate(function, argument, filter: condition))
        }
    }

    /// `min(a)`, the aggregate, and `min(a, b, …)`, the scalar function of several values
    /// (Swift's own `min` when the first is a number or string: `swiftExtremum`).
    static func variadicSQLFunction(_ function: SQLFunction) -> GRDBMember {
        GRDBMember(
            .function, function.rawValue, [CallForm([nil]), CallForm([nil, nil], repeatsLast: true)], on: [.global],
            symbols: ["\(function.rawValue)(_:)", "\(function.rawValue)(_:_:_:)"], detail: "\(function.rawValue)(_:_:…)"
        ) { evaluator, call in
            if let value = try evaluator.swiftExtremum(function, of: call.arguments) { return value }
            return .expression(
                .function(
                    function, try call.arguments.map { try evaluator.sqlFunctionArgument($0.value, of: call.name) }))
        }
    }
}
