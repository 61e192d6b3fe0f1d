/// `StatementArguments`: positional values (`[1, "a"]`), named values
/// (`["name": "a"]`), or both.
public struct SQLArguments: Hashable, Sendable {
    public var positional: [SQLValue]
    /// Names without their `:`, `@` or `$`, as GRDB stores them.
    public var named: [String: SQLValue]

    public init(positional: [SQLValue] = [], named: [String: SQLValue] = [:]) {
        self.positional = positional
        self.named = named
    }

    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }
}

/// GRDB's `SQL` literal: `SQL("name = \(name)")`, `SQL(sql:arguments:)`, or the
/// string literal given to `filter(literal:)`. Lowering rebuilds it with GRDB's
/// own `SQLInterpolation`, so that GRDB decides how each piece is written
/// (values become `?` arguments, columns are quoted and qualified).
public struct SQLFragment: Hashable, Sendable {
    public indirect enum Piece: Hashable, Sendable {
        /// Literal text of the string (`appendLiteral`): no arguments of its own.
        case text(String)
        /// `SQL(sql:arguments:)`, `\(sql: "…", arguments: …)`.
        case sql(String, arguments: SQLArguments)
        /// `\(value)`, `\(Column("name"))`, `\(a + b)`: a value becomes `?`, NULL for nil.
        case expression(SQLExpr)
        /// `\(Column("name").desc)`.
        case ordering(OrderingTerm)
        /// `\(AllColumns())`, `\(Column("a").forKey("b"))`.
        case selection(Selectable)
        /// `\(Author.self)`, `\(Table("author"))`: the quoted table name.
        case table(String)
        /// `\(identifier: "name")`: a quoted identifier.
        case identifier(String)
        /// `\(SQL("…"))`, `\(literal: …)`: another literal, embedded.
        case literal(SQLFragment)
        /// `\(columnsOf: Player.self, tableAlias: "p")`: the type's `databaseSelection`
        /// (nil: GRDB's default, all columns), qualified with the alias or the table.
        case columnsOf(table: String, selection: [Selectable]?, alias: String?)
        /// `\(ids)`: an array of values or expressions, `(?,?,?)`, as GRDB writes a sequence.
        case list([SQLExpr])
        /// `\(request)`: a request's SQL, as GRDB embeds a subquery (its arguments bound).
        case subquery(RequestPlan)
        /// `\(cte)`: the quoted name of a common table expression.
        case commonTable(CommonTableExpressionPlan)
        /// `\(definitionFor: cte)`: `"name"(columns) AS (its SQL)`.
        case commonTableDefinition(CommonTableExpressionPlan)
    }

    public var pieces: [Piece]

    public init(_ pieces: [Piece]) { self.pieces = pieces }

    /// `SQL(sql: sql, arguments: arguments)`.
    public init(sql: String, arguments: SQLArguments = SQLArguments()) {
        self.pieces = [.sql(sql, arguments: arguments)]
    }

    /// The raw SQL pieces with the arguments that come with them, at any depth:
    /// what must agree for GRDB to bind the statement.
    public var rawPieces: [(sql: String, arguments: SQLArguments)] {
        pieces.flatMap { piece -> [(sql: String, arguments: SQLArguments)] in
            switch piece {
            case .text(let sql): [(sql, SQLArguments())]
            case .sql(let sql, let arguments): [(sql, arguments)]
            case .literal(let inner): inner.rawPieces
            default: []
            }
        }
    }

    /// The expressions interpolated at any depth, for the checks expressions get.
    public var expressions: [SQLExpr] {
        pieces.flatMap { piece -> [SQLExpr] in
            switch piece {
            case .expression(let e): [e]
            case .ordering(let term): [term.expression]
            case .selection(.expression(let e)): [e]
            case .columnsOf(_, let selection?, _):
                selection.compactMap { if case .expression(let e) = $0 { e } else { nil } }
            case .list(let list): list
            case .literal(let inner): inner.expressions
            default: []
            }
        }
    }

    /// The requests interpolated at any depth (`\(request)`), for the checks subqueries get.
    public var subqueries: [RequestPlan] {
        pieces.flatMap { piece -> [RequestPlan] in
            switch piece {
            case .subquery(let plan): [plan]
            case .literal(let inner): inner.subqueries
            default: []
            }
        }
    }

    /// The common table expressions defined at any depth (`\(definitionFor: cte)`).
    public var commonTableDefinitions: [CommonTableExpressionPlan] {
        pieces.flatMap { piece -> [CommonTableExpressionPlan] in
            switch piece {
            case .commonTableDefinition(let cte): [cte]
            case .literal(let inner): inner.commonTableDefinitions
            default: []
            }
        }
    }

    /// The table aliases interpolated columns refer to.
    public var aliasesUsed: Set<Int> {
        var used: Set<Int> = []
        for e in expressions { used.formUnion(e.aliasesUsed) }
        for case .selection(.allColumns(let alias?)) in pieces { used.insert(alias.id) }
        return used
    }
}
