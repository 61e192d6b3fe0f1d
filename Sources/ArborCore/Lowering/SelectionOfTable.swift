import GRDB

/// A record type whose table and `databaseSelection` are given at run time, for
/// GRDB's own `\(columnsOf:tableAlias:)`, which reads both once, while it appends.
struct SelectionOfTable: TableRecord {
    struct Current: @unchecked Sendable {
        var table: String
        var selection: [any SQLSelectable]
    }

    @TaskLocal static var current = Current(table: "", selection: [])

    static var databaseTableName: String { current.table }
    static var databaseSelection: [any SQLSelectable] { current.selection }
}
