extension Validator {
    /// A CTE's own request or SQL gets the checks of any request or SQL piece.
    func checkCommonTableExpression(_ cte: CommonTableExpressionPlan) throws {
        if !GRDBQuoting.canQuote(cte.name) { throw fail(GRDBQuoting.problem("common table expression", cte.name)) }
        switch cte.source {
        case .request(let plan) where plan.rawSQL != nil:
            try checkSubquery(plan)
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
    /// A subquery is a request of its own: it gets every check of one. An alias the
    /// requests around it attach may be used inside it (a correlated subquery).
    func checkSubquery(_ plan: RequestPlan) throws {
        if plan.hasPrefetch {
            throw fail("a request used as a value can not include `including(all:)`: it is one SELECT")
        }
        // Raw SQL names its own tables: what it interpolates is checked, and its placeholders,
        // which GRDB binds with `try!` once the SQL is part of a query interface request.
        if let fragment = plan.rawSQL { return try checkFragment(fragment, table: "") }
        try validateParts(plan)
    }
}

extension Validator {
    /// A CTE read (`cte.all()`) or joined (`association(to: cte)`) must be embedded
    /// with `with(cte)`, or SQLite finds no table of that name: say which.
    func checkEmbedded(_ plan: RequestPlan) throws {
        var used: [String] = plan.commonTableExpression.map { [$0.name] } ?? []
        var embedded: Set<String> = []
        func visit(_ operations: [RequestOperation]) {
            for operation in operations {
                switch operation {
                case .with(let cte): embedded.insert(cte.name)
                case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a),
                    .annotatedWithOptional(let a):
                    if case .commonTable(_, let cte, _) = a.base { used.append(cte.name) }
                    visit(a.operations)
                default: break
                }
            }
        }
        visit(plan.operations)
        if let missing = used.first(where: { !embedded.contains($0) }) {
            throw fail(
                "the common table expression `\(missing)` is used without being embedded: SQLite would find no table `\(missing)`",
                suggestion: "embed it with `with(_:)`, as in `cte.all().with(cte)` or `Author.with(cte).joining(…)`")
        }
    }
}
