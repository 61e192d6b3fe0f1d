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
        let names = Set(snapshot.tables.map { $0.name.lowercased() } + snapshot.views.map { $0.name.lowercased() })
        let tables = environment.schema.tables.filter {
            names.contains($0.name.lowercased()) && ($0.kind == .table || $0.kind == .view)
        }
        let environment = withTypeNames(for: tables, environment)
        let printer = SwiftPrinter(environment: environment)
        var lines = ["import Foundation", "import GRDB", ""]
        for table in tables {
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

    /// The environment where each table of the file has a type name of its own that Swift
    /// accepts: `player_s` and `playerS` both make `PlayerS`, `""` and `"😀"` make no name,
    /// `Self` and `Any` are keywords. Those get `PlayerS_`, `` `_` ``, `` `Self` ``.
    static func withTypeNames(for tables: [TableInfo], _ environment: Environment) -> Environment {
        var environment = environment
        var used: Set<String> = []
        for table in tables {
            let named = environment.typeNames.type(forTable: table.name) ?? SwiftIdentifier.typeName(table.name)
            var bare = named.filter { $0 != "`" }
            if bare.isEmpty || bare.allSatisfy({ $0 == "_" }) { bare = "_" }
            while !used.insert(bare).inserted { bare += "_" }
            let type = SwiftIdentifier.typed(bare)
            guard type != environment.typeNames.type(forTable: table.name) else { continue }
            environment.typeNames.declare(type: type, table: table.name)
            environment.typeNames.prefer(type: type, forTable: table.name)
        }
        return environment
    }

    /// `struct Author: Codable, FetchableRecord, PersistableRecord { … }`.
    static func record(_ table: TableInfo, printer: SwiftPrinter, environment: Environment) -> String {
        var statics = ["static let databaseTableName = \(SQLValue.swiftQuoted(table.name))"]
        for entry in environment.catalog.associations(of: table.name) {
            statics.append("static let \(SwiftIdentifier.typed(entry.name)) = \(printer.declaration(entry.plan))")
        }
        let columns = table.columns.filter { $0.hidden == 0 || $0.isGenerated }
        var columnSet = ["", "enum Columns {"]
        // The names of the properties, made unique the same way.
        for (column, identifier) in zip(columns, SwiftIdentifier.unique(columns.map(\.name))) {
            columnSet.append("    static let \(identifier) = Column(\(SQLValue.swiftQuoted(column.name)))")
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
