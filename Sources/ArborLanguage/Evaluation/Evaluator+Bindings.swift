import ArborCore

/// The session's names: `let name = value`, `var name = value`, and `name = value`
/// to a `var`, as Swift has them at the top level of a script.
extension Evaluator {
    /// Binds the name of a `let`, `var` or assignment statement; other statements are not bindings.
    public func bind(_ statement: Statement) throws {
        switch statement {
        case .letBinding(let name, _, let expr, _):
            let value = try bound(bindingValue(expr), name: name, range: expr.range, site: .session)
            environment.session.names[name] = LocalName(value: value, type: nil, isVariable: false)
        case .varBinding(let name, _, let expr, _):
            let value = try bound(bindingValue(expr), name: name, range: expr.range, site: .session)
            environment.session.names[name] = LocalName(value: value, type: nil, isVariable: true)
        case .assignment(let name, let nameRange, let expr, _):
            try checkAssignable(name, at: nameRange)
            let value = try bound(bindingValue(expr), name: name, range: expr.range, site: .session)
            environment.session.names[name]?.value = value
        case .expression, .declarations, .command:
            return
        }
    }

    /// The value a binding takes: an expression's, or what a `dbQueue.read { db in … }` returns.
    func bindingValue(_ expr: Expr) throws -> Value {
        guard let closure = Self.databaseAccessClosure(expr) else { return try evaluate(expr) }
        guard let returned = try runDatabaseAccess(closure).value else {
            throw ArborError("the closure returns no value", at: expr.range)
        }
        return returned
    }

    /// `name = value` at the prompt: `name` must be a `var`, with the compiler's words when not.
    func checkAssignable(_ name: String, at range: SourceRange) throws {
        if environment.session.names[name]?.isVariable == true { return }
        if environment.session.names[name] != nil {
            throw ArborError(
                "cannot assign to value: '\(name)' is a 'let' constant", at: range,
                suggestion: "declare it with `var \(name) = …` to change it")
        }
        throw ArborError("cannot find '\(name)' in scope", at: range)
    }
}
