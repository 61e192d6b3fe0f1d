/// Bounds the size and depth of plans and expressions. `let` bindings let a user
/// build values far deeper than what they typed (`let e = e.including(all: e)`,
/// repeated), and sharing makes them exponentially large; every later pass
/// (validation, lowering, GRDB's SQL generation) recurses over them. Measured
/// iteratively, with a budget, so that measuring is itself bounded.
public enum PlanSize {
    public static let maximumNodes = 4_000
    public static let maximumDepth = 64

    private enum Item {
        case operations([RequestOperation], Int)
        case association(AssociationPlan, Int)
        case expression(SQLExpr, Int)
        case fragment(SQLFragment, Int)
    }

    /// Nil when within bounds, else what was exceeded.
    public static func excess(of plan: RequestPlan) -> String? {
        var initial: [Item] = [.operations(plan.operations, 0)]
        if case .associated(_, let association) = plan.root { initial.append(.association(association, 0)) }
        if let cte = plan.commonTableExpression { push(cte, 1, &initial) }
        return measure(initial)
    }
    public static func excess(of association: AssociationPlan) -> String? {
        // Every value evaluated is measured: one node needs no walk.
        if case .direct = association.base, association.operations.isEmpty { return nil }
        return measure([.association(association, 0)])
    }
    public static func excess(of expression: SQLExpr) -> String? {
        switch expression {
        case .value, .column: return nil
        default: return measure([.expression(expression, 0)])
        }
    }
    public static func excess(of fragment: SQLFragment) -> String? { measure([.fragment(fragment, 0)]) }

    private static func measure(_ initial: [Item]) -> String? {
        var stack = initial
        var nodes = 0
        while let item = stack.popLast() {
            nodes += 1
            if nodes > maximumNodes { return "more than \(maximumNodes) parts" }
            switch item {
            case .operations(let operations, let depth):
                for operation in operations { push(operation, depth, &stack) }
            case .association(let association, let depth):
                if depth > maximumDepth { return "associations nested more than \(maximumDepth) levels deep" }
                switch association.base {
                case .through(_, _, let pivot, let target, _):
                    stack.append(.association(pivot, depth + 1))
                    stack.append(.association(target, depth + 1))
                case .commonTable(_, let cte, let condition):
                    push(cte, depth + 1, &stack)
                    if let condition { stack.append(.expression(condition.expression, depth + 1)) }
                case .direct:
                    break
                }
                stack.append(.operations(association.operations, depth))
            case .expression(let e, let depth):
                if depth > maximumDepth * 4 { return "an expression nested more than \(maximumDepth * 4) levels deep" }
                if case .literal(let fragment) = e { stack.append(.fragment(fragment, depth + 1)) }
                // A request used as a value is measured as a request: `let` bindings can share it.
                switch e {
                case .subquery(let plan), .inSubquery(let plan, _), .exists(let plan):
                    if let cte = plan.commonTableExpression { push(cte, depth + 1, &stack) }
                    stack.append(.operations(plan.operations, depth + 1))
                case .match(_, let pattern):
                    nodes += pattern.text.utf8.count / 1_000
                default:
                    break
                }
                for child in children(of: e) { stack.append(child(depth + 1)) }
            case .fragment(let fragment, let depth):
                if depth > maximumDepth * 4 { return "an SQL literal nested more than \(maximumDepth * 4) levels deep" }
                // A flat literal (`s + s`, repeated) counts each of its pieces.
                if nodes + fragment.pieces.count > maximumNodes { return "more than \(maximumNodes) parts" }
                for piece in fragment.pieces {
                    switch piece {
                    case .expression(let e), .selection(.expression(let e)): stack.append(.expression(e, depth + 1))
                    case .ordering(let term): stack.append(.expression(term.expression, depth + 1))
                    case .literal(let inner): stack.append(.fragment(inner, depth + 1))
                    default: nodes += 1
                    }
                }
            }
        }
        return nil
    }

    /// A CTE's request or SQL, one level deeper.
    private static func push(_ cte: CommonTableExpressionPlan, _ depth: Int, _ stack: inout [Item]) {
        switch cte.source {
        case .request(let plan):
            if let root = plan.commonTableExpression { push(root, depth + 1, &stack) }
            stack.append(.operations(plan.operations, depth))
        case .literal(let fragment): stack.append(.fragment(fragment, depth))
        case .sql: break
        }
    }

    private static func push(_ operation: RequestOperation, _ depth: Int, _ stack: inout [Item]) {
        switch operation {
        case .filter(let e), .having(let e): stack.append(.expression(e, depth))
        case .group(let es): for e in es { stack.append(.expression(e, depth)) }
        case .order(let terms): for term in terms { stack.append(.expression(term.expression, depth)) }
        case .filterLiteral(let f), .orderLiteral(let f), .selectLiteral(let f), .havingLiteral(let f),
            .groupLiteral(let f):
            stack.append(.fragment(f, depth))
        case .with(let cte): push(cte, depth + 1, &stack)
        case .select(let items), .databaseSelection(_, let items), .annotated(let items):
            for case .expression(let e) in items { stack.append(.expression(e, depth)) }
        case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a), .annotatedWithOptional(let a):
            stack.append(.association(a, depth + 1))
        default: break
        }
    }

    private static func children(of e: SQLExpr) -> [(Int) -> Item] {
        func expr(_ x: SQLExpr) -> (Int) -> Item { { .expression(x, $0) } }
        switch e {
        case .binary(_, let l, let r): return [expr(l), expr(r)]
        case .not(let x), .negated(let x), .collating(let x, _), .cast(let x, _), .named(let x, _), .bitwiseNot(let x):
            return [expr(x)]
        case .joined(_, let args): return args.map(expr)
        case .like(let a, let b, let c): return [expr(a), expr(b)] + (c.map { [expr($0)] } ?? [])
        case .inList(let list, let x): return list.map(expr) + [expr(x)]
        case .closedRange(let lo, let hi, let x), .halfOpenRange(let lo, let hi, let x):
            return [expr(lo), expr(hi), expr(x)]
        case .function(_, let args): return args.map(expr)
        case .filteredAggregate(_, let x, let f): return [expr(x), expr(f)]
        case .json(let call): return call.operands.map(expr)
        case .inSubquery(_, let x): return [expr(x)]
        case .aggregate(let a):
            var items: [(Int) -> Item] = [{ .association(a.association, $0 / 4) }]
            switch a {
            case .average(_, let c), .min(_, let c), .max(_, let c), .sum(_, let c), .total(_, let c):
                items.append(expr(c))
            default: break
            }
            return items
        default: return []
        }
    }
}
