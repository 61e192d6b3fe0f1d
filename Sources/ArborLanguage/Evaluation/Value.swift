import ArborCore

/// What an expression of the language evaluates to.
public indirect enum Value: Sendable {
    /// A record type or GRDB's `Table` value. `type` is the record type's path when a type
    /// was named: two types of one table may select different columns (their
    /// `databaseSelection`). `form` says which GRDB sees: the record type's statics, or
    /// `Table("t")` (`Table<Row>`) and `Table<Book>("t")`, which select all columns.
    case table(String, type: String? = nil, form: TableForm = .recordType)
    /// A `QueryInterfaceRequest<Row>`.
    case request(RequestPlan)
    case association(AssociationPlan)
    /// A SQL expression: a column, a literal, a computation, or an association aggregate.
    case expression(SQLExpr)
    case ordering(OrderingTerm)
    case selection(Selectable)
    case array([Value])
    /// `["id": 1]`: a Swift dictionary, its keys known now.
    case dictionary(SwiftDictionary)
    case range(lower: SQLExpr, upper: SQLExpr, closed: Bool)
    case foreignKey(ForeignKeySpec)
    case alias(AliasID)
    /// `.nocase`, `.integer`: meaningful only where a type is expected.
    case implicitMember(String)
    /// `SQL("… \(x) …")`, `SQL(sql:arguments:)`.
    case sqlLiteral(SQLFragment)
    /// `FTS5Pattern(matchingAllTokensIn: "…")`, `FTS3Pattern(matchingPhrase: "…")`.
    case fullTextPattern(FullTextPattern)
    /// `CommonTableExpression(named: "x", sql: "…")`.
    case commonTableExpression(CommonTableExpressionPlan)
    /// `$0` of a trailing closure: its members are columns of `table`.
    case rowComponents(table: String)
    /// A nested type of a declaration (`Book.Columns`), holding static values.
    case namespace(String)
    /// `request.fetchAll()`, `fetchOne()`, `fetchCount()`.
    case fetch(RequestPlan, FetchKind)
    /// `try request.fetchCount(db) == 0`, `try Player.fetchOne(db, id: 1) != nil`: a Bool
    /// Swift computes from a fetched result.
    case fetchComparison(FetchComparison)
    /// `Author(id: 1, name: "x")`, or a row fetched with `let author = try Author.fetchOne(db, …)`.
    case record(RecordValue)
    /// What `let author = try Author.fetchOne(db, …)` binds when no row matches: Swift's `nil`.
    case absentRecord(table: String, name: String)
    /// A value of a plain struct of the app (`BookInfo(book: book, author: author)`),
    /// its properties in declaration order.
    case composite(type: String, fields: [(name: String, value: Value)])
    /// `ValueObservation.tracking { db in … }` and its publisher: the value its fetch gives
    /// now (arbor runs it once; `:watch` runs it again on each commit).
    case observation(Value)
    /// A Swift value SQL has no literal for (`Date()`), kept typed until GRDB takes it.
    case swift(SwiftValue)

    /// `find` is `fetchOne` that throws GRDB's `RecordError.recordNotFound` when no row has the key.
    /// `exists` (`Book.exists(db, key: 1)`) and `isEmpty` (`request.isEmpty(db)`) fetch a Bool.
    public enum FetchKind: String, Sendable {
        case all = "fetchAll"
        case one = "fetchOne"
        case count = "fetchCount"
        case set = "fetchSet"
        case find, exists, isEmpty
    }

    /// What the value is, for messages ("expected a request, got an association").
    public var kindName: String {
        switch self {
        case .table: "a table"
        case .request: "a request"
        case .association(let a): a.isToMany ? "a to-many association" : "a to-one association"
        case .expression(let e): e.containsAggregate ? "an association aggregate" : "an expression"
        case .ordering: "an ordering"
        case .selection: "a selection"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .range: "a range"
        case .foreignKey: "a foreign key"
        case .alias: "a table alias"
        case .implicitMember(let name): "`.\(name)`"
        case .sqlLiteral: "an SQL literal"
        case .fullTextPattern(let pattern): pattern.syntax == .fts3 ? "an FTS3 pattern" : "an FTS5 pattern"
        case .commonTableExpression: "a common table expression"
        case .rowComponents: "a row"
        case .namespace(let name): "the type `\(name)`"
        case .fetch: "a fetched result"
        case .fetchComparison: "a Bool"
        case .record: "a record"
        case .absentRecord(_, let name): "nil (`\(name)` found no row)"
        case .composite(let type, _): "a `\(type)` value"
        case .observation: "a value observation"
        // A case as Swift writes it where its type is known.
        case .swift(.enumCase(let value)): "`.\(value.name)`"
        case .swift(let value): "a `\(value.typeName)` value"
        }
    }
}
