import ArborCore

/// One member of GRDB's read API that arbor accepts: a method, property or function,
/// with the argument labels GRDB declares, the receivers that offer it, the GRDB
/// declarations it serves, and what it builds. Dispatch, completion, "wrong
/// arguments" and "not offered here" messages all come from these entries.
struct GRDBMember: Sendable {
    enum Kind: String, Sendable {
        /// Called: `filter(…)`, `fetchAll(db)`, `like(…)`.
        case method
        /// Named without a call: `Author.books.count`, `Column("x").desc`.
        case property
        /// Called by name at top level: `Column("x")`, `count(…)`, `cast(_:as:)`.
        case function
        /// Written with brackets: `JSONColumn("info")["a"]`. Never completed.
        case `subscript`

        static let count = 4

        /// Where the registry's table keeps the entries of this kind.
        var position: Int {
            switch self {
            case .method: 0
            case .property: 1
            case .function: 2
            case .subscript: 3
            }
        }
    }

    /// What builds the value, given the evaluator and the call.
    typealias Builder = @Sendable (Evaluator, GRDBCall) throws -> Value

    var name: String
    var kind: Kind
    /// The call forms (argument labels) GRDB declares; empty for a property.
    var forms: [CallForm]
    /// The receivers that offer it, as GRDB's protocols and types compose them.
    var offeredOn: Set<GRDBReceiver>
    /// GRDB's declarations it serves, as the symbol graph names them
    /// (`pathComponents` joined with "."): `FilteredRequest.filter(_:)`.
    var symbols: [String]
    /// How completion describes it; the forms' signatures when nil.
    var detail: String?
    /// Whether a raw SQL request (`SQLRequest`) offers it: only fetches do.
    var acceptsRawSQL = false
    /// The message when a receiver that does not offer it is given, if not the general one.
    var notOffered: (@Sendable (Evaluator, GRDBCall) -> ArborError)?
    /// What a call gives, as completion guesses it before running anything.
    var yields: Yield = .other
    /// The builder checks the arguments itself, with messages of its own: any labels reach it.
    var checksOwnArguments = false
    /// What GRDB's declaration needs of the receiver beyond its kind (`where RowDecoder:
    /// Identifiable`); nil when every receiver of `offeredOn` has it.
    var requirement: ReceiverRequirement?
    var build: Builder

    init(
        _ kind: Kind, _ name: String, _ forms: [CallForm] = [], on offeredOn: Set<GRDBReceiver>,
        symbols: [String], detail: String? = nil, acceptsRawSQL: Bool = false,
        notOffered: (@Sendable (Evaluator, GRDBCall) -> ArborError)? = nil, build: @escaping Builder
    ) {
        self.name = name
        self.kind = kind
        self.forms = forms
        self.offeredOn = offeredOn
        self.symbols = symbols
        self.detail = detail
        self.acceptsRawSQL = acceptsRawSQL
        self.notOffered = notOffered
        self.build = build
    }

    enum Yield: Sendable {
        /// The receiver refined: a request (from a table) or an association.
        case refinedReceiver
        /// An SQL expression.
        case expression
        case other
    }

    func yielding(_ yield: Yield) -> GRDBMember {
        var member = self
        member.yields = yield
        return member
    }

    /// An aggregate of a to-many association (`count`, `max(_:)`): every declaration it
    /// serves is `AssociationToMany`'s (`forKey` is also `Association`'s, so it is not one).
    var isAssociationAggregate: Bool { !symbols.isEmpty && symbols.allSatisfy(GRDBAPI.isAggregate) }

    /// `filter(_:) · filter(key:)`: the signatures of its forms, or its name for a property.
    var signatures: String {
        if let detail { return detail }
        guard kind != .property else { return name }
        return forms.map { name + Evaluator.signature($0) }.joined(separator: " · ")
    }

    /// The form the arguments are written in, if one.
    func form(matching arguments: [Argument]) -> CallForm? {
        forms.first { $0.matches(arguments) }
    }
}

/// What GRDB's API is called on.
enum GRDBReceiver: String, Sendable, CaseIterable {
    /// A record type or `Table<Row>` (GRDB's `TableRecord` statics and `Table` methods).
    case table
    /// `QueryInterfaceRequest<Row>`.
    case request
    /// An association (GRDB's `Association` types, which are `DerivableRequest`s).
    case association
    /// An SQL expression (`SQLSpecificExpressible`, `ColumnExpression`).
    case expression
    /// GRDB's `SQLJSONExpressible`: `JSONColumn("info")`, `Column("info").asJSON`, which
    /// have the members of expressions and JSON's own.
    case jsonExpression
    /// GRDB's `Database` type, whose static functions build JSON (`Database.jsonArray(…)`).
    case databaseType
    /// A Swift value GRDB converts (`DatabaseValueConvertible`): `1`, `"x"`.
    case value
    /// A value type or `Row`, whose static methods fetch (`String.fetchAll(db, …)`).
    case valueType
    /// A `CommonTableExpression`.
    case commonTableExpression
    /// A fetched record (`author.request(for: Author.books)`).
    case record
    /// GRDB's `SQL` literal, and its interpolations (`SQLInterpolation`).
    case sqlLiteral
    /// Nothing: a function or initializer named at top level.
    case global
    /// The database connection `db` (GRDB's `Database` instance methods).
    case database
    /// An array of expressions (GRDB's `Sequence` extensions: `joined(operator:)`).
    case sequence
    /// A range of values (GRDB's `Range` and `ClosedRange` extensions: `contains(_:)`).
    case range
    /// A GRDB type's static members (`Column.rank`).
    case grdbType
    /// An implicit member where an argument of GRDB's type is expected: `.add` of
    /// `joined(operator:)`, `.startOfYear` of `julianDay(_:_:)`.
    case typedArgument
    /// An `FTS5Pattern` or `FTS3Pattern`.
    case fullTextPattern

    /// How a message names it.
    var article: String {
        switch self {
        case .table: "a table"
        case .request: "a request"
        case .association: "an association"
        case .expression: "an expression"
        case .jsonExpression: "a JSON expression"
        case .databaseType: "the `Database` type"
        case .value: "a value"
        case .valueType: "a value type"
        case .commonTableExpression: "a common table expression"
        case .record: "a record"
        case .sqlLiteral: "an SQL literal"
        case .global: "the top level"
        case .database: "the database `db`"
        case .sequence: "an array"
        case .range: "a range"
        case .grdbType: "a GRDB type"
        case .typedArgument: "an argument of GRDB's type"
        case .fullTextPattern: "a full-text pattern"
        }
    }
}

extension Set where Element == GRDBReceiver {
    /// GRDB's `DerivableRequest`: requests and associations.
    static let derivableRequest: Set<GRDBReceiver> = [.request, .association]
    /// `TableRecord`'s and `Table`'s statics, which mirror `DerivableRequest`.
    static let tableAndDerivable: Set<GRDBReceiver> = [.table, .request, .association]
    /// `QueryInterfaceRequest` alone.
    static let queryInterfaceRequest: Set<GRDBReceiver> = [.request]
    /// `TableRecord`'s statics and `QueryInterfaceRequest` (`limit`, fetches).
    static let tableAndRequest: Set<GRDBReceiver> = [.table, .request]
}

/// One use of a member: what it is called on, with which arguments, where.
struct GRDBCall {
    var name: String
    /// The value it is called on (`.namespace("")` at top level).
    var base: Value
    /// The request, table or association it refines, when it is one.
    var receiver: Evaluator.Receiver?
    var receiverKind: GRDBReceiver
    var arguments: [Argument]
    var range: SourceRange
    var nameRange: SourceRange
    /// The value type or `Row` a static fetch is called on.
    var fetchedType: Evaluator.FetchedType? = nil

    var labels: [String?] { arguments.labels }
    /// The receiver's table (its destination for an association); empty when none.
    var table: String { receiver?.table ?? "" }
    /// The receiver as an SQL expression, for members of expressions.
    var expression: SQLExpr {
        if case .expression(let e) = base { return e }
        return .value(.null)
    }

    func argument(_ index: Int) -> Expr { arguments[index].value }
}
