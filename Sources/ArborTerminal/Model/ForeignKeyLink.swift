import ArborCore
import ArborLanguage
import ArborSession

/// The foreign key a direct association follows, resolved as GRDB resolves it: the
/// table that holds the key columns and the table they reference. From a row of
/// either table, the request that lands on the rows at the other end.
struct ForeignKeyLink {
    /// The table holding `columns`, and the one they reference (its `referencedColumns`).
    var holder: String
    var columns: [String]
    var referenced: String
    var referencedColumns: [String]
    /// The association is a `belongsTo` of `origin` (else a `hasOne`/`hasMany`).
    var isBelongsTo: Bool
    var origin: String

    /// Nil for a through association, or a key GRDB could not resolve.
    static func resolve(_ entry: AssociationCatalog.Entry, schema: SchemaGraph) -> ForeignKeyLink? {
        guard case .direct(let kind, let origin, let destination, _, let foreignKey) = entry.plan.base,
            let spec = try? ForeignKeyResolver(schema: schema).resolve(
                kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                displayName: entry.name, range: nil)
        else { return nil }
        let (holder, referenced) = kind == .belongsTo ? (origin, destination) : (destination, origin)
        guard let referencedColumns = spec.destinationColumns ?? schema.table(named: referenced)?.primaryKey,
            referencedColumns.count == spec.originColumns.count
        else { return nil }
        return ForeignKeyLink(
            holder: holder, columns: spec.originColumns, referenced: referenced, referencedColumns: referencedColumns,
            isBelongsTo: kind == .belongsTo, origin: origin)
    }

    /// From a row of `table`, the key leads forward when the row holds it: a
    /// `belongsTo` of the row's table, or a `hasOne`/`hasMany` of another table
    /// (for a table referencing itself, the kind alone decides).
    func isForward(from table: String) -> Bool { isBelongsTo == (origin.sqlFolded == table.sqlFolded) }

    /// One foreign key, one way.
    func identity(isForward: Bool) -> String {
        ([holder, referenced] + columns).map(\.sqlFolded).joined(separator: "\u{1F}") + (isForward ? "→" : "←")
    }

    /// The request for the rows at the other end from `row` of `table`: the referenced
    /// row by its key (`Album.filter(id: 1)`), or the rows holding the key
    /// (`InvoiceLine.filter(Column("TrackId") == 1)`); nil when the row lacks a value.
    func landingRequest(from row: ResultRow, of table: String, environment: Environment) -> String? {
        let (fromColumns, target, targetColumns) =
            isForward(from: table) ? (columns, referenced, referencedColumns) : (referencedColumns, holder, columns)
        var literals: [String] = []
        for column in fromColumns {
            guard let index = row.names.firstIndex(where: { $0.sqlFolded == column.sqlFolded }),
                let literal = ValueText.swiftLiteral(row.values[index])
            else { return nil }
            literals.append(literal)
        }
        let type = environment.displayName(ofTable: target)
        if let primaryKey = environment.schema.table(named: target)?.primaryKey,
            primaryKey.map(\.sqlFolded) == targetColumns.map(\.sqlFolded), primaryKey != ["rowid"]
        {
            if literals.count == 1 { return "\(type).filter(id: \(literals[0]))" }
            let pairs = zip(targetColumns, literals).map { "\(SQLValue.swiftQuoted($0)): \($1)" }
            return "\(type).filter(key: [" + pairs.joined(separator: ", ") + "])"
        }
        let conditions = zip(targetColumns, literals).map { "Column(\(SQLValue.swiftQuoted($0))) == \($1)" }
        return "\(type).filter(" + conditions.joined(separator: " && ") + ")"
    }
}
