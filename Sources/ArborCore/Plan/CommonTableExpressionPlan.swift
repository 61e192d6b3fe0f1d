/// GRDB's `CommonTableExpression`: a named subquery that a request embeds with
/// `with(_:)`, reads with `cte.all()`, or joins with `association(to:on:)`.
public struct CommonTableExpressionPlan: Hashable, Sendable {
    /// What the CTE selects: `request:`, `sql:arguments:` or `literal:`.
    public indirect enum Source: Hashable, Sendable {
        case request(RequestPlan)
        case sql(String, arguments: SQLArguments)
        case literal(SQLFragment)
    }

    public var name: String
    public var recursive: Bool
    public var columns: [String]?
    public var source: Source
    /// GRDB's `RowDecoder`, the type argument of `CommonTableExpression<Player>`: what `all()`
    /// decodes, which decides its members (`filter(id:)` needs an `Identifiable` record type).
    /// `Row` when none is written. It changes no SQL: GRDB selects `*` from the CTE.
    public var rowDecoder: String

    /// The type arguments that are no record type: the rows of `all()` have no columns a
    /// closure names, no `Identifiable` id.
    public static let rowDecodersOfNoRecord: Set<String> = ["Row", "Void"]

    /// `all()` decodes `Row` (or `Void`): GRDB's `QueryInterfaceRequest<Row>`.
    public var decodesRows: Bool { Self.rowDecodersOfNoRecord.contains(rowDecoder) }

    public init(
        name: String, recursive: Bool = false, columns: [String]? = nil, source: Source, rowDecoder: String = "Row"
    ) {
        self.name = name
        self.recursive = recursive
        self.columns = columns
        self.source = source
        self.rowDecoder = rowDecoder
    }
}

/// The `on:` closure of `association(to:on:)`: GRDB calls it with the aliases of
/// the two tables, which the expression refers to by these ids.
public struct JoinCondition: Hashable, Sendable {
    public var left: AliasID
    public var right: AliasID
    public var expression: SQLExpr

    public init(left: AliasID, right: AliasID, expression: SQLExpr) {
        self.left = left
        self.right = right
        self.expression = expression
    }
}
