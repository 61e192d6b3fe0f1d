/// A SQL expression of a request, in our own terms: lowering turns it into
/// GRDB's `SQLExpression` (or an `AssociationAggregate` when it involves one).
public indirect enum SQLExpr: Hashable, Sendable {
    /// `Column("name")`, or `alias[Column("name")]` when `alias` is set.
    case column(String, alias: AliasID?)
    /// `Column("total").detached`: the column's name alone, never qualified by a table
    /// (to order by an annotation of a request that joins).
    case detached(String)
    case value(SQLValue)
    /// `a + b`, `a == b`, `a && b`, `a ?? b`, …
    case binary(SQLBinaryOperator, SQLExpr, SQLExpr)
    case not(SQLExpr)
    case negated(SQLExpr)
    /// `a.like(pattern, escape:)`.
    case like(SQLExpr, pattern: SQLExpr, escape: SQLExpr?)
    /// `a.collating(.nocase)`: the collation's SQL name.
    case collating(SQLExpr, String)
    /// `[1, 2].contains(a)`.
    case inList([SQLExpr], SQLExpr)
    /// `(lo...hi).contains(a)`, `a.between(lo, hi)`.
    case closedRange(lower: SQLExpr, upper: SQLExpr, SQLExpr)
    /// `(lo..<hi).contains(a)`.
    case halfOpenRange(lower: SQLExpr, upper: SQLExpr, SQLExpr)
    /// `abs(a)`, `length(a)`, `a.lowercased`, `count(a)`, `max(a, b)`, …
    case function(SQLFunction, [SQLExpr])
    /// `cast(a, as: .integer)`.
    case cast(SQLExpr, storage: String)
    /// `SQL("raw text \(value)").sqlExpression` and `SQL(sql:arguments:)` used as an expression.
    case literal(SQLFragment)
    /// An association aggregate (`Author.books.count`): only where GRDB accepts one.
    case aggregate(AssociationAggregatePlan)
    /// `Column("body").match(pattern)`: `body MATCH ?` (FTS5).
    case match(column: String, FullTextPattern)
    /// A request used as a value, `(SELECT …)`: `Column("name") == cte.all()`.
    case subquery(RequestPlan)
    /// `cte.contains(x)`, `request.contains(x)`: `x IN cte`, `x IN (SELECT …)`.
    case inSubquery(RequestPlan, SQLExpr)
    /// `request.exists()`: `EXISTS (SELECT …)`.
    case exists(RequestPlan)
    /// `sum(Column("score"), filter: Column("bonus"))`: `SUM("score") FILTER (WHERE "bonus")`.
    case filteredAggregate(SQLFunction, SQLExpr, filter: SQLExpr)
    /// `alias.exists`: whether a joined row is present.
    case aliasExists(AliasID)
    /// `expr.forKey("name")`: a named aggregate, or a selected expression with an `AS` name.
    case named(SQLExpr, String)
    /// GRDB's JSON functions and members: `Database.jsonArray([…])`, `JSONColumn("info")["a"]`.
    case json(SQLJSON)
    /// `[a, b, c].joined(operator: .add)`: `a + b + c`, or the operator's neutral value.
    case joined(SQLJoinOperator, [SQLExpr])
    /// `~a`: SQL's bitwise not.
    case bitwiseNot(SQLExpr)
}

/// GRDB's `SQLExpression.AssociativeBinaryOperator`, which `joined(operator:)` takes.
public enum SQLJoinOperator: String, Hashable, Sendable, CaseIterable {
    case add, multiply, and, or, concat, bitwiseAnd, bitwiseOr
}

public enum SQLBinaryOperator: String, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case identical = "==="
    case notIdentical = "!=="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case nilCoalescing = "??"
    case bitwiseAnd = "&"
    case bitwiseOr = "|"
    case leftShift = "<<"
    case rightShift = ">>"

    /// `&`, `|`, `<<`, `>>`: GRDB defines them on expressions, not on association aggregates.
    public var isBitwise: Bool { [.bitwiseAnd, .bitwiseOr, .leftShift, .rightShift].contains(self) }
}

public enum SQLFunction: String, Hashable, Sendable, CaseIterable {
    case abs, length, lowercased, uppercased, capitalized
    case localizedLowercased, localizedUppercased, localizedCapitalized
    case average, count, countDistinct, min, max, sum, total
    case coalesce
    /// `julianDay(date, .startOfYear)`, `dateTime(date, .day(1))`: the date, then GRDB's
    /// modifiers as their SQL text (`DateModifier.sqlText`).
    case julianDay, dateTime

    /// Functions GRDB registers in Swift, which the sqlite3 shell does not have.
    public var isSwiftDefined: Bool {
        switch self {
        case .lowercased, .uppercased, .capitalized, .localizedLowercased, .localizedUppercased,
            .localizedCapitalized:
            true
        default: false
        }
    }
}

/// `Author.books.count`, `Author.books.max(Column("year"))`: an aggregate of a
/// to-many association. Operators on aggregates are `SQLExpr.binary` and friends
/// with an `.aggregate` operand; `forKey` is `SQLExpr.named`.
public enum AssociationAggregatePlan: Hashable, Sendable {
    case count(AssociationPlan)
    case isEmpty(AssociationPlan)
    case average(AssociationPlan, SQLExpr)
    case min(AssociationPlan, SQLExpr)
    case max(AssociationPlan, SQLExpr)
    case sum(AssociationPlan, SQLExpr)
    case total(AssociationPlan, SQLExpr)

    public var association: AssociationPlan {
        switch self {
        case .count(let a), .isEmpty(let a), .average(let a, _), .min(let a, _), .max(let a, _), .sum(let a, _),
            .total(let a, _):
            a
        }
    }
}

extension SQLExpr {
    /// True when an association aggregate appears in the expression.
    public var containsAggregate: Bool {
        switch self {
        case .aggregate: true
        case .binary(_, let l, let r): l.containsAggregate || r.containsAggregate
        case .not(let e), .negated(let e), .collating(let e, _), .cast(let e, _), .named(let e, _), .bitwiseNot(let e):
            e.containsAggregate
        case .joined(_, let args): args.contains { $0.containsAggregate }
        case .like(let e, let p, let esc):
            e.containsAggregate || p.containsAggregate || (esc?.containsAggregate ?? false)
        case .inList(let l, let e): e.containsAggregate || l.contains { $0.containsAggregate }
        case .closedRange(let lo, let hi, let e), .halfOpenRange(let lo, let hi, let e):
            lo.containsAggregate || hi.containsAggregate || e.containsAggregate
        case .function(_, let args): args.contains { $0.containsAggregate }
        case .filteredAggregate(_, let e, let f): e.containsAggregate || f.containsAggregate
        case .column, .detached, .value, .literal, .aliasExists, .subquery, .exists, .match: false
        case .inSubquery(_, let e): e.containsAggregate
        case .json(let call): call.operands.contains { $0.containsAggregate }
        }
    }

    /// The associations of the aggregates in the expression.
    public var aggregatedAssociations: [AssociationPlan] {
        switch self {
        case .aggregate(let a): [a.association]
        case .binary(_, let l, let r): l.aggregatedAssociations + r.aggregatedAssociations
        case .not(let e), .negated(let e), .cast(let e, _), .named(let e, _), .collating(let e, _), .bitwiseNot(let e):
            e.aggregatedAssociations
        case .joined(_, let args): args.flatMap(\.aggregatedAssociations)
        case .function(_, let args): args.flatMap(\.aggregatedAssociations)
        case .filteredAggregate(_, let e, let f): e.aggregatedAssociations + f.aggregatedAssociations
        case .json(let call): call.operands.flatMap(\.aggregatedAssociations)
        default: []
        }
    }
}

extension SQLExpr {
    /// The table aliases the expression refers to (not inside aggregates' associations).
    public var aliasesUsed: Set<Int> {
        switch self {
        case .column(_, let alias?): [alias.id]
        case .aliasExists(let alias): [alias.id]
        case .binary(_, let l, let r): l.aliasesUsed.union(r.aliasesUsed)
        case .not(let x), .negated(let x), .collating(let x, _), .cast(let x, _), .named(let x, _), .bitwiseNot(let x):
            x.aliasesUsed
        case .joined(_, let args): args.reduce(into: []) { $0.formUnion($1.aliasesUsed) }
        case .function(_, let args): args.reduce(into: []) { $0.formUnion($1.aliasesUsed) }
        case .filteredAggregate(_, let e, let f): e.aliasesUsed.union(f.aliasesUsed)
        case .like(let a, let b, let c): a.aliasesUsed.union(b.aliasesUsed).union(c?.aliasesUsed ?? [])
        case .inList(let list, let x): list.reduce(into: x.aliasesUsed) { $0.formUnion($1.aliasesUsed) }
        case .closedRange(let lo, let hi, let x), .halfOpenRange(let lo, let hi, let x):
            lo.aliasesUsed.union(hi.aliasesUsed).union(x.aliasesUsed)
        case .literal(let fragment): fragment.aliasesUsed
        case .json(let call): call.operands.reduce(into: []) { $0.formUnion($1.aliasesUsed) }
        default: []
        }
    }
}
