/// Maps record type names (`Book`, `PostalAddress`) to tables, as docs/LANGUAGE.md §1.1 says:
/// `UpperCamel(words(t))`, unless two tables give the same name, the name is not an
/// identifier, or it is one of the language's own names.
public struct RecordTypeNames: Sendable {
    private var tableByType: [String: String] = [:]
    private var typeByTable: [String: String] = [:]
    /// Every type of a table, by folded table name: looked up on each member named.
    private var typesByTable: [String: [String]] = [:]

    public init(schema: SchemaGraph) {
        var candidates: [String: [String]] = [:]
        for table in schema.tables where table.kind != .shadow {
            let name = Naming.upperCamel(Naming.words(table.name))
            guard Naming.isIdentifier(name), !Naming.reservedTypeNames.contains(name) else { continue }
            candidates[name, default: []].append(table.name)
        }
        for (type, tables) in candidates where tables.count == 1 {
            tableByType[type] = tables[0]
            typeByTable[tables[0].sqlFolded] = type
            typesByTable[tables[0].sqlFolded] = [type]
        }
    }

    /// The table a type name denotes.
    public func table(forType type: String) -> String? { tableByType[type] }

    /// The type name of a table, if it has one.
    public func type(forTable table: String) -> String? { typeByTable[table.sqlFolded] }

    /// The record type name of a table, or `Table("t")`.
    public func displayName(ofTable table: String) -> String {
        type(forTable: table) ?? "Table(\(SQLValue.swiftQuoted(table)))"
    }

    /// Maps a declared type (`struct PostalAddress { static let databaseTableName = "postal_address" }`).
    /// A table keeps the name the convention gave it for display, if it has one.
    public mutating func declare(type: String, table: String) {
        // One hash of `type` to find and replace: a load declares every record type.
        if let old = tableByType.updateValue(table, forKey: type) {
            if typeByTable[old.sqlFolded] == type { typeByTable[old.sqlFolded] = nil }
            typesByTable[old.sqlFolded]?.removeAll { $0 == type }
        }
        let folded = table.sqlFolded
        if typeByTable[folded] == nil { typeByTable[folded] = type }
        typesByTable[folded, default: []].append(type)
    }

    /// Room for `count` more declared types: declared all at once, they would rehash the
    /// table each time it doubles.
    public mutating func reserveCapacity(forMore count: Int) {
        tableByType.reserveCapacity(tableByType.count + count)
    }

    /// Makes `type` the name the table is shown by (an app's own type, over the convention's).
    public mutating func prefer(type: String, forTable table: String) {
        guard tableByType[type]?.sqlFolded == table.sqlFolded else { return }
        typeByTable[table.sqlFolded] = type
    }

    public var allTypeNames: [String] { tableByType.keys.sorted() }

    /// Every type name that denotes `table` (a convention name and declared ones).
    public func types(forTable table: String) -> [String] {
        (typesByTable[table.sqlFolded] ?? []).sorted()
    }
}
