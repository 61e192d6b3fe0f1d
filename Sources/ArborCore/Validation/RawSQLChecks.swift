/// Raw SQL (`SQLRequest(literal:)`, `SQL` literals) runs as written, but what is
/// interpolated in it is GRDB's to write: expressions, subqueries and common table
/// expressions get the checks they get anywhere else.
extension Validator {
    /// A raw SQL request fetched as is. Its placeholders are SQLite's to check (GRDB
    /// binds them with `try`); GRDB adds named arguments up with `+=`, which stops the
    /// process on a name given twice.
    func checkRawSQL(_ fragment: SQLFragment) throws {
        try NamedArguments.check(NamedArguments.arguments(fragment), fail: fail)
        try checkInterpolated(fragment, table: "")
    }

    /// What a fragment interpolates: expressions, requests (`\(request)`) and CTE
    /// definitions (`\(definitionFor: cte)`).
    func checkInterpolated(_ fragment: SQLFragment, table: String) throws {
        for e in fragment.expressions { try checkExpression(e, table: table) }
        for plan in fragment.subqueries { try checkSubquery(plan) }
        for cte in fragment.commonTableDefinitions { try checkCommonTableExpression(cte) }
    }
}
