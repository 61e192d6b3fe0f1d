import ArborCore
import ArborLanguage
import GRDB

/// Fetches the `including(all:)` children of a window of parents with at most
/// `cap` rows per parent: GRDB's prefetch has no per-parent limit (docs/ARCHITECTURE.md §5),
/// so one parent with a million children would be fetched whole. Children are
/// counted per parent first; parents under the cap get theirs in one request,
/// as GRDB's prefetch would, and each parent over it gets its first `cap` rows
/// with a request of its own. The lists say how many rows they have in all.
///
/// A hasMany-through association (`Artist.tracks` through albums) is capped the
/// same way, its children joined through its pivot: counted with
/// `joining(required:)` and paged with `including(required:)` from the parent,
/// both of which GRDB writes for the association as declared.
struct CappedChildren {
    /// A root-level `including(all:)` that can be capped: a direct hasMany, or a
    /// plain hasMany-through whose pivot starts with a direct hasMany, on a
    /// one-column key whose parent column the root rows show.
    struct Target {
        var association: AssociationPlan
        /// The child's key column for a direct association; nil for a through one.
        var childColumn: String?
        var parentColumn: String
        /// Where the child goes among the row's children (the include tree's order).
        var position: Int
        /// Whether the children come from a table, whose primary key (or rowid) gives
        /// pages a stable order when the association has none.
        var isTable: Bool

        /// The distinct non-NULL parent keys of `rows`.
        func parentKeys(of rows: [ResultRow]) -> [DatabaseValue] {
            let keys = rows.compactMap { row in
                Self.value(of: parentColumn, in: row)
            }
            return Array(Set(keys.filter { !$0.isNull }))
        }

        var childExpression: SQLExpr { .column(childColumn ?? parentColumn, alias: nil) }
        var parentExpression: SQLExpr { .column(parentColumn, alias: nil) }
        var isThrough: Bool { childColumn == nil }

        /// The value of `column` in `row`. Names compare as SQLite compares them: a
        /// key may spell a column `ID` that the table declares `id`.
        static func value(of column: String, in row: ResultRow) -> DatabaseValue? {
            let folded = column.sqlFolded
            return row.names.firstIndex { $0.sqlFolded == folded }.map { row.values[$0] }
        }

        /// The children's request, before it is narrowed to some parents.
        var childPlan: RequestPlan {
            RequestPlan(table: association.destination, operations: refinements)
        }

        /// The association's own refinements apply to its rows; `forKey` only names them.
        var refinements: [RequestOperation] {
            association.operations.filter { if case .forKey = $0 { false } else { true } }
        }
    }

    let session: Session
    let cap: Int
    /// Where the statements go, and what they are part of (`window 2`).
    var log: StatementLog? = nil
    var label = ""

    /// `books of author 7`: the children of one parent, for the SQL pane.
    static func pageName(_ key: String, of table: String, _ parent: DatabaseValue) -> String {
        var value = parent.description
        if value.count > 40 { value = String(value.prefix(39)) + "…" }
        return "\(key) of \(table) \(value)"
    }

    /// The cappable includes of `plan`, and the plan without them.
    static func split(_ plan: RequestPlan, schema: SchemaGraph) -> (
        plan: RequestPlan, targets: [Target]
    ) {
        // A record's request keeps its association's refinements apart: not capped.
        guard case .table = plan.root else { return (plan, []) }
        let tree = IncludeTree(operations: plan.operations)
        var targets: [Target] = []
        var kept: [RequestOperation] = []
        let selectsAll = !plan.operations.contains {
            if case .select = $0 {
                true
            } else if case .databaseSelection = $0 {
                true
            } else if case .selectSQL = $0 {
                true
            } else if case .selectLiteral = $0 {
                true
            } else {
                false
            }
        }
        for operation in plan.operations {
            guard selectsAll, case .including(.all, let association) = operation,
                let (childColumn, parentColumn) = keyColumns(of: association, schema: schema),
                childColumn.map({ selects($0, association.operations) }) ?? true,
                let position = tree.children.firstIndex(where: {
                    $0.key == association.key.plural && $0.kind == .toMany
                }),
                !targets.contains(where: { $0.position == position })
            else {
                kept.append(operation)
                continue
            }
            targets.append(
                Target(
                    association: association, childColumn: childColumn, parentColumn: parentColumn,
                    position: position,
                    isTable: schema.table(named: association.destination)?.kind == .table))
        }
        return (RequestPlan(table: plan.table, operations: kept), targets)
    }

    /// Whether the children's rows hold `column`, by which they are given to their parents:
    /// a selection (the destination's `databaseSelection`, a `select`) may leave it out.
    static func selects(_ column: String, _ operations: [RequestOperation]) -> Bool {
        var selected = true
        for operation in operations {
            switch operation {
            case .select(let items), .databaseSelection(_, let items):
                selected = items.contains { item in
                    switch item {
                    case .allColumns(nil): true
                    case .allColumnsExcluding(let names): !names.contains { $0.sqlFolded == column.sqlFolded }
                    case .expression(.column(let name, nil)): name.sqlFolded == column.sqlFolded
                    default: false
                    }
                }
            case .selectSQL, .selectLiteral: selected = false
            default: continue
            }
        }
        return selected
    }

    /// The child's key column (nil for a through association) and the parent's,
    /// when `association` can be capped.
    static func keyColumns(of association: AssociationPlan, schema: SchemaGraph) -> (String?, String)? {
        switch association.base {
        case .direct(.hasMany, let origin, let destination, _, let foreignKey):
            guard
                let resolved = try? ForeignKeyResolver(schema: schema).resolve(
                    kind: .hasMany, origin: origin, destination: destination, foreignKey: foreignKey,
                    displayName: association.displayName, range: nil),
                resolved.originColumns.count == 1, let childColumn = resolved.originColumns.first,
                let parentColumn = resolved.destinationColumns?.first
            else { return nil }
            return (childColumn, parentColumn)
        case .through(.hasManyThrough, let origin, let pivot, _, _):
            // The parent's key is the one its pivot rows point to: unique in the
            // parent table, so that a parent's joined rows are its children.
            guard isPlainThrough(association, tables: []),
                case .direct(.hasMany, let pivotOrigin, let pivotDestination, _, let foreignKey) = pivot.base,
                pivotOrigin == origin,
                let resolved = try? ForeignKeyResolver(schema: schema).resolve(
                    kind: .hasMany, origin: origin, destination: pivotDestination, foreignKey: foreignKey,
                    displayName: pivot.displayName, range: nil),
                resolved.originColumns.count == 1, let parentColumns = resolved.destinationColumns,
                parentColumns.count == 1, let parentColumn = parentColumns.first
            else { return nil }
            return (nil, parentColumn)
        default:
            return nil
        }
    }

    /// A through association made of direct ones, each on a table of its own, and
    /// refined only by filters and orderings of their own columns: joined from the
    /// parent it means what it means when prefetched (GRDB aliases a table that
    /// comes twice, which raw SQL and outer aliases would not follow).
    static func isPlainThrough(_ association: AssociationPlan, tables: Set<String>) -> Bool {
        var tables = tables
        func visit(_ plan: AssociationPlan) -> Bool {
            guard plan.operations.allSatisfy(isPlainRefinement) else { return false }
            switch plan.base {
            case .direct(_, let origin, let destination, _, _):
                if tables.isEmpty { tables.insert(origin.lowercased()) }
                return tables.insert(destination.lowercased()).inserted
            case .through(_, _, let pivot, let target, _):
                return visit(pivot) && visit(target)
            case .commonTable:
                return false
            }
        }
        return visit(association)
    }

    private static func isPlainRefinement(_ operation: RequestOperation) -> Bool {
        switch operation {
        case .filter(let e): !e.containsAggregate && e.aliasesUsed.isEmpty
        case .order(let terms):
            terms.allSatisfy { !$0.expression.containsAggregate && $0.expression.aliasesUsed.isEmpty }
        case .filterKeys, .filterKeyDictionaries, .orderByPrimaryKey, .reversed, .unordered, .forKey, .none: true
        default: false
        }
    }

    /// How many children each parent of `rows` has (parents without any are absent).
    func counts(_ target: Target, _ rows: [ResultRow]) throws -> [DatabaseValue: Int] {
        let distinctKeys = target.parentKeys(of: rows)
        let childColumn = target.childExpression
        let keyList = distinctKeys.map { SQLExpr.value(SQLValue($0)) }

        // Children per parent.
        var counts: [DatabaseValue: Int] = [:]
        if !distinctKeys.isEmpty, target.isThrough {
            // One joined row per child (a through association's rows are not deduplicated).
            let parent = target.parentExpression
            let counting = RequestPlan(
                table: target.association.origin,
                operations: [
                    .filter(.inList(keyList, parent)), .joining(.required, target.association),
                    .select([.expression(parent), .expression(.named(.function(.count, [parent]), "n"))]),
                    .group([parent]),
                ])
            let request = try Lowering().request(session.validated(counting))
            let counted = try read("count " + target.association.key.plural) { db in try Row.fetchAll(db, request) }
            for row in counted {
                let n: DatabaseValue = row[1]
                if case .int64(let count) = n.storage { counts[row[0]] = Int(count) }
            }
        } else if !distinctKeys.isEmpty {
            let counting = RequestPlan(
                table: target.association.destination,
                operations: target.refinements.filter(Self.isFilter) + [
                    .filter(.inList(keyList, childColumn)),
                    .select([
                        .expression(childColumn), .expression(.named(.function(.count, [childColumn]), "n")),
                    ]),
                    .group([childColumn]),
                ])
            let request = try Lowering().request(session.validated(counting))
            let counted = try read("count " + target.association.key.plural) { db in try Row.fetchAll(db, request) }
            for row in counted {
                let n: DatabaseValue = row[1]
                if case .int64(let count) = n.storage { counts[row[0]] = Int(count) }
            }
        }
        return counts
    }

    /// Adds the children of `target` to `rows`, at most `cap` per parent, or more for
    /// the parents in `shown` (those whose list was opened for more, `loadMore`).
    func attach(
        _ target: Target, counts: [DatabaseValue: Int], shown: [DatabaseValue: Int] = [:],
        to rows: inout [ResultRow]
    ) throws {
        let distinctKeys = target.parentKeys(of: rows)
        let childColumn = target.childExpression
        let destination = target.association.destination
        let small = distinctKeys.filter { (counts[$0] ?? 0) <= cap && (counts[$0] ?? 0) > 0 }
        let large = distinctKeys.filter { (counts[$0] ?? 0) > cap }

        var children: [DatabaseValue: [ResultRow]] = [:]
        if !small.isEmpty, target.isThrough {
            // GRDB prefetches them, as the request says, for these parents only.
            let plan = RequestPlan(
                table: target.association.origin,
                operations: [
                    .filter(.inList(small.map { .value(SQLValue($0)) }, target.parentExpression)),
                    .including(.all, target.association),
                ])
            let request = try Lowering().request(session.validated(plan))
            let builder = ResultTreeBuilder(
                plan: plan, valueLimit: ValueCut.displayLimit, schema: session.environment.schema)
            let parents = try read(target.association.key.plural) { db in
                try Row.fetchAll(db, request).map(builder.row)
            }
            for parent in parents {
                guard let key = Target.value(of: target.parentColumn, in: parent),
                    case .toMany(let rows)? = parent.children.first?.value
                else { continue }
                children[key] = rows
            }
        } else if !small.isEmpty {
            let rows = try fetch(
                target.childPlan.appending(
                    .filter(.inList(small.map { .value(SQLValue($0)) }, childColumn))), target,
                name: target.association.key.plural)
            for row in rows {
                guard let key = Target.value(of: target.childColumn ?? target.parentColumn, in: row) else { continue }
                children[key, default: []].append(row)
            }
        }
        for key in large {
            children[key] = try page(
                target, parent: key, limit: max(cap, shown[key] ?? 0), offset: 0,
                name: Self.pageName(target.association.key.plural, of: target.association.origin, key))
        }
        for i in rows.indices {
            let key = Target.value(of: target.parentColumn, in: rows[i])
            let list = key.flatMap { children[$0] } ?? []
            let total = key.flatMap { counts[$0] } ?? 0
            let child = ResultChild(
                key: target.association.key.plural, table: destination, value: .toMany(list),
                totalCount: total)
            rows[i].children.insert(child, at: min(target.position, rows[i].children.count))
        }
    }

    /// Rows `offset..<offset + limit` of the children of one parent, in the order a
    /// first page and the next ones agree on: the association's own, else the key's.
    func page(_ target: Target, parent key: DatabaseValue, limit: Int, offset: Int, name: String? = nil) throws
        -> [ResultRow]
    {
        if target.isThrough { return try throughPage(target, parent: key, limit: limit, offset: offset, name: name) }
        var plan = target.childPlan.appending(
            .filter(.binary(.equal, target.childExpression, .value(SQLValue(key)))))
        if target.isTable, !plan.operations.contains(where: Self.isOrdering) {
            plan = plan.appending(.orderByPrimaryKey)
        }
        return try fetch(plan.appending(.limit(limit, offset: offset > 0 ? offset : nil)), target, name: name)
    }

    /// A page of a through association's children: the parent joined to them, one
    /// row per child, in the association's order, else its destination's key.
    private func throughPage(_ target: Target, parent key: DatabaseValue, limit: Int, offset: Int, name: String?)
        throws -> [ResultRow]
    {
        var association = target.association
        if target.isTable, !association.operations.contains(where: Self.isOrdering) {
            association = association.appending(.orderByPrimaryKey)
        }
        let plan = RequestPlan(
            table: association.origin,
            operations: [
                .filter(.binary(.equal, target.parentExpression, .value(SQLValue(key)))),
                .including(.required, association),
                .limit(limit, offset: offset > 0 ? offset : nil),
            ])
        let request = try Lowering().request(session.validated(plan))
        let builder = ResultTreeBuilder(
            plan: plan, valueLimit: ValueCut.displayLimit, schema: session.environment.schema)
        return try read(name) { db in
            try Row.fetchAll(db, request).map(builder.row).compactMap { parent in
                if case .toOne(let child?)? = parent.children.first?.value { return child }
                return nil
            }
        }
    }

    private func fetch(_ plan: RequestPlan, _ target: Target, name: String?) throws -> [ResultRow] {
        let request = try Lowering().request(session.validated(plan))
        let builder = ResultTreeBuilder(
            plan: target.childPlan, valueLimit: ValueCut.displayLimit, schema: session.environment.schema)
        return try read(name) { db in try Row.fetchAll(db, request).map(builder.row) }
    }

    /// A read whose statements go to the log as `label · name` (or `label` alone).
    private func read<T>(_ name: String?, _ body: (Database) throws -> T) throws -> T {
        guard let log else { return try session.database.read(body) }
        let parts = [label, name ?? ""].filter { !$0.isEmpty }
        return try log.read(session.database, label: parts.joined(separator: " · "), body)
    }

    private static func isOrdering(_ operation: RequestOperation) -> Bool {
        switch operation {
        case .order, .orderSQL, .orderLiteral, .orderByPrimaryKey: true
        default: false
        }
    }

    private static func isFilter(_ operation: RequestOperation) -> Bool {
        switch operation {
        case .filter, .filterSQL, .filterLiteral, .filterKeys, .filterKeyDictionaries, .matching, .none: true
        default: false
        }
    }
}
