import ArborCore
import ArborLanguage

/// A column named like a key of another table (`authorId`, `author_id`) that no
/// foreign key backs: GRDB infers no association from it, and SQLite lets it point
/// at rows that do not exist. The declaration makes the association work now; the
/// migration adds the foreign key (and its index).
enum KeyWithoutForeignKeyRule {
    static func advice(_ table: TableInfo, _ context: AdviceContext) throws -> [Advice] {
        guard table.kind == .table else { return [] }
        let keyed = Set(table.foreignKeys.flatMap(\.originColumns).map(\.sqlFolded))
        var result: [Advice] = []
        for column in table.columns where !keyed.contains(column.name.sqlFolded) && !column.isGenerated {
            var words = Naming.words(column.name)
            guard words.count >= 2, words.last?.lowercased() == "id" else { continue }
            words.removeLast()
            guard let parent = parentTable(named: Naming.lowerCamel(words), context),
                parent.primaryKey.count == 1, parent.primaryKey != ["rowid"],
                !(parent.name.sqlFolded == table.name.sqlFolded && column.primaryKeyIndex > 0),
                !context.declaresForeignKey([column.name], child: table.name, parent: parent.name)
            else { continue }
            result.append(try advice(table, column: column.name, parent: parent, context))
        }
        return result
    }

    /// The table a key's words name: `author` for `author_id`, whether the table is
    /// `author`, `authors` or `Author`.
    static func parentTable(named name: String, _ context: AdviceContext) -> TableInfo? {
        context.tableByKeyName[name.lowercased()]
    }

    private static func advice(
        _ table: TableInfo, column: String, parent: TableInfo, _ context: AdviceContext
    ) throws -> Advice {
        let destination = parent.primaryKey
        let belongsTo = AssociationDeclarations.belongsToName([column], parent: parent)
        let inverse = AssociationDeclarations.inverseName(
            child: table, columns: [column], belongsTo: belongsTo,
            isOneOfSeveral: context.environment.catalog.associations(of: parent.name).contains {
                $0.name == Naming.pluralize(Naming.lowerCamel(Naming.words(table.name)))
            })
        let isOne = table.isUniqueKey([column])
        var declaration: String?
        if let child = context.typeName(table.name), let parentType = context.typeName(parent.name),
            AssociationDeclarations.areIdentifiers([belongsTo, inverse])
        {
            let key = belongsTo + "ForeignKey"
            declaration = [
                AssociationDeclarations.extensionBlock(
                    child,
                    [
                        "static let \(key) = "
                            + AssociationDeclarations.foreignKey([column], to: destination, parent: parent),
                        "static let \(belongsTo) = belongsTo(\(parentType).self, using: \(key))",
                    ]),
                AssociationDeclarations.extensionBlock(
                    parentType,
                    ["static let \(inverse) = \(isOne ? "hasOne" : "hasMany")(\(child).self, using: \(child).\(key))"]),
            ].joined(separator: "\n\n")
        }
        let constraint =
            "FOREIGN KEY (\(MigrationCode.sqlName(column))) REFERENCES \(MigrationCode.sqlName(parent.name))(\(MigrationCode.sqlNames(destination)))"
        var what =
            "\(SchemaText.name(table.name)).\(SchemaText.name(column)) looks like a key of \(SchemaText.name(parent.name)), but no foreign key says so: "
            + "GRDB infers no association from it, and SQLite lets it name \(SchemaText.name(parent.name)) rows that do not exist"
        // Keys that already name no row: GRDB checks the foreign keys at the end of a
        // migration, so the data is fixed first, or no migration is given.
        let orphans = try OrphanKeys.find(
            in: table, columns: [column], parent: parent, parentColumns: destination, context)
        guard let orphans else {
            return Advice(
                rule: .keyWithoutForeignKey, table: table.name, what: what, why: GuideWords.foreignKey, fix: nil,
                declaration: declaration)
        }
        let isNullable = table.column(named: column).map { !$0.isNotNull && $0.primaryKeyIndex == 0 } ?? false
        if orphans.count > 0, !isNullable {
            // Deleting whole rows on a key arbor only guesses from a name is not a step to
            // paste in a migration: they are listed, and the user decides.
            what +=
                "; but \(orphans.described(table: table.name, parent: parent.name)), and \(SchemaText.name(column)) can not be NULL: "
                + "the foreign key can not be added until they are deleted or their \(SchemaText.name(parent.name)) rows exist "
                + "(they are `SELECT * FROM \(MigrationCode.sqlName(table.name)) WHERE \(orphans.condition)`)"
            return Advice(
                rule: .keyWithoutForeignKey, table: table.name, what: what, why: GuideWords.foreignKey, fix: nil,
                declaration: declaration)
        }
        // A nullable column that every row sets becomes NOT NULL in the same rebuild: else
        // the new foreign key would be advice of its own on the next `:advise`. Not when
        // keys name no row: they become NULL, and the row stays.
        let alwaysSet = try orphans.count == 0 && NullableForeignKeyRule.isAlwaysSet(column, in: table, context)
        var fix = AdviceFix(
            title: "Add the foreign key \(table.name).\(column)",
            rebuild: [.tableConstraint(constraint)]
                + (alwaysSet ? [.columnWords(column: column, words: "NOT NULL")] : []),
            after: UnindexedForeignKeyRule.isIndexed([column], in: table)
                ? [] : [MigrationCode.createIndex(on: table.name, columns: [column])])
        if orphans.count > 0 {
            let child = MigrationCode.sqlName(table.name)
            fix.before = [
                MigrationCode.execute(
                    "UPDATE \(child) SET \(MigrationCode.sqlName(column)) = NULL WHERE \(orphans.condition)")
            ]
            fix.nulledColumns = [column]
            fix.beforeWhenNotNull = [MigrationCode.execute("DELETE FROM \(child) WHERE \(orphans.condition)")]
            fix.titleWhenNotNull = "Add the foreign key \(table.name).\(column), deleting the rows it names no row for"
            fix.title = "Add the foreign key \(table.name).\(column), its keys that name no row set to NULL"
            what +=
                "; \(orphans.described(table: table.name, parent: parent.name)): the migration sets "
                + (orphans.count == 1 ? "that key" : "those keys")
                + " to NULL first (the rows stay; a key that names no row links to nothing), so that GRDB's foreign key check passes"
        } else if alwaysSet {
            what += " (every row sets it: the migration makes it NOT NULL too)"
        }
        return Advice(
            rule: .keyWithoutForeignKey, table: table.name, what: what, why: GuideWords.foreignKey, fix: fix,
            declaration: declaration)
    }
}
