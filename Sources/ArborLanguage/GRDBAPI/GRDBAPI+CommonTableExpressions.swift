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
    /// `cte.all()`: a request of the common table expression's rows.
    func commonTableExpressionPlan() throws -> RequestPlan {
        guard case .commonTableExpression(let cte) = base else { throw unexpectedReceiver }
        var plan = RequestPlan(table: cte.name)
        plan.commonTableExpression = cte
        return plan
    }
}
