/// GRDB adds up the arguments of a statement's SQL pieces with `+=`, which stops
/// the process when two pieces define the same named argument ("already defined
/// statement argument"). So each name is given once per request.
enum NamedArguments {
    static func check(_ plan: RequestPlan, fail: (String, String?) -> ArborError) throws {
        try check(arguments(of: plan), fail: fail)
    }

    /// The named arguments of the pieces of one statement, each name once.
    static func check(_ pieces: [SQLArguments], fail: (String, String?) -> ArborError) throws {
        var seen: Set<String> = []
        for arguments in pieces {
            for name in arguments.named.keys.sorted() where !seen.insert(name).inserted {
                throw fail(
                    "the named SQL argument \(SQLValue.swiftQuoted(name)) is given twice in this request: GRDB can not bind it twice",
                    "give each SQL piece its own argument names")
            }
        }
    }

    /// A request's arguments: its raw SQL's, or its CTE's and its operations'.
    static func arguments(of plan: RequestPlan) -> [SQLArguments] {
        if let fragment = plan.rawSQL { return arguments(fragment) }
        return (plan.commonTableExpression.map(arguments) ?? []) + collect(plan.operations)
    }

    static func collect(_ operations: [RequestOperation]) -> [SQLArguments] {
        operations.flatMap(arguments)
    }

    static func arguments(_ operation: RequestOperation) -> [SQLArguments] {
        switch operation {
        case .filterSQL(_, let a), .orderSQL(_, let a), .selectSQL(_, let a): [a]
        case .filterLiteral(let f), .orderLiteral(let f), .selectLiteral(let f), .havingLiteral(let f),
            .groupLiteral(let f):
            arguments(f)
        case .filter(let e), .having(let e): arguments(e)
        case .group(let es): es.flatMap(arguments)
        case .order(let terms): terms.flatMap { arguments($0.expression) }
        case .select(let s), .databaseSelection(_, let s), .annotated(let s): s.flatMap(arguments)
        case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a), .annotatedWithOptional(let a):
            arguments(a)
        case .with(let cte): arguments(cte)
        default: []
        }
    }

    /// A CTE's SQL is part of the statement that embeds it, arguments included.
    static func arguments(_ cte: CommonTableExpressionPlan) -> [SQLArguments] {
        switch cte.source {
        case .request(let plan): arguments(of: plan)
        case .sql(_, let a): [a]
        case .literal(let f): arguments(f)
        }
    }

    static func arguments(_ association: AssociationPlan) -> [SQLArguments] {
        var result = collect(association.operations)
        switch association.base {
        case .through(_, _, let pivot, let target, _): result += arguments(pivot) + arguments(target)
        case .commonTable(_, let cte, let condition):
            result += arguments(cte) + (condition.map { arguments($0.expression) } ?? [])
        case .direct: break
        }
        return result
    }

    static func arguments(_ selectable: Selectable) -> [SQLArguments] {
        if case .expression(let e) = selectable { return arguments(e) }
        return []
    }

    static func arguments(_ fragment: SQLFragment) -> [SQLArguments] {
        fragment.rawPieces.map(\.arguments) + fragment.expressions.flatMap(arguments)
            + fragment.subqueries.flatMap(arguments(of:)) + fragment.commonTableDefinitions.flatMap(arguments)
    }

    static func arguments(_ e: SQLExpr) -> [SQLArguments] {
        switch e {
        case .literal(let f): arguments(f)
        case .aggregate(let a): arguments(a.association)
        case .binary(_, let l, let r): arguments(l) + arguments(r)
        case .not(let x), .negated(let x), .collating(let x, _), .cast(let x, _), .named(let x, _), .bitwiseNot(let x):
            arguments(x)
        case .joined(_, let args): args.flatMap(arguments)
        case .like(let a, let b, let c): arguments(a) + arguments(b) + (c.map(arguments) ?? [])
        case .inList(let list, let x): list.flatMap(arguments) + arguments(x)
        case .closedRange(let lo, let hi, let x), .halfOpenRange(let lo, let hi, let x):
            arguments(lo) + arguments(hi) + arguments(x)
        case .function(_, let args): args.flatMap(arguments)
        case .filteredAggregate(_, let x, let f): arguments(x) + arguments(f)
        case .json(let call): call.operands.flatMap(arguments)
        case .column, .detached, .value, .aliasExists, .match: []
        case .subquery(let plan), .exists(let plan): arguments(of: plan)
        case .inSubquery(let plan, let x): arguments(of: plan) + arguments(x)
        }
    }
}
