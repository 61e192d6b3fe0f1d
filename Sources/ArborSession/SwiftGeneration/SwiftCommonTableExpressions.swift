import ArborCore

/// Common table expressions in generated Swift: one `let` per CTE, declared
/// before the request, and `association(to:on:)` conditions as closures.
extension SwiftPrinter {
    /// `playerNameCTE`: the variable of a CTE, declared by `commonTableExpressionDeclarations`.
    func commonTableExpression(_ cte: CommonTableExpressionPlan) -> String {
        if !commonTableExpressions.contains(where: { $0.name == cte.name }) {
            // Declared once per name: GRDB's `with` keeps one CTE per name.
            commonTableExpressions.append(cte)
            // Its own request names tables, aliases and other CTEs: print it now.
            commonTableExpressionTexts[cte.name] = definition(cte)
        }
        return SwiftIdentifier.typed(cte.name + "CTE")
    }

    var commonTableExpressionDeclarations: [String] {
        commonTableExpressions.compactMap { cte in
            commonTableExpressionTexts[cte.name].map { "let \(SwiftIdentifier.typed(cte.name + "CTE")) = \($0)" }
        }
    }

    private func definition(_ cte: CommonTableExpressionPlan) -> String {
        var arguments: [String] = []
        if cte.recursive { arguments.append("recursive: true") }
        arguments.append("named: \(SQLValue.swiftQuoted(cte.name))")
        if let columns = cte.columns {
            arguments.append("columns: [" + columns.map(SQLValue.swiftQuoted).joined(separator: ", ") + "]")
        }
        switch cte.source {
        case .request(let plan): arguments.append("request: \(request(plan))")
        case .sql(let sql, let args):
            arguments.append("sql: \(SQLValue.swiftQuoted(sql))")
            if !args.isEmpty { arguments.append("arguments: \(SwiftLiterals.arguments(args))") }
        case .literal(let fragment):
            arguments.append("literal: \(SwiftLiterals.sql(fragment, printer: self))")
        }
        // The type argument written (`CommonTableExpression<Player>`) is what `all()` decodes.
        let type = cte.rowDecoder == "Row" ? "" : "<\(cte.rowDecoder)>"
        return "CommonTableExpression\(type)(" + arguments.joined(separator: ", ") + ")"
    }

    /// `, on: { left, right in left[Column("id")] == right[Column("authorId")] }`.
    func joinCondition(_ condition: JoinCondition) -> String {
        conditionAliases[condition.left.id] = "left"
        conditionAliases[condition.right.id] = "right"
        defer {
            conditionAliases[condition.left.id] = nil
            conditionAliases[condition.right.id] = nil
        }
        return ", on: { left, right in \(expression(condition.expression)) }"
    }
}
