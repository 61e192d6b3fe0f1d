/// The stored properties of the record type arbor writes for a table (`--format
/// swift`): one per column, in the table's order, typed from the column's
/// declared type. They are also the labels of the type's memberwise initializer.
public struct RecordProperty: Hashable, Sendable {
    public var column: String
    /// `Int64`, `String`, `Double`, `Bool`, `Data` or `Date`, without `?`.
    public var swiftType: String
    /// False when Swift would declare it optional (it may then be omitted: nil).
    public var isRequired: Bool

    /// The record properties of `table`: its columns, hidden ones left out.
    public static func of(_ table: TableInfo) -> [RecordProperty] {
        table.columns.filter { $0.hidden == 0 || $0.isGenerated }.map { column in
            RecordProperty(
                column: column.name, swiftType: swiftType(declared: column.type),
                isRequired: isNeverNull(column, in: table))
        }
    }

    /// NOT NULL, or an INTEGER PRIMARY KEY (the rowid, never NULL).
    public static func isNeverNull(_ column: ColumnInfo, in table: TableInfo?) -> Bool {
        if column.isNotNull { return true }
        return column.primaryKeyIndex > 0 && column.type.uppercased() == "INTEGER" && table?.primaryKey.count == 1
    }

    /// The Swift type of a declared SQL type, following SQLite's affinity rules.
    public static func swiftType(declared: String) -> String {
        let type = declared.uppercased()
        if type.contains("INT") { return "Int64" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "String" }
        if type.contains("BLOB") { return "Data" }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return "Double" }
        if type.contains("BOOL") { return "Bool" }
        if type.contains("DATE") || type.contains("TIME") { return "Date" }
        if type.isEmpty { return "String" }
        return "Double"
    }

    /// Whether a literal of the language can initialize this property, as Swift
    /// would type-check it (an integer literal is also a `Double`).
    public func accepts(_ value: SQLValue) -> Bool {
        switch (value, swiftType) {
        case (.null, _): !isRequired
        case (.integer, "Int64"), (.integer, "Double"), (.real, "Double"), (.text, "String"), (.bool, "Bool"),
            (.blob, "Data"):
            true
        default: false
        }
    }
}
