/// One method call on a request or an association, with GRDB's name and meaning.
public indirect enum RequestOperation: Hashable, Sendable {
    case filter(SQLExpr)
    /// `filter(key: 1)` / `filter(keys: [1, 2])`: scalar primary key values.
    case filterKeys([SQLValue])
    /// `filter(key: ["a": 1])` / `filter(keys: [[…]])`; `nil` keys mean `filter(key: nil)`.
    case filterKeyDictionaries([[String: SQLValue]])
    case filterSQL(String, arguments: SQLArguments)
    /// `filter(literal:)`, `order(literal:)`, …: an `SQL` literal.
    case filterLiteral(SQLFragment)
    case order([OrderingTerm])
    case orderSQL(String, arguments: SQLArguments)
    case orderLiteral(SQLFragment)
    case orderByPrimaryKey
    case reversed
    case unordered
    case select([Selectable])
    /// The record type's `databaseSelection` (`type` is its path): the selection GRDB's
    /// `Type.all()` and an association to `Type` start with, as the first operation of
    /// the plan or association. It is GRDB's `select`: a later `select` replaces it,
    /// `annotated(with:)` appends to it.
    case databaseSelection(type: String, [Selectable])
    case selectSQL(String, arguments: SQLArguments)
    case selectLiteral(SQLFragment)
    case annotated([Selectable])
    case annotatedWithRequired(AssociationPlan)
    case annotatedWithOptional(AssociationPlan)
    case having(SQLExpr)
    case havingLiteral(SQLFragment)
    case group([SQLExpr])
    case groupLiteral(SQLFragment)
    /// `matching(FTS5Pattern(…))`; a pattern GRDB makes nil (no token) fetches no row, as in GRDB.
    case matching(FullTextPattern)
    case distinct
    case none
    case limit(Int, offset: Int?)
    case aliased(AliasID)
    /// `with(cte)`: embeds a common table expression (`WITH name AS (…)`).
    case with(CommonTableExpressionPlan)
    case including(JoinKind, AssociationPlan)
    case joining(JoinKind, AssociationPlan)
    /// Associations only.
    case forKey(String)

    /// True when GRDB will prefetch for this operation, at any depth: such a request
    /// must be fetched with `fetchAll`, never with a cursor (T22).
    var hasPrefetch: Bool {
        switch self {
        case .including(.all, _): true
        case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a), .annotatedWithOptional(let a):
            a.hasPrefetch
        case .filter(let e), .having(let e): e.aggregatedAssociations.contains { $0.hasPrefetch }
        case .annotated(let selection):
            selection.contains { item in
                if case .expression(let e) = item {
                    e.aggregatedAssociations.contains { $0.hasPrefetch }
                } else {
                    false
                }
            }
        default: false
        }
    }
}

public enum JoinKind: String, Hashable, Sendable {
    case required, optional, all
}

public struct OrderingTerm: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable { case none, asc, desc, ascNullsLast, descNullsFirst }
    public var expression: SQLExpr
    public var direction: Direction
    /// An `SQL` literal given as an ordering (`order(SQL("name DESC"))`, `sqlOrdering`):
    /// GRDB's `SQLOrdering.literal`, written as is, which GRDB can not reverse. An
    /// expression literal (`SQL("…").sqlExpression`) is an expression like any other.
    public var isSQLLiteral = false

    public init(_ expression: SQLExpr, _ direction: Direction) {
        self.expression = expression
        self.direction = direction
    }

    /// `SQL("name DESC").sqlOrdering`.
    public static func sqlLiteral(_ fragment: SQLFragment) -> OrderingTerm {
        var term = OrderingTerm(.literal(fragment), .none)
        term.isSQLLiteral = true
        return term
    }
}

/// What `select` and `annotated(with:)` take.
public enum Selectable: Hashable, Sendable {
    /// An expression, possibly `forKey`-named (an aggregate, in `annotated(with:)`).
    case expression(SQLExpr)
    /// `AllColumns()` / `.allColumns`, optionally `alias[AllColumns()]`.
    case allColumns(alias: AliasID?)
    /// `.allColumns(excluding: ["a"])`.
    case allColumnsExcluding([String])
}
