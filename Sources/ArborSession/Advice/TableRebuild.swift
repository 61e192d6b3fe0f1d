import ArborCore

/// The migration that changes what SQLite can not `ALTER`: columns made NOT NULL,
/// foreign keys or a primary key added, all in one rebuild (two rebuilds of one
/// table, each from the original statement, would undo each other). It follows SQLite's "Making Other Kinds Of
/// Table Schema Changes": create the new table from the old statement with the one
/// change, copy the rows, drop the old table, rename the new one, then re-create the
/// indexes, triggers and views that named it. GRDB's `DatabaseMigrator` runs it with
/// foreign keys checked after the migration.
struct TableRebuild {
    enum Change: Hashable, Sendable {
        /// Words added at the end of a column's definition (`NOT NULL`).
        case columnWords(column: String, words: String)
        /// A table constraint added after the last definition.
        case tableConstraint(String)
        /// A column added first, filled from `source` (`rowid`).
        case leadingColumn(definition: String, name: String, source: String)

        var isColumnWords: Bool { if case .columnWords = self { true } else { false } }
    }

    let table: TableInfo
    let schema: SchemaGraph
    let objects: [SchemaObject]

    /// The migration's body, or nil when the table's statement can not be rebuilt.
    func lines(_ changes: [Change]) -> [String]? {
        guard let sql = table.sql, let text = CreateTableText(sql) else { return nil }
        var insertions: [(Int, String)] = []
        var targets = table.columns.filter { $0.hidden == 0 }.map(\.name)
        var sources = targets.map(MigrationCode.sqlName)
        // Words of the last column before a table constraint at the same offset.
        let ordered = changes.filter(\.isColumnWords) + changes.filter { !$0.isColumnWords }
        for change in ordered {
            switch change {
            case .columnWords(let column, let words):
                guard let end = text.endOfColumn(column) else { return nil }
                insertions.append((end, " " + words))
            case .tableConstraint(let constraint):
                insertions.append((text.endOfDefinitions, ", " + constraint))
            case .leadingColumn(let definition, let name, let source):
                insertions.append((text.open + 1, definition + ", "))
                targets.insert(name, at: 0)
                sources.insert(source, at: 0)
            }
        }
        var newName = "new_" + table.name
        while schema.table(named: newName) != nil { newName = "new_" + newName }
        let dependents = objects.filter { object in
            object.type != "index" && object.name.sqlFolded != table.name.sqlFolded
                && (object.table.sqlFolded == table.name.sqlFolded || SQLTokens.mentions(object.sql, name: table.name))
        }
        var lines: [String] = []
        for object in dependents.reversed() {
            lines.append(
                MigrationCode.execute(
                    "DROP \(object.type.uppercased()) IF EXISTS \(MigrationCode.sqlName(object.name))"))
        }
        lines.append(
            MigrationCode.execute(
                "CREATE TABLE \(MigrationCode.sqlName(newName)) " + text.definitionsText(inserting: insertions)))
        lines.append(
            MigrationCode.execute(
                "INSERT INTO \(MigrationCode.sqlName(newName)) (\(MigrationCode.sqlNames(targets))) SELECT "
                    + sources.joined(separator: ", ") + " FROM \(MigrationCode.sqlName(table.name))"))
        lines.append(MigrationCode.drop(table: table.name))
        lines.append(MigrationCode.rename(table: newName, to: table.name))
        for object in objects where object.type == "index" && object.table.sqlFolded == table.name.sqlFolded {
            lines.append(MigrationCode.execute(object.sql))
        }
        for object in dependents { lines.append(MigrationCode.execute(object.sql)) }
        return lines
    }
}

/// An index, trigger or view of `sqlite_master`, with the statement that made it.
struct SchemaObject {
    var type: String
    var name: String
    var table: String
    var sql: String
}
