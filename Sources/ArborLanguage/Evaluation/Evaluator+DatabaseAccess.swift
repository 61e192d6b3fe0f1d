import ArborCore

/// `try dbQueue.read { db in … }`, as apps write it around their requests:
/// the statements run, each `let` is bound for the session, and what the
/// closure returns is the statement's value.
extension Evaluator {
    /// The methods of GRDB's database readers and writers that take a `db` closure.
    static let databaseAccessMethods: Set<String> = [
        "read", "unsafeRead", "unsafeReentrantRead", "write", "writeWithoutTransaction", "unsafeReentrantWrite",
        "barrierWriteWithoutTransaction", "inDatabase", "inTransaction",
    ]

    /// The closure of `anyReader.read { db in … }`, or nil when `expr` is not a database access.
    public static func databaseAccessClosure(_ expr: Expr) -> Closure? {
        guard case .call(let callee, let arguments) = expr.kind, case .member(_, let name, _) = callee.kind,
            databaseAccessMethods.contains(name), let last = arguments.last,
            last.isTrailingClosure || arguments.count == 1,
            case .closure(let closure) = last.value.kind
        else { return nil }
        return closure
    }

    /// `db` (or another name the closure gives the database, or `$0`) as `fetchAll`'s argument.
    static func isDatabaseArgument(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .identifier, .anonymousArgument: return true
        default: return false
        }
    }

    /// Runs a database access closure; binds its `let`s for the session (returned in
    /// order) and returns what it returns, nil when it returns nothing.
    public func runDatabaseAccess(_ closure: Closure) throws -> (value: Value?, bound: [String]) {
        let saved = scope
        defer { scope = saved }
        scope = Scope()
        scope.bindingSite = .session
        scope.push(.closure)
        for parameter in closure.parameters where parameter != "_" {
            scope.declare(parameter, .namespace("Database"))
        }
        let parameters = Set(closure.parameters)
        guard let statements = closure.statements else {
            return (try evaluate(closure.body), [])
        }
        var bound: [String] = []
        for case .binding(let name, _, _, _, _, _) in statements where !parameters.contains(name) { bound.append(name) }
        let flow = try execute(statements)
        for name in bound {
            if let value = local(name)?.value { environment.bindings[name] = value }
        }
        if case .returned(let value) = flow { return (value, bound) }
        return (nil, bound)
    }
}
