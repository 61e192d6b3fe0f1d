import ArborCore
import ArborLanguage
import GRDB

/// After `:sql` changes the schema (`--write`), the session reads it again:
/// record types, the convention's associations, and the user's declarations
/// made again on the new schema. `let` bindings are kept.
extension Session {
    /// Reads the schema again; returns one line per change, and one per
    /// declaration that no longer applies.
    func reloadSchema() throws -> [String] {
        let old = environment.schema
        let (schema, version) = try database.read { db in
            db.clearSchemaCache()
            return (try SchemaGraph.load(db), try Self.schemaVersion(db))
        }
        schemaVersion = version
        let oldErrors = Set(resolution.diagnostics.filter { $0.severity == .error }.map { $0.error.message })
        baseEnvironment = Environment(schema: schema)
        resolveProgram()
        var lines = Self.changes(from: old, to: schema)
        for diagnostic in resolution.diagnostics
        where diagnostic.severity == .error && !oldErrors.contains(diagnostic.error.message) {
            lines.append("declaration no longer applies: \(diagnostic.error.message)")
        }
        return lines
    }

    /// The tables and views created, dropped and changed, or "schema changed"
    /// when only indexes or triggers did.
    static func changes(from old: SchemaGraph, to new: SchemaGraph) -> [String] {
        func key(_ name: String) -> String { name.lowercased() }
        let oldTables = Dictionary(old.tables.map { (key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        let newTables = Dictionary(new.tables.map { (key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for table in new.tables {
            guard let before = oldTables[key(table.name)] else {
                lines.append("\(table.kind.rawValue) `\(TerminalText.escaped(table.name))` created")
                continue
            }
            if before != table { lines.append("\(table.kind.rawValue) `\(TerminalText.escaped(table.name))` changed") }
        }
        for table in old.tables where newTables[key(table.name)] == nil {
            lines.append("\(table.kind.rawValue) `\(TerminalText.escaped(table.name))` dropped")
        }
        return lines.isEmpty ? ["schema changed (indexes or triggers)"] : lines
    }
}
