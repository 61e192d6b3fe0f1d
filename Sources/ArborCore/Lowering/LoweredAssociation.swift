import GRDB

/// A GRDB association to `Row`, whichever of its five types it has. Its origin is
/// `Row` (from `Table<Row>`), or a record type for `record.request(for:)`.
enum LoweredAssociation<Origin> {
    case belongsTo(BelongsToAssociation<Origin, Row>)
    case hasMany(HasManyAssociation<Origin, Row>)
    case hasOne(HasOneAssociation<Origin, Row>)
    case hasManyThrough(HasManyThroughAssociation<Origin, Row>)
    case hasOneThrough(HasOneThroughAssociation<Origin, Row>)
    /// `association(to: cte, on:)`.
    case join(JoinAssociation<Origin, Row>)

    /// Applies `body` to the association, whatever its type, and wraps the result back.
    func refined(_ body: RefineBody) throws -> LoweredAssociation {
        switch self {
        case .belongsTo(let a): .belongsTo(try body.apply(a))
        case .hasMany(let a): .hasMany(try body.apply(a))
        case .hasOne(let a): .hasOne(try body.apply(a))
        case .hasManyThrough(let a): .hasManyThrough(try body.apply(a))
        case .hasOneThrough(let a): .hasOneThrough(try body.apply(a))
        case .join(let a): .join(try body.apply(a))
        }
    }

    /// `forKey`: a fixed singular key on to-one associations, a fixed plural one on to-many.
    func forKey(_ key: String) -> LoweredAssociation {
        switch self {
        case .belongsTo(let a): .belongsTo(a.forKey(key))
        case .hasMany(let a): .hasMany(a.forKey(key))
        case .hasOne(let a): .hasOne(a.forKey(key))
        case .hasManyThrough(let a): .hasManyThrough(a.forKey(key))
        case .hasOneThrough(let a): .hasOneThrough(a.forKey(key))
        case .join(let a): .join(a.forKey(key))
        }
    }
}

/// A generic refinement, so that one implementation serves every association type
/// and the root request.
struct RefineBody {
    let operation: RequestOperation
    let lowering: Lowering

    func apply<R: DerivableRequest<Row>>(_ request: R) throws -> R {
        try lowering.apply(operation, to: request)
    }
}

extension LoweredAssociation where Origin == Row {
    /// `including(required:|optional:|all:)` and `joining(required:|optional:)` on `request`.
    func join<R: DerivableRequest<Row>>(_ kind: JoinKind, including: Bool, on request: R) throws -> R {
        switch self {
        case .belongsTo(let a): return try Self.join(a, kind, including, request)
        case .hasOne(let a): return try Self.join(a, kind, including, request)
        case .hasOneThrough(let a): return try Self.join(a, kind, including, request)
        case .join(let a): return try Self.join(a, kind, including, request)
        case .hasMany(let a):
            if kind == .all { return request.including(all: a) }
            return try Self.join(a, kind, including, request)
        case .hasManyThrough(let a):
            if kind == .all { return request.including(all: a) }
            return try Self.join(a, kind, including, request)
        }
    }

    private static func join<A: Association, R: DerivableRequest<Row>>(
        _ a: A, _ kind: JoinKind, _ including: Bool, _ request: R
    ) throws -> R where A.OriginRowDecoder == Row {
        switch (kind, including) {
        case (.required, true): return request.including(required: a)
        case (.optional, true): return request.including(optional: a)
        case (.required, false): return request.joining(required: a)
        case (.optional, false): return request.joining(optional: a)
        case (.all, _): throw ArborError("`including(all:)` needs a to-many association")
        }
    }

    /// `annotated(withRequired:)` / `annotated(withOptional:)`.
    func annotated<R: DerivableRequest<Row>>(required: Bool, on request: R) throws -> R {
        func apply<A: Association>(_ a: A) -> R where A.OriginRowDecoder == Row {
            required ? request.annotated(withRequired: a) : request.annotated(withOptional: a)
        }
        switch self {
        case .belongsTo(let a): return apply(a)
        case .hasMany(let a): return apply(a)
        case .hasOne(let a): return apply(a)
        case .hasManyThrough(let a): return apply(a)
        case .hasOneThrough(let a): return apply(a)
        case .join(let a): return apply(a)
        }
    }

    /// The aggregate of a to-many association.
    func aggregate(_ plan: AssociationAggregatePlan, column: (any SQLSpecificExpressible)?) throws
        -> AssociationAggregate<Row>
    {
        switch self {
        case .hasMany(let a): return try Self.aggregate(a, plan, column)
        case .hasManyThrough(let a): return try Self.aggregate(a, plan, column)
        default: throw ArborError("aggregates apply to to-many associations only")
        }
    }

    private static func aggregate<A: AssociationToMany>(
        _ a: A, _ plan: AssociationAggregatePlan, _ column: (any SQLSpecificExpressible)?
    ) throws -> AssociationAggregate<Row> where A.OriginRowDecoder == Row {
        func required() throws -> any SQLSpecificExpressible {
            guard let column else { throw ArborError("this aggregate needs a column") }
            return column
        }
        switch plan {
        case .count: return a.count
        case .isEmpty: return a.isEmpty
        case .average: return a.average(try required())
        case .min: return a.min(try required())
        case .max: return a.max(try required())
        case .sum: return a.sum(try required())
        case .total: return a.total(try required())
        }
    }
}

extension LoweredAssociation where Origin: EncodableRecord & TableRecord {
    /// GRDB's `record.request(for: association)`.
    func request(for record: Origin) throws -> QueryInterfaceRequest<Row> {
        switch self {
        case .join:
            // GRDB: "Not implemented: request association without any foreign key" (a trap).
            throw ArborError("`request(for:)` of an association to a common table expression is not supported by GRDB")
        case .belongsTo(let a): record.request(for: a)
        case .hasMany(let a): record.request(for: a)
        case .hasOne(let a): record.request(for: a)
        case .hasManyThrough(let a): record.request(for: a)
        case .hasOneThrough(let a): record.request(for: a)
        }
    }
}

/// Builds `hasMany(_:through:using:)` / `hasOne(_:through:using:)` from two lowered
/// associations, whatever their types.
struct Through<Origin> {
    static var joinInThrough: ArborError {
        ArborError("an association to a common table expression in a through association is not supported yet")
    }
    let origin: Table<Origin>
    let isToMany: Bool
    let key: String?

    func make(pivot: LoweredAssociation<Origin>, target: LoweredAssociation<Row>) throws
        -> LoweredAssociation<Origin>
    {
        switch pivot {
        case .belongsTo(let p): return try make(p, target)
        case .hasMany(let p): return try make(p, target)
        case .hasOne(let p): return try make(p, target)
        case .hasManyThrough(let p): return try make(p, target)
        case .hasOneThrough(let p): return try make(p, target)
        case .join: throw Self.joinInThrough
        }
    }

    private func make<P: Association>(_ pivot: P, _ target: LoweredAssociation<Row>) throws
        -> LoweredAssociation<Origin>
    where P.OriginRowDecoder == Origin, P.RowDecoder == Row {
        switch target {
        case .belongsTo(let t): return try make(pivot, t)
        case .hasMany(let t): return try make(pivot, t)
        case .hasOne(let t): return try make(pivot, t)
        case .hasManyThrough(let t): return try make(pivot, t)
        case .hasOneThrough(let t): return try make(pivot, t)
        case .join: throw Self.joinInThrough
        }
    }

    private func make<P: Association, T: Association>(_ pivot: P, _ target: T) throws -> LoweredAssociation<Origin>
    where P.OriginRowDecoder == Origin, P.RowDecoder == Row, T.OriginRowDecoder == Row, T.RowDecoder == Row {
        if isToMany {
            return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: target, key: key))
        }
        guard let toOnePivot = pivot as? any AssociationToOne, let toOneTarget = target as? any AssociationToOne else {
            throw ArborError("`hasOne(_:through:using:)` needs to-one pivot and target associations")
        }
        return try makeHasOne(toOnePivot, toOneTarget)
    }

    private func makeHasOne(_ pivot: any AssociationToOne, _ target: any AssociationToOne) throws
        -> LoweredAssociation<Origin>
    {
        switch (pivot, target) {
        case (let p as BelongsToAssociation<Origin, Row>, let t): return try hasOne(p, t)
        case (let p as HasOneAssociation<Origin, Row>, let t): return try hasOne(p, t)
        case (let p as HasOneThroughAssociation<Origin, Row>, let t): return try hasOne(p, t)
        default: throw ArborError("unsupported pivot for `hasOne(_:through:using:)`")
        }
    }

    private func hasOne<P: AssociationToOne>(_ pivot: P, _ target: any AssociationToOne) throws
        -> LoweredAssociation<Origin>
    where P.OriginRowDecoder == Origin, P.RowDecoder == Row {
        switch target {
        case let t as BelongsToAssociation<Row, Row>:
            return .hasOneThrough(origin.hasOne(Row.self, through: pivot, using: t, key: key))
        case let t as HasOneAssociation<Row, Row>:
            return .hasOneThrough(origin.hasOne(Row.self, through: pivot, using: t, key: key))
        case let t as HasOneThroughAssociation<Row, Row>:
            return .hasOneThrough(origin.hasOne(Row.self, through: pivot, using: t, key: key))
        default: throw ArborError("unsupported target for `hasOne(_:through:using:)`")
        }
    }
}
