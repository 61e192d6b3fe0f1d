import ArborCore
import ArborLanguage
import ArborMigrations
import GRDB

/// `:schema --swift`: from any database, the Swift file a GRDB user would keep: a record
/// type per table (its columns, the associations arbor infers, declared with their
/// keys) and one migration that creates the schema with GRDB's schema API.
extension Session {
    func schemaSwift(_ argument: String, range: SourceRange) throws -> String {
        let words = argument.split(separator: " ").map(String.init)
        guard words == ["--swift"] || words == ["--format", "swift"] else {
            throw ArborError("write `:schema --swift` (the whole schema as Swift), or `:schema TABLE`", at: range)
        }
        let snapshot = try database.read(SchemaSnapshot.read)
        return SchemaSwiftFile.text(snapshot, environment: environment)
    }
}

enum SchemaSwiftFile {
    static func text(_ snapshot: SchemaSnapshot, environment: Environment) -> String {
        let printer = SwiftPrinter(environment: environment)
        var lines = ["import Foundation", "import GRDB", ""]
        let names = Set(snapshot.tables.map { $0.name.lowercased() } + snapshot.views.map { $0.name.lowercased() })
        for table in environment.schema.tables where names.contains(table.name.lowercased()) {
            guard table.kind == .table || table.kind == .view else { continue }
            lines += [record(table, printer: printer, environment: environment), ""]
        }
        lines += [
            "/// The schema, as one migration of GRDB's schema API.",
            "enum AppSchema {",
            "    static var migrator: DatabaseMigrator {",
            "        var migrator = DatabaseMigrator()",
        ]
        lines += SchemaSwift.migration(snapshot, identifier: "createSchema", indent: "        ")
        lines += ["        return migrator", "    }", "}"]
        return lines.joined(separator: "\n")
    }

    /// `struct Author: Codable, FetchableRecord, PersistableRecord { … }`.
    static func record(_ table: TableInfo, printer: SwiftPrinter, environment: Environment) -> String {
        var statics = ["static let databaseTableName = \(SQLValue.swiftQuoted(table.name))"]
        for entry in environment.catalog.associations(of: table.name) {
            statics.append("static let \(SwiftIdentifier.typed(entry.name)) = \(printer.declaration(entry.plan))")
        }
        let columns = table.columns.filter { $0.hidden == 0 || $0.isGenerated }
        var columnSet = ["", "enum Columns {"]
        for column in columns {
            columnSet.append(
                "    static let \(SwiftIdentifier.make(column.name)) = Column(\(SQLValue.swiftQuoted(column.name)))")
        }
        columnSet.append("}")
        statics += columnSet
        let properties = columns.map { column in
            (
                key: column.name,
                type: SwiftResultType.swiftType(
                    declared: column.type, nullable: !SwiftResultType.isNeverNull(column, table.name, environment))
            )
        }
        return SwiftStruct.text(
            name: printer.type(table.name),
            conformances: "Codable, FetchableRecord, " + (table.kind == .view ? "TableRecord" : "PersistableRecord"),
            statics: statics, properties: properties)
    }
}
