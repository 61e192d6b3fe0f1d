/// Resolves the foreign key of a direct association the way GRDB does
/// (`SQLForeignKeyRequest`), so that an ambiguous or missing key is an error
/// here instead of a trap in GRDB (T9-T13).
public struct ForeignKeyResolver {
    public let schema: SchemaGraph

    public init(schema: SchemaGraph) { self.schema = schema }

    /// The columns of a `ForeignKey` must exist: GRDB reads them from prefetched rows
    /// and stops the process on a missing one (T20).
    /// `table` is nil when the schema has none of that name: the columns' names are checked alone.
    private func checkColumns(_ columns: [String], of table: TableInfo?, displayName: String, range: SourceRange?)
        throws
    {
        if let name = columns.first(where: { !GRDBQuoting.canQuote($0) }) {
            throw ArborError("`\(displayName)`: " + GRDBQuoting.problem("column", name), at: range)
        }
        guard let table else { return }
        for column in columns
        where table.column(named: column) == nil
            && !(table.hasRowID
                && (column.sqlEquals("rowid") || column.sqlEquals("oid") || column.sqlEquals("_rowid_")))
        {
            throw ArborError(
                "`\(displayName)`: table `\(table.name)` has no column `\(column)`", at: range,
                suggestion: Suggestions.didYouMean(column, in: table.columns.map(\.name)))
        }
    }

    @discardableResult
    public func resolve(
        kind: AssociationKind, origin: String, destination: String, foreignKey: ForeignKeySpec?, displayName: String,
        range: SourceRange?
    ) throws -> ForeignKeySpec {
        let resolved = try resolveNames(
            kind: kind, origin: origin, destination: destination, foreignKey: foreignKey, displayName: displayName,
            range: range)
        // GRDB writes these names in the join condition without escaping them (`GRDBQuoting`).
        func check(_ names: [String]) throws {
            if let name = names.first(where: { !GRDBQuoting.canQuote($0) }) {
                throw ArborError("`\(displayName)`: " + GRDBQuoting.problem("table or column", name), at: range)
            }
        }
        try check([origin, destination])
        try check(resolved.originColumns)
        try check(resolved.destinationColumns ?? [])
        return resolved
    }

    /// "`Author.books`: `book` has several foreign keys to `author`", suggesting each with
    /// `using:`. Written as bytes, each part with its room reserved: interpolated and joined,
    /// it took 15 string appends, each growing its storage, for each of 20,000 refused
    /// associations of a load.
    static func severalForeignKeys(
        _ candidates: [ForeignKeyInfo], holder: String, referenced: String, _ displayName: String,
        _ range: SourceRange?
    ) -> ArborError {
        var message: [UInt8] = []
        message.reserveCapacity(displayName.utf8.count + holder.utf8.count + referenced.utf8.count + 40)
        message.append(UInt8(ascii: "`"))
        message.append(utf8Of: displayName)
        message.append(utf8Of: "`: `")
        message.append(utf8Of: holder)
        message.append(utf8Of: "` has several foreign keys to `")
        message.append(utf8Of: referenced)
        message.append(UInt8(ascii: "`"))
        var suggestion: [UInt8] = []
        suggestion.reserveCapacity(64)
        suggestion.append(utf8Of: "say which with `using:` ")
        for (index, candidate) in candidates.enumerated() {
            if index > 0 { suggestion.append(utf8Of: " or ") }
            suggestion.append(utf8Of: "ForeignKey([")
            for (position, column) in candidate.originColumns.enumerated() {
                if position > 0 { suggestion.append(utf8Of: ", ") }
                suggestion.append(UInt8(ascii: "\""))
                suggestion.append(utf8Of: column)
                suggestion.append(UInt8(ascii: "\""))
            }
            suggestion.append(utf8Of: "])")
        }
        return ArborError(
            String(decoding: message, as: UTF8.self), at: range,
            suggestion: String(decoding: suggestion, as: UTF8.self))
    }

    private func resolveNames(
        kind: AssociationKind, origin: String, destination: String, foreignKey: ForeignKeySpec?, displayName: String,
        range: SourceRange?
    ) throws -> ForeignKeySpec {
        // The table holding the key columns, and the one it references.
        let (holderName, referencedName) = kind == .belongsTo ? (origin, destination) : (destination, origin)
        // Each table looked up once: asked for every association a load declares.
        let holderTable = schema.table(named: holderName)
        let referencedTable = schema.table(named: referencedName)
        if let fk = foreignKey {
            try checkColumns(fk.originColumns, of: holderTable, displayName: displayName, range: range)
            try checkColumns(fk.destinationColumns ?? [], of: referencedTable, displayName: displayName, range: range)
        }
        if let fk = foreignKey, let destinationColumns = fk.destinationColumns {
            guard fk.originColumns.count == destinationColumns.count, !fk.originColumns.isEmpty else {
                throw ArborError("`ForeignKey` needs as many columns on both sides, and at least one", at: range)
            }
            return fk
        }
        guard let holder = holderTable, let referenced = referencedTable else {
            throw ArborError(
                "no table `\(holderTable == nil ? holderName : referencedName)` for `\(displayName)`", at: range)
        }
        // A view has no schema foreign key: GRDB needs the key's columns, and joins
        // them to the primary key of the other side (`SQLForeignKeyRequest`).
        if holder.isView, foreignKey == nil {
            throw ArborError(
                "`\(displayName)`: GRDB can not infer a foreign key from the view `\(holder.name)`", at: range,
                suggestion: "use `using: ForeignKey([\"column\"])`")
        }
        let schemaKeys = holder.isView ? [] : holder.foreignKeys
        func isCandidate(_ fk: ForeignKeyInfo) -> Bool {
            guard fk.destinationTable.sqlEquals(referenced.name) else { return false }
            if let origin = foreignKey?.originColumns {
                // GRDB compares the columns as sets: each side's columns are all on the other.
                return fk.originColumns.allSatisfy { column in origin.contains { $0.sqlEquals(column) } }
                    && origin.allSatisfy { column in fk.originColumns.contains { $0.sqlEquals(column) } }
            }
            return true
        }
        // The one candidate found with no array made; all of them listed only to say which.
        if let first = schemaKeys.firstIndex(where: isCandidate),
            !schemaKeys[schemaKeys.index(after: first)...].contains(where: isCandidate)
        {
            let fk = schemaKeys[first]
            return ForeignKeySpec(originColumns: fk.originColumns, destinationColumns: fk.destinationColumns)
        }
        let candidates = schemaKeys.filter(isCandidate)
        if candidates.count > 1 {
            throw Self.severalForeignKeys(
                candidates, holder: holder.name, referenced: referenced.name, displayName, range)
        }
        if let origin = foreignKey?.originColumns {
            if referenced.isView {
                throw ArborError(
                    "`\(displayName)`: the view `\(referenced.name)` has no primary key", at: range,
                    suggestion: "use `ForeignKey([…], to: [\"column\"])`")
            }
            guard referenced.primaryKey.count == origin.count else {
                throw ArborError(
                    "`\(displayName)`: \(origin.count) column\(origin.count == 1 ? "" : "s") can not reference the primary key of `\(referenced.name)` (\(referenced.primaryKey.joined(separator: ", ")))",
                    at: range)
            }
            return ForeignKeySpec(originColumns: origin, destinationColumns: referenced.primaryKey)
        }
        throw ArborError(
            "`\(displayName)`: no foreign key from `\(holder.name)` to `\(referenced.name)`", at: range,
            suggestion: "declare one with `using: ForeignKey([\"column\"])`")
    }
}
