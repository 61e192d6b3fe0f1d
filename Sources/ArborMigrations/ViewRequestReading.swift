import SwiftSyntax

/// Reads a simple query-interface request given to `create(view:as:)`: a record type or
/// `Table("name")`, then `all()`, `select(…)`, `filter(…)`, `order(…)` (with `.asc` and
/// `.desc`) and `limit(_:)`. Nil when the expression is not such a chain (SQL, say).
struct ViewRequestReading {
    var evaluator: ValueEvaluator

    func read(_ expr: ExprSyntax) throws -> ViewRequest? {
        var links: [(name: String, call: FunctionCallExprSyntax)] = []
        var current = expr
        while let call = current.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        {
            links.insert((member.declName.baseName.text, call), at: 0)
            current = base
        }
        guard let table = try table(current), !links.isEmpty else { return nil }
        var request = ViewRequest(table: table)
        for (name, call) in links {
            let arguments = Array(call.arguments)
            switch name {
            case "all" where arguments.isEmpty: break
            case "select":
                request.selection = (request.selection ?? []) + (try arguments.map { try expression($0.expression) })
            case "filter" where arguments.count == 1 && arguments[0].label == nil:
                request.filters.append(try expression(arguments[0].expression))
            case "order":
                request.orderings += try arguments.map { try ordering($0.expression) }
            case "limit" where arguments.count == 1:
                guard let limit = try evaluator.evaluate(arguments[0].expression).integer else {
                    throw EvaluationFailure(node: Syntax(call), message: "arbor can not read this limit")
                }
                request.limit = limit
            default:
                throw EvaluationFailure(
                    node: Syntax(call), message: "arbor does not write `\(name)(…)` of a view's request; write its SQL")
            }
        }
        return request
    }

    /// `Player` (its table) or `Table("player")`.
    private func table(_ expr: ExprSyntax) throws -> String? {
        if let path = ValueEvaluator.typePath(expr) {
            return evaluator.constants.tableName(ofType: path == "Self" ? evaluator.enclosingType ?? path : path)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), ValueEvaluator.typePath(call.calledExpression) == "Table",
            let first = call.arguments.first
        {
            return try evaluator.evaluate(first.expression).text
        }
        return nil
    }

    private func expression(_ expr: ExprSyntax) throws -> SchemaExpression {
        guard let value = try evaluator.evaluate(expr).schemaExpression else {
            throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read `\(expr.trimmedDescription)`")
        }
        return value
    }

    private func ordering(_ expr: ExprSyntax) throws -> ViewOrdering {
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base,
            ["asc", "desc"].contains(member.declName.baseName.text)
        {
            return ViewOrdering(expression: try expression(base), descending: member.declName.baseName.text == "desc")
        }
        return ViewOrdering(expression: try expression(expr), descending: nil)
    }
}
