import GRDB

extension Lowering {
    /// GRDB's `CommonTableExpression`, made with the initializer the user called.
    func commonTableExpression(_ plan: CommonTableExpressionPlan) throws -> CommonTableExpression<Row> {
        switch plan.source {
        case .request(let requestPlan):
            return CommonTableExpression(
                recursive: plan.recursive, named: plan.name, columns: plan.columns,
                request: try subquery(requestPlan))
        case .sql(let sql, let arguments):
            return CommonTableExpression(
                recursive: plan.recursive, named: plan.name, columns: plan.columns, sql: sql,
                arguments: Self.arguments(arguments))
        case .literal(let fragment):
            return CommonTableExpression(
                recursive: plan.recursive, named: plan.name, columns: plan.columns, literal: try sql(fragment))
        }
    }

    /// `Table<Row>(origin).association(to: cte, on: …)`. GRDB calls the condition
    /// later, with its own aliases, from a `@Sendable` closure: the condition is
    /// lowered there by a lowering of its own (it refers to `left` and `right` only,
    /// which the language checks), after a first lowering here that reports errors.
    func joinAssociation<Origin>(
        from origin: String, to plan: CommonTableExpressionPlan, on condition: JoinCondition?
    ) throws -> JoinAssociation<Origin, Row> {
        let table = Table<Origin>(origin)
        let cte = try commonTableExpression(plan)
        guard let condition else { return table.association(to: cte) }
        _ = try Self.lowerCondition(condition, left: TableAlias<Origin>(), right: TableAlias<Row>())
        return table.association(
            to: cte,
            on: { left, right in
                (try? Self.lowerCondition(condition, left: left, right: right)) ?? false.sqlExpression
            })
    }

    static func lowerCondition<Origin>(
        _ condition: JoinCondition, left: TableAlias<Origin>, right: TableAlias<Row>
    ) throws -> SQLExpression {
        let lowering = Lowering()
        lowering.joinAliases = [condition.left.id: left, condition.right.id: right]
        return try lowering.expression(lowering.lower(condition.expression))
    }
}

extension Lowering {
    /// A request used as a value: lowered with this lowering's aliases (a
    /// correlated subquery refers to the outer request's). Raw SQL is GRDB's
    /// `SQLRequest`, which GRDB embeds as written, its arguments bound.
    func subquery(_ plan: RequestPlan) throws -> AnyFetchRequest<Row> {
        if let fragment = plan.rawSQL { return AnyFetchRequest(SQLRequest<Row>(literal: try sql(fragment))) }
        return AnyFetchRequest(try queryInterfaceRequest(plan))
    }
}
