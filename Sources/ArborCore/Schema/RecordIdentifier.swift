/// The Swift type of an inferred record type's `id` (LANGUAGE.md §1): the type
/// of its single-column primary key's affinity, `Int64` for the rowid.
extension TableInfo {
    public var identifierSwiftType: String? {
        guard primaryKey.count == 1, let key = primaryKey.first else { return nil }
        if key == "rowid", !columns.contains(where: { $0.name.sqlFolded == "rowid" }) { return "Int64" }
        guard let column = columns.first(where: { $0.name.sqlFolded == key.sqlFolded }) else { return nil }
        return Self.swiftType(ofAffinity: column.type)
    }

    /// SQLite's rules of column affinity (§3.1 of its datatype page), as Swift types:
    /// INTEGER `Int64`, TEXT `String`, BLOB (or no type) `Data`, REAL and NUMERIC `Double`.
    static func swiftType(ofAffinity declared: String) -> String {
        let type = declared.uppercased()
        if type.contains("INT") { return "Int64" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "String" }
        if type.contains("BLOB") || type.isEmpty { return "Data" }
        return "Double"
    }
}
