import ArborCore
import GRDB

/// Paging by keyset: the window after another one is the rows that come after
/// its last row in the request's order, so that the millionth row costs what the
/// first does, where OFFSET would step over every row before it.
///
/// It applies when the order is made of columns of the root table that are never
/// NULL (a row-value comparison skips NULLs), all in one direction, and the
/// table's one-column primary key, also never NULL, breaks the ties.
struct Keyset: Equatable {
    /// The columns the rows are in order of, the primary key last.
    var columns: [String]
    var descending: Bool

    static func of(_ plan: RequestPlan, schema: SchemaGraph) -> Keyset? {
        guard let table = schema.table(named: plan.table), table.kind == .table, table.primaryKey.count == 1,
            let key = table.primaryKey.first, let keyColumn = table.column(named: key),
            keyColumn.isNotNull || table.isWithoutRowID || keyColumn.type.uppercased() == "INTEGER"
        else { return nil }
        var terms: [OrderingTerm] = []
        for operation in plan.levelOperations {
            switch operation {
            case .order(let ordering):
                // GRDB: a later `order` replaces an earlier one.
                terms = ordering
            case .orderSQL, .orderLiteral, .orderByPrimaryKey, .reversed, .limit, .group, .groupLiteral, .distinct,
                .select, .databaseSelection, .selectSQL, .selectLiteral, .aliased, .having, .havingLiteral, .matching:
                return nil
            case .annotated(let selection)
            where selection.contains(where: {
                if case .expression(let e) = $0 { e.containsAggregate } else { false }
            }):
                return nil
            default:
                continue
            }
        }
        var columns: [String] = []
        var descending: Bool?
        for term in terms {
            guard case .column(let name, alias: nil) = term.expression, let column = table.column(named: name),
                column.isNotNull || column.name.sqlFolded == key.sqlFolded
            else { return nil }
            let isDescending: Bool
            switch term.direction {
            case .none, .asc: isDescending = false
            case .desc: isDescending = true
            case .ascNullsLast, .descNullsFirst: return nil
            }
            guard descending == nil || descending == isDescending else { return nil }
            descending = isDescending
            columns.append(column.name)
        }
        if !columns.contains(where: { $0.sqlFolded == key.sqlFolded }) { columns.append(key) }
        return Keyset(columns: columns, descending: descending ?? false)
    }

    /// The ordering that gives the request's rows with ties broken by the key. It
    /// is appended: GRDB's `order` replaces the request's own.
    var ordering: RequestOperation {
        .order(columns.map { OrderingTerm(.column($0, alias: nil), descending ? .desc : .asc) })
    }

    /// The rows after the one whose keyset values are `values`:
    /// `a > x OR (a = x AND (b > y OR (b = y AND id > z)))`.
    func after(_ values: [DatabaseValue]) -> SQLExpr? {
        guard values.count == columns.count else { return nil }
        let comparison: SQLBinaryOperator = descending ? .less : .greater
        var condition: SQLExpr?
        for (column, value) in zip(columns, values).reversed() {
            let expression = SQLExpr.column(column, alias: nil)
            let beyond = SQLExpr.binary(comparison, expression, .value(SQLValue(value)))
            if let inner = condition {
                let tie = SQLExpr.binary(.and, .binary(.equal, expression, .value(SQLValue(value))), inner)
                condition = .binary(.or, beyond, tie)
            } else {
                condition = beyond
            }
        }
        return condition
    }

    /// The keyset values of a row, when it shows every column of the keyset.
    func values(of row: ResultRow) -> [DatabaseValue]? {
        var values: [DatabaseValue] = []
        for column in columns {
            guard let index = row.names.firstIndex(where: { $0.sqlFolded == column.sqlFolded }) else { return nil }
            values.append(row.values[index])
        }
        return values
    }
}
