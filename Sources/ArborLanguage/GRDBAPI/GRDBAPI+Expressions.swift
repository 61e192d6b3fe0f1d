import ArborCore

/// The members of SQL expressions: orderings, `like`, collations, `forKey`, GRDB's
/// Swift-defined string functions.
extension GRDBAPI {
    static let expressionMembers: [GRDBMember] =
        [
            ordering("asc", .asc), ordering("desc", .desc), ordering("ascNullsLast", .ascNullsLast),
            ordering("descNullsFirst", .descNullsFirst),
            GRDBMember(
                .property, "sqlExpression", on: [.expression], symbols: ["SQLExpressible.sqlExpression"]
            ) { _, call in .expression(call.expression) },
            // `Columns.authorId.name`: the column's name as a string (`ForeignKey([Columns.authorId.name])`).
            GRDBMember(.property, "name", on: [.expression], symbols: ["ColumnExpression.name"]) { _, call in
                guard case .column(let columnName, nil) = call.expression else {
                    throw ArborError("an expression has no property `name`", at: call.nameRange)
                }
                return .expression(.value(.text(columnName)))
            },
            GRDBMember(
                .property, "detached", on: [.expression], symbols: ["ColumnExpression.detached"],
                detail: "detached: the name alone, unqualified (an annotation)"
            ) { _, call in
                guard case .column(let name, nil) = call.expression else {
                    throw ArborError(
                        "`detached` is a property of a column, as in `Column(\"total\").detached`", at: call.nameRange)
                }
                return .expression(.detached(name))
            },
            // `1.databaseValue`: a Swift value as GRDB stores it.
            GRDBMember(
                .property, "databaseValue", on: [.value], symbols: ["DatabaseValueConvertible.databaseValue"]
            ) { _, call in
                guard case .value = call.expression else {
                    throw ArborError("an expression has no property `databaseValue`", at: call.nameRange)
                }
                return .expression(call.expression)
            },
            GRDBMember(
                .method, "like", [CallForm([nil]), CallForm([nil, "escape"])], on: [.expression],
                symbols: ["SQLSpecificExpressible.like(_:escape:)"]
            ) { evaluator, call in
                try Evaluator.refuseAggregate(call.expression, in: "like", range: call.nameRange)
                let pattern = try evaluator.expressionArgument(call.argument(0), of: call)
                let escape = try call.arguments.value(labelled: "escape").map {
                    try evaluator.expressionArgument($0, of: call)
                }
                return .expression(.like(call.expression, pattern: pattern, escape: escape))
            },
            GRDBMember(
                .method, "collating", [CallForm([nil])], on: [.expression],
                symbols: ["SQLSpecificExpressible.collating(_:)"]
            ) { evaluator, call in
                try Evaluator.refuseAggregate(call.expression, in: "collating", range: call.nameRange)
                return .expression(.collating(call.expression, try evaluator.collation(call.argument(0))))
            },
            GRDBMember(
                .method, "forKey", [CallForm([nil])], on: [.expression],
                symbols: ["SQLSpecificExpressible.forKey(_:)", "AssociationAggregate.forKey(_:)"]
            ) { evaluator, call in
                let key = try evaluator.codingKeyString(call.argument(0))
                let named = SQLExpr.named(call.expression, key)
                return call.expression.containsAggregate ? .expression(named) : .selection(.expression(named))
            },
            GRDBMember(
                .method, "match", [CallForm([nil])], on: [.expression],
                symbols: ["ColumnExpression.match(_:)"]
            ) { evaluator, call in
                guard case .column(let column, nil) = call.expression else {
                    throw ArborError(
                        "`match` is a method of a column, as in `Column(\"body\").match(pattern)`", at: call.nameRange)
                }
                let pattern = try evaluator.fullTextPattern(call.argument(0))
                // GRDB's `match(_:)` takes an `FTS5Pattern`; `matching(_:)` takes an optional one.
                guard !pattern.isOptional else {
                    throw ArborError(
                        "value of optional type 'FTS5Pattern?' must be unwrapped to a value of type 'FTS5Pattern'",
                        at: call.argument(0).range,
                        suggestion:
                            "unwrap it (`FTS5Pattern(…)!`), or filter with `matching(_:)`, which takes an optional pattern"
                    )
                }
                return .expression(.match(column: column, pattern))
            },
        ]
        + SQLFunction.allCases.filter(\.isSwiftDefined).map(swiftDefinedFunction)

    /// `Column("name").desc`.
    static func ordering(_ name: String, _ direction: OrderingTerm.Direction) -> GRDBMember {
        GRDBMember(
            .property, name, on: [.expression], symbols: ["SQLSpecificExpressible.\(name)"]
        ) {
            evaluator, call in
            if call.expression.containsAggregate {
                throw evaluator.aggregateInOrder(call.expression, range: call.range)
            }
            return .ordering(OrderingTerm(call.expression, direction))
        }
    }

    /// `Column("name").lowercased`: a function GRDB registers in Swift.
    static func swiftDefinedFunction(_ function: SQLFunction) -> GRDBMember {
        GRDBMember(
            .property, function.rawValue, on: [.expression],
            symbols: ["SQLSpecificExpressible.\(function.rawValue)"]
        ) { _, call in
            if call.expression.containsAggregate {
                throw ArborError(
                    "GRDB's `\(call.name)` does not apply to an association aggregate", at: call.nameRange)
            }
            return .expression(.function(function, [call.expression]))
        }
    }
}
