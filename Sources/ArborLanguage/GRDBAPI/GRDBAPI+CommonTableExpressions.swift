import ArborCore

/// The methods of a `CommonTableExpression` and of a fetched record.
extension GRDBAPI {
    static let commonTableExpressionMembers: [GRDBMember] = [
        GRDBMember(
            .method, "all", [CallForm([])], on: [.commonTableExpression], symbols: ["CommonTableExpression.all()"]
        ) { _, call in .request(try call.commonTableExpressionPlan()) },
        GRDBMember(
            .method, "contains", [CallForm([nil])], on: [.commonTableExpression],
            symbols: ["CommonTableExpression.contains(_:)"]
        ) { evaluator, call in
            let element = try evaluator.sqlExpression(
                evaluator.evaluate(call.argument(0)), range: call.argument(0).range)
            return .expression(.inSubquery(try call.commonTableExpressionPlan(), element))
        }.yielding(.expression),
    ]

    static let recordMembers: [GRDBMember] = [
        GRDBMember(.method, "request", [CallForm(["for"])], on: [.record], symbols: ["TableRecord.request(for:)"]) {
            evaluator, call in
            guard case .record(let record) = call.base else { throw call.unexpectedReceiver }
            let association = try evaluator.associationArgument(call.arguments[0], of: record.table)
            return .request(RequestPlan(root: .associated(record, association)))
        }
    ]
}

extension GRDBCall {
    /// `cte.all()`: a request of the common table expression's rows, GRDB's
    /// `QueryInterfaceRequest<RowDecoder>`: of `Row` unless a record type was written
    /// (`CommonTableExpression<Player>`), as a `Table` value's.
    func commonTableExpressionPlan() throws -> RequestPlan {
        guard case .commonTableExpression(let cte) = base else { throw unexpectedReceiver }
        var plan = RequestPlan(table: cte.name)
        plan.commonTableExpression = cte
        plan.decodesRows = cte.decodesRows
        return plan
    }
}

extension Evaluator {
    /// For a request of an untyped CTE (`cte.all()`, a `QueryInterfaceRequest<Row>`) or an
    /// association to it: how to give it a record type, `CommonTableExpression<Book>(named:
    /// "old", …)`. Nil otherwise.
    func typedCommonTableExpressionHint(_ receiver: Value) -> String? {
        let cte: CommonTableExpressionPlan
        switch receiver {
        case .request(let plan):
            guard let requested = plan.commonTableExpression, requested.decodesRows else { return nil }
            cte = requested
        case .association(let association):
            guard case .commonTable(_, let joined, _) = association.base, joined.decodesRows else { return nil }
            cte = joined
        default:
            return nil
        }
        var type = "Record"
        if case .request(let source) = cte.source, let sourceType = environment.typeNames.type(forTable: source.table) {
            type = sourceType
        }
        return
            "write the record type its rows decode as: `CommonTableExpression<\(type)>(named: \(SQLValue.swiftQuoted(cte.name)), …)`"
    }
}
