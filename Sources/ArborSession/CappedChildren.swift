import ArborCore
import GRDB

/// Fetches the `including(all:)` children of a window of parents with at most
/// `cap` rows per parent: GRDB's prefetch has no per-parent limit (GRDB-FACTS §2),
/// so one parent with a million children would be fetched whole. Children are
/// counted per parent first; parents under the cap get theirs in one request,
/// as GRDB's prefetch would, and each parent over it gets its first `cap` rows
/// with a request of its own. The lists say how many rows they have in all.
struct CappedChildren {
    /// A root-level `including(all:)` that can be capped: a direct hasMany or hasOne
    /// on a one-column key whose parent column the root rows show.
    struct Target {
        var association: AssociationPlan
        var childColumn: String
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

        var childExpression: SQLExpr { .column(childColumn, alias: nil) }

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

    /// The cappable includes of `plan`, and the plan without them.
    static func split(_ plan: RequestPlan, schema: SchemaGraph) -> (
        plan: RequestPlan, targets: [Target]
    ) {
        let tree = IncludeTree(operations: plan.operations)
        var targets: [Target] = []
        var kept: [RequestOperation] = []
        let selectsAll = !plan.operations.contains {
            if case .select = $0 {
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
                case .direct(.hasMany, let origin, let destination, _, let foreignKey) = association.base,
                let resolved = try? ForeignKeyResolver(schema: schema).resolve(
                    kind: .hasMany, origin: origin, destination: destination, foreignKey: foreignKey,
                    displayName: association.displayName, range: nil),
                resolved.originColumns.count == 1, let childColumn = resolved.originColumns.first,
                let parentColumn = resolved.destinationColumns?.first,
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
                    isTable: schema.table(named: destination)?.kind == .table))
        }
        return (RequestPlan(table: plan.table, operations: kept), targets)
    }

    /// How many children each parent of `rows` has (parents without any are absent).
    func counts(_ target: Target, _ rows: [ResultRow]) throws -> [DatabaseValue: Int] {
        let distinctKeys = target.parentKeys(of: rows)
        let childColumn = target.childExpression
        let keyList = distinctKeys.map { SQLExpr.value(SQLValue($0)) }

        // Children per parent.
        var counts: [DatabaseValue: Int] = [:]
        if !distinctKeys.isEmpty {
            let counting = RequestPlan(
                table: target.association.destination,
                operations: target.refinements.filter(Self.isFilter) + [
                    .filter(.inList(keyList, childColumn)),
                    .select([
                        .expression(childColumn), .expression(.named(.function(.count, [childColumn]), "n")),
                    ]),
                    .group([childColumn]),
                ])
            let request = try Lowering().request(counting)
            for row in try session.database.read({ db in try Row.fetchAll(db, request) }) {
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
        if !small.isEmpty {
            let rows = try fetch(
                target.childPlan.appending(
                    .filter(.inList(small.map { .value(SQLValue($0)) }, childColumn))), target)
            for row in rows {
                guard let key = Target.value(of: target.childColumn, in: row) else { continue }
                children[key, default: []].append(row)
            }
        }
        for key in large {
            children[key] = try page(target, parent: key, limit: max(cap, shown[key] ?? 0), offset: 0)
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
    func page(_ target: Target, parent key: DatabaseValue, limit: Int, offset: Int) throws
        -> [ResultRow]
    {
        var plan = target.childPlan.appending(
            .filter(.binary(.equal, target.childExpression, .value(SQLValue(key)))))
        if target.isTable, !plan.operations.contains(where: Self.isOrdering) {
            plan = plan.appending(.orderByPrimaryKey)
        }
        return try fetch(plan.appending(.limit(limit, offset: offset > 0 ? offset : nil)), target)
    }

    private func fetch(_ plan: RequestPlan, _ target: Target) throws -> [ResultRow] {
        let request = try Lowering().request(plan)
        let builder = ResultTreeBuilder(plan: target.childPlan, valueLimit: ValueCut.displayLimit)
        return try session.database.read { db in try Row.fetchAll(db, request).map(builder.row) }
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
