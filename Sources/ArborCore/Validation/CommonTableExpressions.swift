extension Validator {
    /// A CTE's own request or SQL gets the checks of any request or SQL piece.
    func checkCommonTableExpression(_ cte: CommonTableExpressionPlan) throws {
        if !GRDBQuoting.canQuote(cte.name) { throw fail(GRDBQuoting.problem("common table expression", cte.name)) }
        switch cte.source {
        case .request(let plan):
            try checkLevel(table: plan.table, operations: plan.operations, context: .root)
            if plan.hasPrefetch {
                throw fail("a common table expression's request can not include `including(all:)`: it is one SELECT")
            }
        case .sql(let sql, let arguments):
            try checkPlaceholders(sql, arguments)
        case .literal(let fragment):
            try checkFragment(fragment, table: cte.name)
        }
    }
}

extension Validator {
    /// A subquery is a request of its own: it gets every check of one. (An alias of
    /// the outer request used inside it is refused here, as unattached.)
    func checkSubquery(_ plan: RequestPlan) throws {
        if plan.hasPrefetch {
            throw fail("a request used as a value can not include `including(all:)`: it is one SELECT")
        }
        try validate(plan)
    }
}
