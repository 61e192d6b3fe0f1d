/// A foreign key the convention can not turn into associations (its parent table
/// or columns are missing, or the parent is a view), kept so that using the name
/// it would have given says why there is no such association.
public struct UnusableForeignKey: Hashable, Sendable {
    /// The table holding the key.
    public var child: String
    public var info: ForeignKeyInfo
    /// What is wrong, in a few words: "the table `ghost` is not in the database".
    public var problem: String

    /// The whole explanation: "the foreign key `orphan`(ghostId) references … ".
    public var reason: String {
        "the foreign key `\(child)`(" + info.originColumns.joined(separator: ", ") + ") can not be used: " + problem
    }

    /// What makes `fk` of `child` unusable, or nil when it is usable.
    static func problem(_ fk: ForeignKeyInfo, of child: TableInfo, in schema: SchemaGraph) -> String? {
        let names = [child.name, fk.destinationTable] + fk.originColumns + fk.destinationColumns
        if let name = names.first(where: { !GRDBQuoting.canQuote($0) }) {
            return
                "GRDB can not write the name \(SQLValue.swiftQuoted(name)) in SQL (it does not double the `\"` inside names)"
        }
        guard let parent = schema.table(named: fk.destinationTable) else {
            return "the table `\(fk.destinationTable)` is not in the database"
        }
        guard parent.kind == .table else {
            return "`\(parent.name)` is a \(parent.kind == .view ? "view" : "virtual table"), without keys"
        }
        guard !fk.originColumns.isEmpty, fk.destinationColumns.count == fk.originColumns.count else {
            return "it does not match the primary key of `\(parent.name)` ("
                + parent.primaryKey.joined(separator: ", ") + ")"
        }
        let missing = fk.destinationColumns.filter { column in
            parent.column(named: column) == nil
                && !(parent.hasRowID && ["rowid", "oid", "_rowid_"].contains(column.sqlFolded))
        }
        if !missing.isEmpty {
            return "`\(parent.name)` has no column " + missing.map { "`\($0)`" }.joined(separator: ", ")
        }
        return nil
    }

    /// The association names this key would have had: the BelongsTo name on the
    /// child, and (when the parent exists) the HasMany and HasOne names on the parent.
    func names(in schema: SchemaGraph) -> [(table: String, name: String)] {
        var result: [(String, String)] = []
        let parentWords = Naming.words(info.destinationTable)
        var belongsTo = Naming.lowerCamel(parentWords)
        if info.originColumns.count == 1, let column = info.originColumns.first {
            var words = Naming.words(column)
            let parentLast = info.destinationColumns.first.flatMap { Naming.words($0).last } ?? "id"
            if let last = words.last, last.sqlFolded == parentLast.sqlFolded { words.removeLast() }
            if !words.isEmpty { belongsTo = Naming.lowerCamel(words) }
        }
        result.append((child, belongsTo))
        if belongsTo != Naming.lowerCamel(parentWords) { result.append((child, Naming.lowerCamel(parentWords))) }
        if let parent = schema.table(named: info.destinationTable) {
            let one = Naming.lowerCamel(Naming.words(child))
            result.append((parent.name, one))
            result.append((parent.name, Naming.pluralize(one)))
        }
        return result
    }
}
