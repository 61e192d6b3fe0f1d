/// The columns of a prefetch query (`including(all:)`): the destination's selection,
/// then one `grdb_<column>` per pivot key column, which GRDB adds to group the
/// rows under their parents.
///
/// GRDB finds that column by name, and a row answers with its first column of that
/// name: when the destination already has a column `grdb_authorId`, GRDB groups by
/// the table's own column and every parent silently gets the wrong children. And
/// when the destination has 2,000 columns, the added one goes past SQLite's limit
/// after the parents were read. Both are refused here, before anything runs.
extension Validator {
    /// SQLite's default `SQLITE_MAX_COLUMN`, the most columns a result can have.
    static let maximumResultColumns = 2000

    func checkPrefetchColumns(_ association: AssociationPlan) throws {
        guard let pivot = pivotColumns(of: association), !pivot.isEmpty,
            let selected = selectedNames(of: association)
        else { return }
        let added = pivot.map { "grdb_" + $0 }
        let selectedSet = Set(selected.map { $0.lowercased() })
        if let clash = added.first(where: { selectedSet.contains($0.lowercased()) }) {
            let keep = selected.filter { $0.lowercased() != clash.lowercased() }.prefix(3)
            throw fail(
                "GRDB can not prefetch `\(association.displayName)`: `\(association.destination)` has its own column `\(clash)`, the name GRDB gives the key it groups the rows by, so every row would land under the wrong parent",
                suggestion: "select the other columns, as in `\(association.displayName).select("
                    + keep.map { "Column(\(SQLValue.swiftQuoted($0)))" }.joined(separator: ", ") + ", …)`")
        }
        if selected.count + added.count > Self.maximumResultColumns {
            throw fail(
                "GRDB can not prefetch `\(association.displayName)`: its \(selected.count) columns and the \(added.count) GRDB adds to group them (\(added.joined(separator: ", "))) exceed SQLite's \(Self.maximumResultColumns) columns per row",
                suggestion: "select fewer columns, as in `\(association.displayName).select(Column(\"…\"), …)`")
        }
    }

    /// The pivot table's key columns GRDB joins the parents on (`pivotMapping.right`):
    /// the child's foreign key for hasMany, the parent's key for belongsTo; through
    /// associations use their first step.
    private func pivotColumns(of association: AssociationPlan) -> [String]? {
        switch association.base {
        case .direct(let kind, let origin, let destination, _, let foreignKey):
            guard
                let resolved = try? ForeignKeyResolver(schema: schema).resolve(
                    kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                    displayName: association.displayName, range: range)
            else { return nil }
            return kind == .belongsTo ? resolved.destinationColumns : resolved.originColumns
        case .through(_, _, let pivot, _, _):
            return pivotColumns(of: pivot)
        case .commonTable:
            return nil
        }
    }

    /// The names of the columns the prefetch query selects from the destination,
    /// or nil when they can not be known (a column list written in SQL).
    private func selectedNames(of association: AssociationPlan) -> [String]? {
        guard let destination = schema.table(named: association.destination) else { return nil }
        var operations = association.operations
        if case .through(_, _, _, let target, _) = association.base { operations = target.operations + operations }
        var names = destination.columns.map(\.name)
        var annotations: [String] = []
        // Unnamed expressions (and aggregates, named in the language) count as one column each.
        func add(_ selection: [Selectable], to list: inout [String]) {
            for item in selection {
                switch item {
                case .allColumns(nil): list += destination.columns.map(\.name)
                case .allColumnsExcluding(let excluded):
                    let folded = Set(excluded.map(\.sqlFolded))
                    list += destination.columns.map(\.name).filter { !folded.contains($0.sqlFolded) }
                case .expression(.column(let name, _)), .expression(.named(_, let name)): list.append(name)
                case .expression, .allColumns: list.append("?")
                }
            }
        }
        for operation in operations {
            switch operation {
            case .select(let selection), .databaseSelection(_, let selection):
                names = []
                add(selection, to: &names)
            case .selectSQL, .selectLiteral:
                return nil
            case .annotated(let selection):
                add(selection, to: &annotations)
            default:
                break
            }
        }
        return names + annotations
    }
}
