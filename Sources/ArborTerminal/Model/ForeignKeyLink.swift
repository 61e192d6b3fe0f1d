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
        resolve(entry.plan, name: entry.name, schema: schema)
    }

    static func resolve(_ plan: AssociationPlan, name: String, schema: SchemaGraph) -> ForeignKeyLink? {
        guard case .direct(let kind, let origin, let destination, _, let foreignKey) = plan.base,
            let spec = try? ForeignKeyResolver(schema: schema).resolve(
                kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                displayName: name, range: nil)
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

    /// The same foreign key, whichever table's association follows it.
    func isSameKey(as other: ForeignKeyLink) -> Bool {
        holder.sqlFolded == other.holder.sqlFolded && referenced.sqlFolded == other.referenced.sqlFolded
            && columns.map(\.sqlFolded) == other.columns.map(\.sqlFolded)
    }

    /// One foreign key, one way.
    func identity(isForward: Bool) -> String {
        ([holder, referenced] + columns).map(\.sqlFolded).joined(separator: "\u{1F}") + (isForward ? "→" : "←")
    }

    /// What a row leads to along the key: the filter that names the rows at the
    /// other end, or a NULL key, which names none.
    enum Landing: Equatable {
        /// `id: 1`, `key: ["a": 1, "b": 2]`, `Column("TrackId") == 1`: the arguments of `filter(…)`.
        case filter(String)
        case nullKey
    }

    /// The table at the other end from a row of `table`.
    func target(from table: String) -> String { isForward(from: table) ? referenced : holder }

    /// The rows at the other end from `row` of `table`: the referenced row by its key
    /// (`id: 1`), or the rows holding the key (`Column("TrackId") == 1`); nil when the
    /// row lacks a key column or holds a value no literal can say.
    func landing(from row: ResultRow, of table: String, environment: Environment) -> Landing? {
        let (fromColumns, target, targetColumns) =
            isForward(from: table) ? (columns, referenced, referencedColumns) : (referencedColumns, holder, columns)
        var literals: [String] = []
        var hasNull = false
        for column in fromColumns {
            guard let index = row.names.firstIndex(where: { $0.sqlFolded == column.sqlFolded }) else { return nil }
            if ValueText.isNull(row.values[index]) {
                hasNull = true
                continue
            }
            guard let literal = ValueText.swiftLiteral(row.values[index]) else { return nil }
            literals.append(literal)
        }
        // SQLite: a key with a NULL column names no row.
        if hasNull { return .nullKey }
        if let primaryKey = environment.schema.table(named: target)?.primaryKey,
            primaryKey.map(\.sqlFolded) == targetColumns.map(\.sqlFolded), primaryKey != ["rowid"]
        {
            if literals.count == 1 { return .filter("id: \(literals[0])") }
            let pairs = zip(targetColumns, literals).map { "\(SQLValue.swiftQuoted($0)): \($1)" }
            return .filter("key: [" + pairs.joined(separator: ", ") + "]")
        }
        let conditions = zip(targetColumns, literals).map { "Column(\(SQLValue.swiftQuoted($0))) == \($1)" }
        return .filter(conditions.joined(separator: " && "))
    }

    /// The request for the rows at the other end from `row` of `table`
    /// (`Album.filter(id: 1)`); nil when there is none to write (a NULL key among them).
    func landingRequest(from row: ResultRow, of table: String, environment: Environment) -> String? {
        guard case .filter(let filter)? = landing(from: row, of: table, environment: environment) else { return nil }
        return "\(environment.displayName(ofTable: target(from: table))).filter(\(filter))"
    }
}
