/// Our own description of a GRDB request over `Table<Row>`: the root table and
/// the method calls applied to it, in order.
///
/// Keeping the calls in order (rather than a merged tree) lets GRDB apply its own
/// refinement rules (last ordering wins, required over optional, filters ANDed);
/// `JoinTree` derives the merged structure the validator and the result tree need.
public struct RequestPlan: Hashable, Sendable {
    public var root: RequestRoot
    public var operations: [RequestOperation]
    /// `cte.all()`: the request reads a common table expression (`table` is its name).
    /// Held in an array, which gives the recursive value its indirection.
    private var commonTableExpressionStorage: [CommonTableExpressionPlan] = []
    public var commonTableExpression: CommonTableExpressionPlan? {
        get { commonTableExpressionStorage.first }
        set { commonTableExpressionStorage = newValue.map { [$0] } ?? [] }
    }
    /// The app's Decodable type the rows are fetched as (`AuthorInfo.fetchAll(db, request)`,
    /// `asRequest(of: AuthorInfo.self)`), by type path: the rows are decoded into it with
    /// GRDB's own decoder. Nil for rows fetched as `Row`.
    public var decodedAs: String? = nil
    /// `String.fetchAll(db, request)`: the rows are fetched as values of a Swift type.
    public var valueType: FetchedValueType? = nil
    /// `SQLRequest<Book>(sql: …)`, `Book.fetchAll(db, sql: …)`: the request is this raw SQL,
    /// run as written (no operation applies); `table` is the record's table, empty for `Row`.
    public var rawSQL: SQLFragment? = nil
    /// `fetchSet`: equal rows (or values) are shown once, the first of them, as a `Set` keeps them.
    public var isDeduplicated = false
    /// GRDB's `QueryInterfaceRequest<Row>`: the request derives from `Table("t")` (`Table<Row>`)
    /// or `asRequest(of: Row.self)`, so the members GRDB declares for a record type
    /// (`filter(id:)`, `selectID()`) are not its own. False for a record type's requests.
    public var decodesRows = false

    /// GRDB runs prefetch statements for it: `including(all:)`, unless values are fetched
    /// (`String.fetchAll(db, request)` reads the main statement alone). How the rows are
    /// fetched is the session's `FetchStrategy`, decided once from the validated plan.
    public var runsPrefetches: Bool { hasPrefetch && valueType == nil }

    public init(table: String, operations: [RequestOperation] = []) {
        self.root = .table(table)
        self.operations = operations
    }

    public init(root: RequestRoot, operations: [RequestOperation] = []) {
        self.root = root
        self.operations = operations
    }

    /// The table whose rows the request fetches, as `sqlite_master` spells it.
    public var table: String {
        switch root {
        case .table(let table): table
        case .associated(_, let association): association.destination
        }
    }

    /// Every operation that shapes the root level's rows: for `record.request(for:
    /// Author.books.order(…))`, the association's refinements come first, as GRDB
    /// applies them (`forKey` left out: a request has no key).
    public var levelOperations: [RequestOperation] {
        guard case .associated(_, let association) = root else { return operations }
        return association.operations.filter { if case .forKey = $0 { false } else { true } } + operations
    }

    public func appending(_ operation: RequestOperation) -> RequestPlan {
        var copy = self
        copy.operations.append(operation)
        return copy
    }

    /// True when `including(all:)` appears at any depth: such a request can not be
    /// fetched with a cursor (GRDB traps), only with `fetchAll`/`fetchOne`.
    public var hasPrefetch: Bool {
        if case .associated(_, let association) = root, association.hasPrefetch { return true }
        return operations.contains { $0.hasPrefetch }
    }

    /// The limit of the last `limit(_:offset:)`, if any.
    public var limit: (limit: Int, offset: Int?)? {
        for case .limit(let limit, let offset) in operations.reversed() { return (limit, offset) }
        return nil
    }
}

/// Where a request starts.
public indirect enum RequestRoot: Hashable, Sendable {
    /// `Author.all()`, `Table("author").all()`.
    case table(String)
    /// `record.request(for: association)`: the rows associated with one record,
    /// as GRDB's `request(for:)` builds them.
    case associated(RecordValue, AssociationPlan)
}

/// An association with the method calls applied to it.
public struct AssociationPlan: Hashable, Sendable {
    public var base: AssociationBase
    public var operations: [RequestOperation]
    /// How the user refers to it (`Author.books`), for messages and generated Swift.
    public var displayName: String

    public init(base: AssociationBase, operations: [RequestOperation] = [], displayName: String) {
        self.base = base
        self.operations = operations
        self.displayName = displayName
    }

    public func appending(_ operation: RequestOperation) -> AssociationPlan {
        var copy = self
        copy.operations.append(operation)
        return copy
    }

    public var origin: String { base.origin }
    public var destination: String { base.destination }
    public var isToMany: Bool { base.kind.isToMany }
    public var hasPrefetch: Bool { operations.contains { $0.hasPrefetch } || base.hasPrefetch }
}

/// What an association is before it is refined: GRDB's factory call.
public indirect enum AssociationBase: Hashable, Sendable {
    /// `belongsTo`, `hasMany`, `hasOne`.
    case direct(
        kind: AssociationKind, origin: String, destination: String, key: String?, foreignKey: ForeignKeySpec?)
    /// `hasMany(_:through:using:)`, `hasOne(_:through:using:)`.
    case through(kind: AssociationKind, origin: String, pivot: AssociationPlan, target: AssociationPlan, key: String?)
    /// `association(to: cte, on: { left, right in … })`: GRDB's `JoinAssociation`, to-one.
    case commonTable(origin: String, cte: CommonTableExpressionPlan, condition: JoinCondition?)

    public var kind: AssociationKind {
        switch self {
        case .direct(let kind, _, _, _, _), .through(let kind, _, _, _, _): kind
        case .commonTable: .hasOne
        }
    }

    public var origin: String {
        switch self {
        case .direct(_, let origin, _, _, _), .through(_, let origin, _, _, _), .commonTable(let origin, _, _): origin
        }
    }

    public var destination: String {
        switch self {
        case .direct(_, _, let destination, _, _): destination
        case .through(_, _, _, let target, _): target.destination
        case .commonTable(_, let cte, _): cte.name
        }
    }

    var hasPrefetch: Bool {
        switch self {
        case .direct, .commonTable: false
        case .through(_, _, let pivot, let target, _): pivot.hasPrefetch || target.hasPrefetch
        }
    }
}

public enum AssociationKind: String, Hashable, Sendable {
    case belongsTo, hasMany, hasOne, hasManyThrough, hasOneThrough

    public var isToMany: Bool { self == .hasMany || self == .hasManyThrough }
    public var isThrough: Bool { self == .hasManyThrough || self == .hasOneThrough }
}

/// `ForeignKey(["authorId"], to: ["id"])`: origin columns are those of the table
/// that holds the key (the request table for belongsTo, the destination for hasMany/hasOne).
public struct ForeignKeySpec: Hashable, Sendable {
    public var originColumns: [String]
    public var destinationColumns: [String]?

    public init(originColumns: [String], destinationColumns: [String]?) {
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
    }
}

/// A `TableAlias` of the session, numbered so that lowering can create fresh GRDB
/// aliases for each run (GRDB aliases are mutable and must not be reused).
public struct AliasID: Hashable, Sendable {
    public var id: Int
    public var name: String?
    public init(id: Int, name: String?) {
        self.id = id
        self.name = name
    }
}
