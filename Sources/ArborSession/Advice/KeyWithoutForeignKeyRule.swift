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
        // A nullable column that every row sets becomes NOT NULL in the same rebuild: else
        // the new foreign key would be advice of its own on the next `:advise`.
        let alwaysSet = try NullableForeignKeyRule.isAlwaysSet(column, in: table, context)
        let fix = AdviceFix(
            title: "Add the foreign key \(table.name).\(column)",
            rebuild: [.tableConstraint(constraint)]
                + (alwaysSet ? [.columnWords(column: column, words: "NOT NULL")] : []),
            after: UnindexedForeignKeyRule.isIndexed([column], in: table)
                ? [] : [MigrationCode.createIndex(on: table.name, columns: [column])])
        return Advice(
            rule: .keyWithoutForeignKey, table: table.name,
            what:
                "\(SchemaText.name(table.name)).\(SchemaText.name(column)) looks like a key of \(SchemaText.name(parent.name)), but no foreign key says so: "
                + "GRDB infers no association from it, and SQLite lets it name \(SchemaText.name(parent.name)) rows that do not exist"
                + (alwaysSet ? " (every row sets it: the migration makes it NOT NULL too)" : ""),
            why: GuideWords.foreignKey, fix: fix, declaration: declaration)
    }
}
