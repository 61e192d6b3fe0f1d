import ArborCore

/// The methods of `Table<Row>` and record types, `QueryInterfaceRequest<Row>` and
/// associations that derive a request: each offered exactly where GRDB offers it.
extension GRDBAPI {
    /// `symbols("FilteredRequest", "TableRecord", member: "filter(_:)")`.
    static func symbols(_ types: String..., member: String) -> [String] {
        types.map { "\($0).\(member)" }
    }

    /// The types that declare a method offered on tables, requests and associations.
    static func derivable(_ protocolName: String, _ member: String) -> [String] {
        symbols(protocolName, "TableRecord", "Table", member: member)
    }

    /// `filter(key:)`, `filter(keys:)` or `filter(id:)`, `filter(ids:)`: requests of primary keys.
    static func keyFilterMethod(_ labels: [String]) -> GRDBMember {
        GRDBMember(
            .method, "filter", labels.map { CallForm([$0]) }, on: .tableAndDerivable,
            symbols: labels.flatMap { derivable("TableRequest", "filter(\($0):)") }
        ) { evaluator, call in
            let label = call.labels[0]
            let operation = try evaluator.keyFilter(
                call.argument(0), single: label == "key" || label == "id",
                identifierOf: label == "id" || label == "ids" ? call.table : nil)
            if case .filterKeyDictionaries(let dictionaries) = operation {
                try Validator(schema: evaluator.environment.schema, range: call.argument(0).range)
                    .validateKeyDictionaries(dictionaries, of: call.table)
            }
            return try call.appending(operation)
        }
    }

    static let requestMethods: [GRDBMember] = [
        GRDBMember(
            .method, "all", [CallForm([])], on: .tableAndDerivable, symbols: derivable("FilteredRequest", "all()")
        ) { _, call in
            // A request's or an association's `all()` is itself, "to match `none()`" (GRDB).
            if case .association(let association)? = call.receiver { return .association(association) }
            return .request(call.receiver?.plan ?? RequestPlan(table: call.table))
        },
        GRDBMember(
            .method, "none", [CallForm([])], on: .tableAndDerivable, symbols: derivable("FilteredRequest", "none()")
        ) {
            _, call in try call.appending(.none)
        },
        GRDBMember(
            .method, "filter", [CallForm([nil])], on: .tableAndDerivable,
            symbols: derivable("FilteredRequest", "filter(_:)")
        ) { evaluator, call in
            let predicate = try evaluator.inReceiverScope(call) {
                try evaluator.closureOrExpression(call.arguments[0], table: call.table)
            }
            if predicate.containsAggregate {
                throw ArborError(
                    "an association aggregate filters with `having(_:)`, not `filter(_:)`", at: call.argument(0).range)
            }
            return try call.appending(.filter(predicate))
        },
        keyFilterMethod(["key", "keys"]),
        // GRDB declares them `where RowDecoder: Identifiable`: not on `Table("t")`, a `Table<Row>`.
        keyFilterMethod(["id", "ids"]).requiring(
            .identifiableRowDecoder(instead: "`filter(key:)` and `filter(keys:)` take the key of any table")),
        sqlMethod(
            "filter", on: .tableAndDerivable, symbols: derivable("FilteredRequest", "filter(sql:arguments:)"),
            operation: { .filterSQL($0, arguments: $1) }),
        literalMethod("filter", on: .tableAndDerivable, symbols: derivable("FilteredRequest", "filter(literal:)")),
        GRDBMember(
            .method, "order", [CallForm([]), CallForm([nil], repeatsLast: true)], on: .tableAndDerivable,
            symbols: derivable("OrderedRequest", "order(_:)")
        ) { evaluator, call in
            let terms = try evaluator.inReceiverScope(call) {
                try evaluator.orderingTerms(call.arguments, table: call.table)
            }
            return try call.appending(.order(terms))
        },
        sqlMethod(
            "order", on: .tableAndDerivable, symbols: derivable("OrderedRequest", "order(sql:arguments:)"),
            operation: { .orderSQL($0, arguments: $1) }),
        literalMethod("order", on: .tableAndDerivable, symbols: derivable("OrderedRequest", "order(literal:)")),
        GRDBMember(
            .method, "orderByPrimaryKey", [CallForm([])], on: .tableAndDerivable,
            symbols: derivable("TableRequest", "orderByPrimaryKey()")
        ) { _, call in try call.appending(.orderByPrimaryKey) },
        GRDBMember(
            .method, "reversed", [CallForm([])], on: .derivableRequest,
            symbols: symbols("OrderedRequest", "QueryInterfaceRequest", "Association", member: "reversed()")
        ) { _, call in try call.appending(.reversed) },
        GRDBMember(
            .method, "unordered", [CallForm([])], on: .derivableRequest,
            symbols: symbols("OrderedRequest", "QueryInterfaceRequest", "Association", member: "unordered()")
        ) { _, call in try call.appending(.unordered) },
        GRDBMember(
            .method, "select", [CallForm([nil], repeatsLast: true)], on: .tableAndDerivable,
            symbols: derivable("SelectionRequest", "select(_:)")
        ) { evaluator, call in
            let selection = try evaluator.inReceiverScope(call) {
                try evaluator.selectables(call.arguments, table: call.table, allowAggregates: false)
            }
            return try call.appending(.select(selection))
        },
        sqlMethod(
            "select", on: .tableAndDerivable, symbols: derivable("SelectionRequest", "select(sql:arguments:)"),
            operation: { .selectSQL($0, arguments: $1) }),
        literalMethod("select", on: .tableAndDerivable, symbols: derivable("SelectionRequest", "select(literal:)")),
        GRDBMember(
            .method, "select",
            [
                CallForm([nil, "as"], repeating: 0), CallForm(["sql", "as"]), CallForm(["sql", "arguments", "as"]),
                CallForm(["literal", "as"]),
            ], on: .tableAndRequest,
            symbols: symbols("QueryInterfaceRequest", "TableRecord", "Table", member: "select(_:as:)")
                + symbols("QueryInterfaceRequest", "TableRecord", "Table", member: "select(sql:arguments:as:)")
                + symbols("QueryInterfaceRequest", "TableRecord", "Table", member: "select(literal:as:)"),
            detail: "select(_:as:) · select(sql:arguments:as:) · select(literal:as:)"
        ) { evaluator, call in
            var selection = call
            selection.arguments = try evaluator.withoutDecodedType(call.arguments)
            guard let selected = try evaluator.callGRDB(selection) else { throw call.unexpectedReceiver }
            return try evaluator.selected(selected, as: call.arguments[call.arguments.count - 1].value)
        },
        GRDBMember(
            .method, "annotated", [CallForm(["with"]), CallForm(["with", nil], repeatsLast: true)],
            on: .tableAndDerivable,
            symbols: derivable("SelectionRequest", "annotated(with:)")
                + symbols("DerivableRequest", member: "annotated(with:)")
        ) { evaluator, call in
            let selection = try evaluator.inReceiverScope(call) {
                try evaluator.selectables(call.arguments, table: call.table, allowAggregates: true)
            }
            return try call.appending(.annotated(selection))
        },
        GRDBMember(
            .method, "annotated", [CallForm(["withRequired"]), CallForm(["withOptional"])], on: .tableAndDerivable,
            symbols: derivable("JoinableRequest", "annotated(withRequired:)")
                + derivable("JoinableRequest", "annotated(withOptional:)")
        ) { evaluator, call in
            let association = try evaluator.associationArgument(call.arguments[0], of: call.table)
            return try call.appending(
                call.labels[0] == "withRequired"
                    ? .annotatedWithRequired(association) : .annotatedWithOptional(association))
        },
        GRDBMember(
            .method, "having", [CallForm([nil])], on: .tableAndDerivable,
            symbols: symbols("AggregatingRequest", "DerivableRequest", "TableRecord", "Table", member: "having(_:)")
        ) { evaluator, call in
            guard call.receiverKind == .table else {
                let predicate = try evaluator.inReceiverScope(call) {
                    try evaluator.closureOrExpression(call.arguments[0], table: call.table)
                }
                return try call.appending(.having(predicate))
            }
            // `Table<Row>` offers `having` only for association aggregates.
            let predicate = try evaluator.inReceiverScope(call) {
                try evaluator.sqlExpression(evaluator.evaluate(call.argument(0)), range: call.argument(0).range)
            }
            guard predicate.containsAggregate else {
                throw ArborError(
                    "on a table, `having` takes an association aggregate; call `group` first on a request",
                    at: call.argument(0).range)
            }
            return try call.appending(.having(predicate))
        },
        literalMethod(
            "having", on: .derivableRequest, symbols: symbols("AggregatingRequest", member: "having(literal:)")),
        sqlMethod(
            "having", on: .derivableRequest, symbols: symbols("AggregatingRequest", member: "having(sql:arguments:)")),
        GRDBMember(
            .method, "group", [CallForm([nil], repeatsLast: true)], on: .derivableRequest,
            symbols: symbols("AggregatingRequest", member: "group(_:)")
        ) { evaluator, call in try call.appending(.group(try evaluator.grouping(call))) },
        literalMethod(
            "group", on: .derivableRequest, symbols: symbols("AggregatingRequest", member: "group(literal:)")),
        sqlMethod(
            "group", on: .derivableRequest, symbols: symbols("AggregatingRequest", member: "group(sql:arguments:)")),
        GRDBMember(
            .method, "limit", [CallForm([nil]), CallForm([nil, "offset"])], on: .tableAndRequest,
            symbols: symbols("QueryInterfaceRequest", "TableRecord", "Table", member: "limit(_:offset:)")
        ) { evaluator, call in
            let limit = try evaluator.integer(call.argument(0))
            let offset = try call.arguments.value(labelled: "offset").map(evaluator.integer)
            return try call.appending(.limit(limit, offset: offset))
        },
        GRDBMember(
            .method, "distinct", [CallForm([])], on: .derivableRequest,
            symbols: symbols("DerivableRequest", "QueryInterfaceRequest", "Association", member: "distinct()")
        ) { _, call in try call.appending(.distinct) },
        GRDBMember(
            .method, "aliased", [CallForm([nil])], on: .tableAndDerivable,
            symbols: derivable("TableRequest", "aliased(_:)")
        ) { evaluator, call in try call.appending(try evaluator.aliasing(call)) },
        GRDBMember(
            .method, "including", [CallForm(["required"]), CallForm(["optional"]), CallForm(["all"])],
            on: .tableAndDerivable,
            symbols: derivable("JoinableRequest", "including(required:)")
                + derivable("JoinableRequest", "including(optional:)") + derivable("JoinableRequest", "including(all:)")
        ) { evaluator, call in try call.appending(try evaluator.joinOperation(call)) },
        GRDBMember(
            .method, "joining", [CallForm(["required"]), CallForm(["optional"])], on: .tableAndDerivable,
            symbols: derivable("JoinableRequest", "joining(required:)")
                + derivable("JoinableRequest", "joining(optional:)")
        ) { evaluator, call in try call.appending(try evaluator.joinOperation(call)) },
        GRDBMember(
            .method, "asRequest", [CallForm(["of"])], on: .queryInterfaceRequest,
            symbols: symbols("QueryInterfaceRequest", "AnyFetchRequest", member: "asRequest(of:)")
        ) { evaluator, call in .request(evaluator.decodedAs(call)) },
        GRDBMember(
            .method, "with", [CallForm([nil])], on: .tableAndDerivable,
            symbols: derivable("DerivableRequest", "with(_:)")
                + symbols("QueryInterfaceRequest", "Association", member: "with(_:)")
        ) { evaluator, call in
            try call.appending(.with(try evaluator.commonTableExpressionArgument(call.argument(0))))
        },
        GRDBMember(
            .method, "matching", [CallForm([nil])], on: .tableAndDerivable,
            symbols: symbols("TableRequest", "TableRecord", member: "matching(_:)")
        ) { evaluator, call in try call.appending(.matching(try evaluator.fullTextPattern(call.argument(0)))) }
        .requiring(.recordType(instead: "a `Table` value's requests have it: `all().matching(…)`")),
        GRDBMember(
            .method, "contains", [CallForm([nil])], on: .queryInterfaceRequest,
            symbols: ["SQLSubqueryable.contains(_:)"], acceptsRawSQL: true,
            notOffered: { evaluator, call in
                ArborError(
                    "`contains` is a method of requests: `\(evaluator.environment.displayName(ofTable: call.table)).all().contains(…)`",
                    at: call.nameRange)
            }
        ) { evaluator, call in
            let element = try evaluator.sqlExpression(
                evaluator.evaluate(call.argument(0)), range: call.argument(0).range)
            return .expression(.inSubquery(call.receiver?.plan ?? RequestPlan(table: call.table), element))
        },
        GRDBMember(
            .method, "exists", [CallForm([])], on: .queryInterfaceRequest, symbols: ["SQLSubqueryable.exists()"],
            acceptsRawSQL: true
        ) { _, call in
            .expression(.exists(call.receiver?.plan ?? RequestPlan(table: call.table)))
        }.yielding(.expression),
        GRDBMember(
            .method, "forKey", [CallForm([nil])], on: [.association],
            symbols: symbols("Association", "AssociationToMany", "AssociationToOne", member: "forKey(_:)"),
            notOffered: { evaluator, call in
                evaluator.misplacedForKey(
                    on: call.receiver ?? .table(call.table, selection: nil), nameRange: call.nameRange)
            }
        ) { evaluator, call in
            guard case .association(let association)? = call.receiver else { throw call.unexpectedReceiver }
            return .association(association.appending(.forKey(try evaluator.codingKeyString(call.argument(0)))))
        },
    ]

    /// `sql:` and `sql:arguments:`.
    static let sqlForms = [CallForm(["sql"]), CallForm(["sql", "arguments"])]

    /// `filter(sql:arguments:)`, `group(sql:arguments:)`…: SQL text and its arguments, held by
    /// `operation` (by default an `SQL` literal, as `group` and `having` hold it).
    static func sqlMethod(
        _ name: String, on receivers: Set<GRDBReceiver>, symbols: [String],
        operation: (@Sendable (String, SQLArguments) -> RequestOperation)? = nil
    ) -> GRDBMember {
        GRDBMember(.method, name, sqlForms, on: receivers, symbols: symbols) { evaluator, call in
            let sql = try evaluator.string(call.argument(0))
            let arguments = try evaluator.sqlArguments(call)
            return try call.appending(
                operation?(sql, arguments)
                    ?? evaluator.literalOperation(call.name, SQLFragment(sql: sql, arguments: arguments)))
        }
    }

    /// `filter(literal:)`, `order(literal:)`…: an `SQL` literal.
    static func literalMethod(_ name: String, on receivers: Set<GRDBReceiver>, symbols: [String]) -> GRDBMember {
        GRDBMember(.method, name, [CallForm(["literal"])], on: receivers, symbols: symbols) { evaluator, call in
            let fragment = try evaluator.inReceiverScope(call) { try evaluator.sqlFragment(call.argument(0)) }
            return try call.appending(evaluator.literalOperation(call.name, fragment))
        }
    }
}

extension GRDBCall {
    /// The receiver with one more operation.
    func appending(_ operation: RequestOperation) throws -> Value {
        guard let receiver else { throw unexpectedReceiver }
        return receiver.appending(operation)
    }

    /// A member reached on a receiver its entry does not declare: a registry error, said plainly.
    var unexpectedReceiver: ArborError {
        ArborError("`\(name)` is not offered on \(receiverKind.article)", at: nameRange)
    }
}
