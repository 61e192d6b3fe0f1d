import Foundation
import GRDB

/// Turns a `ValidatedPlan` into GRDB's `QueryInterfaceRequest<Row>`,
/// applying each method call with GRDB's own API, so that the SQL is exactly
/// the SQL an app would run.
///
/// Each lowering creates fresh `TableAlias` objects: GRDB aliases are mutable
/// and traps when one is reused for another table (docs/ARCHITECTURE.md §5).
public final class Lowering {
    private var aliases: [Int: TableAlias<Void>] = [:]
    /// The aliases GRDB gives an `association(to:on:)` condition, while it is lowered.
    var joinAliases: [Int: TableAliasBase] = [:]

    public init() {}

    /// The GRDB request of a plan the validator accepted: the only public way in.
    public func request(_ plan: ValidatedPlan) throws -> QueryInterfaceRequest<Row> {
        try queryInterfaceRequest(plan.plan)
    }

    /// Any plan: for the requests a validated plan holds (subqueries, common table
    /// expressions), which the validator checked with it.
    func queryInterfaceRequest(_ plan: RequestPlan) throws -> QueryInterfaceRequest<Row> {
        // Raw SQL has no query interface request: `fetchRequest(_:)` runs it.
        if plan.rawSQL != nil {
            throw ArborError("a raw SQL request (`SQLRequest`) can only be fetched here, not refined or nested")
        }
        var request: QueryInterfaceRequest<Row>
        if let cte = plan.commonTableExpression {
            request = try commonTableExpression(cte).all()
        } else {
            switch plan.root {
            case .table(let table): request = Table<Row>(table).all()
            case .associated(let record, let association): request = try self.request(for: record, association)
            }
        }
        for operation in plan.operations {
            switch operation {
            case .limit(let limit, let offset):
                request = request.limit(limit, offset: offset)
            case .forKey:
                throw ArborError("`forKey` applies to associations, not to requests")
            default:
                request = try apply(operation, to: request)
            }
        }
        return request
    }

    func association(_ plan: AssociationPlan) throws -> LoweredAssociation<Row> {
        try association(plan, from: Row.self)
    }

    /// The association with `Origin` as its origin type: `Row`, or a record type
    /// for `record.request(for:)`.
    func association<Origin>(_ plan: AssociationPlan, from origin: Origin.Type) throws -> LoweredAssociation<Origin> {
        var lowered = try base(plan.base, from: origin)
        for operation in plan.operations {
            switch operation {
            case .forKey(let key):
                lowered = lowered.forKey(key)
            case .limit:
                throw ArborError("associations have no `limit`")
            default:
                lowered = try lowered.refined(RefineBody(operation: operation, lowering: self))
            }
        }
        return lowered
    }

    private func base<Origin>(_ base: AssociationBase, from _: Origin.Type) throws -> LoweredAssociation<Origin> {
        switch base {
        case .direct(let kind, let origin, let destination, let key, let foreignKey):
            let table = Table<Origin>(origin)
            let destinationTable = Table<Row>(destination)
            let fk = foreignKey.map { ForeignKey($0.originColumns, to: $0.destinationColumns) }
            switch kind {
            case .belongsTo: return .belongsTo(table.belongsTo(destinationTable, key: key, using: fk))
            case .hasMany: return .hasMany(table.hasMany(destinationTable, key: key, using: fk))
            case .hasOne: return .hasOne(table.hasOne(destinationTable, key: key, using: fk))
            case .hasManyThrough, .hasOneThrough: throw ArborError("a through association needs a pivot")
            }
        case .commonTable(let origin, let cte, let condition):
            return .join(try joinAssociation(from: origin, to: cte, on: condition))
        case .through(let kind, let origin, let pivot, let target, let key):
            let pivotAssociation = try association(pivot, from: Origin.self)
            let targetAssociation = try association(target)
            return try Through(origin: Table<Origin>(origin), isToMany: kind.isToMany, key: key)
                .make(pivot: pivotAssociation, target: targetAssociation)
        }
    }

    /// The alias for `id`, created on first use in this lowering.
    func alias(_ id: AliasID) -> TableAlias<Void> {
        if let alias = aliases[id.id] { return alias }
        let alias = TableAlias(name: id.name)
        aliases[id.id] = alias
        return alias
    }

    // MARK: Operations

    func apply<R: DerivableRequest<Row>>(_ operation: RequestOperation, to request: R) throws -> R {
        switch operation {
        case .filter(let e):
            switch try lower(e) {
            case .aggregate: throw ArborError("an aggregate filters with `having`, not `filter`")
            case let value: return request.filter(try expression(value))
            }
        case .filterKeys(let keys):
            if keys.count == 1, let key = keys.first { return request.filter(key: key.databaseValue) }
            return request.filter(keys: keys.map(\.databaseValue))
        case .filterKeyDictionaries(let dictionaries):
            let converted: [[String: (any DatabaseValueConvertible)?]] = dictionaries.map { dictionary in
                dictionary.mapValues { $0.databaseValue }
            }
            if converted.count == 1, let key = converted.first { return request.filter(key: key) }
            return request.filter(keys: converted)
        case .filterSQL(let sql, let arguments):
            return request.filter(sql: sql, arguments: Self.arguments(arguments))
        case .filterLiteral(let fragment):
            return request.filter(literal: try sql(fragment))
        case .matching(let pattern):
            return try matching(pattern, on: request)
        case .order(let terms):
            return request.order(try terms.map(ordering))
        case .orderSQL(let sql, let arguments):
            return request.order(sql: sql, arguments: Self.arguments(arguments))
        case .orderLiteral(let fragment):
            return request.order(literal: try sql(fragment))
        case .orderByPrimaryKey:
            return request.orderByPrimaryKey()
        case .reversed:
            return request.reversed()
        case .unordered:
            return request.unordered()
        case .select(let selection), .databaseSelection(_, let selection):
            return request.select(try selection.map(selectable))
        case .selectSQL(let sql, let arguments):
            return request.select(sql: sql, arguments: Self.arguments(arguments))
        case .selectLiteral(let fragment):
            return request.select(literal: try sql(fragment))
        case .havingLiteral(let fragment):
            return request.having(literal: try sql(fragment))
        case .groupLiteral(let fragment):
            return request.group(literal: try sql(fragment))
        case .annotated(let selection):
            var result = request
            for item in selection {
                // `Column("name").forKey("n")` is a selection, not an aggregate: only aggregates are lowered first.
                if case .expression(let e) = item, e.containsAggregate, case .aggregate(let aggregate) = try lower(e) {
                    result = result.annotated(with: aggregate)
                } else {
                    result = result.annotated(with: try selectable(item))
                }
            }
            return result
        case .annotatedWithRequired(let plan):
            return try association(plan).annotated(required: true, on: request)
        case .annotatedWithOptional(let plan):
            return try association(plan).annotated(required: false, on: request)
        case .having(let e):
            switch try lower(e) {
            case .aggregate(let aggregate): return request.having(aggregate)
            case let value: return request.having(try expression(value))
            }
        case .group(let expressions):
            return request.group(try expressions.map { try expression(lower($0)) })
        case .distinct:
            return request.distinct()
        case .none:
            return request.none()
        case .aliased(let id):
            return request.aliased(alias(id))
        case .with(let cte):
            return request.with(try commonTableExpression(cte))
        case .including(let kind, let plan):
            return try association(plan).join(kind, including: true, on: request)
        case .joining(let kind, let plan):
            return try association(plan).join(kind, including: false, on: request)
        case .limit, .forKey:
            throw ArborError("internal: \(operation) is not a derivable refinement")
        }
    }

    // MARK: Expressions

    func expression(_ value: LoweredValue) throws -> SQLExpression {
        guard let expression = value.expression else {
            throw ArborError("an association aggregate can only be used in `annotated(with:)` or `having`")
        }
        return expression
    }

    func ordering(_ term: OrderingTerm) throws -> any SQLOrderingTerm {
        if term.isSQLLiteral, case .literal(let fragment) = term.expression { return try sql(fragment) }
        let e = try expression(lower(term.expression))
        switch term.direction {
        case .none: return e
        case .asc: return e.asc
        case .desc: return e.desc
        case .ascNullsLast: return e.ascNullsLast
        case .descNullsFirst: return e.descNullsFirst
        }
    }

    func selectable(_ selectable: Selectable) throws -> any SQLSelectable {
        switch selectable {
        case .allColumns(let alias):
            if let alias { return self.alias(alias)[AllColumns()] }
            return AllColumns()
        case .allColumnsExcluding(let names):
            return .allColumns(excluding: names)
        case .expression(.named(let e, let name)):
            return try expression(lower(e)).forKey(name)
        case .expression(let e):
            return try expression(lower(e))
        }
    }

    func lower(_ e: SQLExpr) throws -> LoweredValue {
        switch e {
        case .detached(let name):
            return .expression(Column(name).detached)
        case .match(let name, let pattern):
            return .expression(try match(column: name, pattern))
        case .exists(let plan):
            return .expression(try subquery(plan).exists())
        case .subquery(let plan):
            return .expression(try subquery(plan).sqlExpression)
        case .inSubquery(let plan, let element):
            let value = try expression(lower(element))
            if plan.operations.isEmpty, let cte = plan.commonTableExpression {
                return .expression(try commonTableExpression(cte).contains(value))
            }
            return .expression(try subquery(plan).contains(value))
        case .column(let name, let alias):
            if let alias, let joined = joinAliases[alias.id] { return .expression(joined[Column(name)]) }
            if let alias { return .expression(self.alias(alias)[Column(name)]) }
            return .expression(Column(name).sqlExpression)
        case .value(let v):
            return .value(v)
        case .binary(let op, let lhs, let rhs):
            return try Operators.binary(op, lower(lhs), lower(rhs))
        case .not(let operand):
            switch try lower(operand) {
            case .aggregate(let a): return .aggregate(!a)
            case let value: return .expression(!(try expression(value)))
            }
        case .joined(let op, let operands):
            return .expression(try joined(op, operands))
        case .bitwiseNot(let operand):
            return .expression(~(try expression(lower(operand))))
        case .negated(let operand):
            switch try lower(operand) {
            case .aggregate(let a): return .aggregate(-a)
            case let value: return .expression(-(try expression(value)))
            }
        case .like(let subject, let pattern, let escape):
            let patternValue = try expression(lower(pattern))
            let escapeValue = try escape.map { try expression(lower($0)) }
            return .expression(try expression(lower(subject)).like(patternValue, escape: escapeValue))
        case .collating(let subject, let collation):
            return .expression(
                try expression(lower(subject)).collating(Database.CollationName(rawValue: collation)))
        case .inList(let list, let subject):
            let values = try list.map { try expression(lower($0)) }
            return .expression(values.contains(try expression(lower(subject))))
        case .closedRange(let lower, let upper, let subject):
            return .expression(try Operators.range(closed: true, lower, upper, subject, lowering: self))
        case .halfOpenRange(let lower, let upper, let subject):
            return .expression(try Operators.range(closed: false, lower, upper, subject, lowering: self))
        case .function(let function, let arguments):
            return try Operators.function(function, arguments.map(lower), lowering: self)
        case .filteredAggregate(let function, let argument, let condition):
            return .expression(
                try Operators.filteredAggregate(
                    function, expression(try lower(argument)), filter: expression(try lower(condition))))
        case .cast(let subject, let storage):
            let storageClass = Database.StorageClass(rawValue: storage)
            switch try lower(subject) {
            case .aggregate(let a): return .aggregate(cast(a, as: storageClass))
            case let value: return .expression(cast(try expression(value), as: storageClass))
            }
        case .literal(let fragment):
            return .expression(try sql(fragment).sqlExpression)
        case .json(let call):
            return .expression(try json(call))
        case .aggregate(let plan):
            return .aggregate(try aggregate(plan))
        case .aliasExists(let id):
            return .expression(alias(id).exists)
        case .named(let inner, let name):
            switch try lower(inner) {
            case .aggregate(let a): return .aggregate(a.forKey(name))
            default: throw ArborError("`forKey` names an aggregate or a selected value")
            }
        }
    }

    func aggregate(_ plan: AssociationAggregatePlan) throws -> AssociationAggregate<Row> {
        let column: (any SQLSpecificExpressible)?
        switch plan {
        case .count, .isEmpty: column = nil
        case .average(_, .column(let name, nil)), .min(_, .column(let name, nil)), .max(_, .column(let name, nil)),
            .sum(_, .column(let name, nil)), .total(_, .column(let name, nil)):
            // A plain `Column` gives the aggregate its default name (`maxBookYear`).
            column = Column(name)
        case .average(_, let e), .min(_, let e), .max(_, let e), .sum(_, let e), .total(_, let e):
            column = try expression(lower(e))
        }
        return try association(plan.association).aggregate(plan, column: column)
    }
}
