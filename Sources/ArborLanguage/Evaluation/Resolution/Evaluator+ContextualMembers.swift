import ArborCore

/// An implicit member takes its type from its context, as Swift infers it: `return .init(…)`
/// in a function declared `-> Statistics` is `Statistics(…)`, `return .empty` its static `empty`.
extension Evaluator {
    /// What a function returns for `expr`: an implicit member of the app's declared return type
    /// resolved on that type; any other expression as it evaluates.
    func returnedValue(_ expr: Expr) throws -> Value {
        guard let type = scope.returnType?.unwrapped, case .named(let name, let arguments) = type,
            arguments.isEmpty, declaresType(canonicalTypePath(name)), environment.typeNames.table(forType: name) == nil
        else { return try evaluate(expr) }
        let typeExpr = Self.typeExpression(name, range: expr.range)
        switch expr.kind {
        case .call(let callee, let arguments):
            guard case .implicitMember(let member) = callee.kind else { break }
            // `.init(…)` is a call of the type itself; `.make(…)` its static method.
            let resolved =
                member == "init"
                ? typeExpr : Expr(.member(typeExpr, name: member, nameRange: callee.range), callee.range)
            return try evaluate(Expr(.call(resolved, arguments: arguments), expr.range))
        case .implicitMember(let member):
            return try evaluate(Expr(.member(typeExpr, name: member, nameRange: expr.range), expr.range))
        default:
            break
        }
        return try evaluate(expr)
    }

    /// `Statistics`, `Book.Info` as the expression naming the type.
    static func typeExpression(_ path: String, range: SourceRange) -> Expr {
        let parts = path.split(separator: ".").map(String.init)
        var expr = Expr(.identifier(parts.first ?? path), range)
        for part in parts.dropFirst() { expr = Expr(.member(expr, name: part, nameRange: range), range) }
        return expr
    }
}
