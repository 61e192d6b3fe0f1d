import ArborCore
import ArborLanguage

/// A table whose name is not English, singular and camelCased (`postal_address`,
/// `demographics`, `Book`) makes GRDB key its rows by that name, inflected
/// (`postal_address`, `postal_addresses`, `demographic`), where the app's record types
/// (`PostalAddress`, `Demographics`) expect `postalAddress`, `postalAddresses`,
/// `demographics`: each association must then spell its key out. The advice lists
/// the keys that differ, the associations to declare with `key:`, and the rename. The session's
/// declarations count: an association declared with its key needs no advice.
enum TableNameRule {
    static func advice(_ table: TableInfo, _ context: AdviceContext) -> [Advice] {
        let expected = Naming.singularize(Naming.lowerCamel(Naming.words(table.name)))
        guard !expected.isEmpty, expected != table.name else { return [] }
        // The associations whose destination is this table: the BelongsTo of tables
        // that reference it, and the HasOne/HasMany of the tables it references.
        var declarations: [(type: String?, line: String)] = []
        var toOne = false
        var toMany = false
        let type = context.typeName(table.name)
        for (child, fk) in context.keys(to: table.name) {
            guard
                !context.declaresKeyedAssociation(
                    origin: child.name, destination: table.name, columns: fk.originColumns)
            else { continue }
            toOne = true
            let name = AssociationDeclarations.belongsToName(fk.originColumns, parent: table)
            let several =
                context.keys(to: table.name).filter { $0.child.name.sqlFolded == child.name.sqlFolded }.count > 1
            declarations.append(
                (
                    context.typeName(child.name),
                    "static let \(name) = belongsTo(\(type ?? "").self, key: \(MigrationCode.string(name))"
                        + (several
                            ? ", using: "
                                + AssociationDeclarations.foreignKey(
                                    fk.originColumns, to: fk.destinationColumns, parent: table) : "")
                        + ")"
                ))
        }
        for fk in table.foreignKeys {
            guard let parent = context.schema.table(named: fk.destinationTable),
                !context.declaresKeyedAssociation(
                    origin: parent.name, destination: table.name, columns: fk.originColumns)
            else { continue }
            let isOne = table.isUniqueKey(fk.originColumns)
            if isOne { toOne = true } else { toMany = true }
            let several =
                table.foreignKeys.filter { $0.destinationTable.sqlFolded == fk.destinationTable.sqlFolded }.count > 1
            let name = AssociationDeclarations.inverseName(
                child: table, columns: fk.originColumns,
                belongsTo: AssociationDeclarations.belongsToName(fk.originColumns, parent: parent),
                isOneOfSeveral: several)
            declarations.append(
                (
                    context.typeName(parent.name),
                    "static let \(name) = \(isOne ? "hasOne" : "hasMany")(\(type ?? "").self, key: \(MigrationCode.string(name))"
                        + (several
                            ? ", using: "
                                + AssociationDeclarations.foreignKey(
                                    fk.originColumns, to: fk.destinationColumns, parent: parent) : "")
                        + ")"
                ))
        }
        // The keys the table's record types expect (`Demographics`: `demographics`; an app's
        // `Movie` for `movies`: `movie`), against GRDB's inflections of the table name.
        // A key one of them expects is no mismatch.
        let inflected = AssociationKey.inflected(table.name)
        let convention = Naming.upperCamel(Naming.words(table.name))
        var types = context.environment.typeNames.types(forTable: table.name).filter { $0 != convention }
        types.append(convention)
        let typeKeys = types.map { Naming.lowerCamel(Naming.words($0)) }
        let shown = types[0]
        var keys: [String] = []
        if toOne, !typeKeys.contains(inflected.singular) {
            keys.append(
                "`\(TerminalText.escaped(inflected.singular))` where a record type `\(TerminalText.escaped(shown))` expects `\(TerminalText.escaped(typeKeys[0]))` (to-one)"
            )
        }
        if toMany, !typeKeys.map(Naming.pluralize).contains(inflected.plural) {
            keys.append(
                "`\(TerminalText.escaped(inflected.plural))` where a record type `\(TerminalText.escaped(shown))` expects `\(TerminalText.escaped(Naming.pluralize(typeKeys[0])))` (to-many)"
            )
        }
        guard !keys.isEmpty else { return [] }
        var migration: String?
        let taken = context.schema.tables.contains {
            $0.name.sqlFolded == expected.sqlFolded && $0.name.sqlFolded != table.name.sqlFolded
        }
        if !taken {
            // SQLite refuses a rename that only changes case: go through another name.
            let steps =
                expected.sqlFolded == table.name.sqlFolded
                ? [
                    MigrationCode.rename(table: table.name, to: "new_" + expected),
                    MigrationCode.rename(table: "new_" + expected, to: expected),
                ]
                : [MigrationCode.rename(table: table.name, to: expected)]
            migration = MigrationCode.migration("Rename \(table.name) to \(expected)", steps)
        }
        var declaration: String?
        if type != nil, declarations.allSatisfy({ $0.type != nil }) {
            var blocks: [(String, [String])] = []
            for (owner, line) in declarations {
                guard let owner else { continue }
                if let i = blocks.firstIndex(where: { $0.0 == owner }) {
                    blocks[i].1.append(line)
                } else {
                    blocks.append((owner, [line]))
                }
            }
            declaration = blocks.map { AssociationDeclarations.extensionBlock($0.0, $0.1) }.joined(separator: "\n\n")
        }
        return [
            Advice(
                rule: .tableName, table: table.name,
                what:
                    "the table name \(SchemaText.name(table.name)) is not singular camelCase (`\(TerminalText.escaped(expected))`): "
                    + "GRDB keys its rows " + keys.joined(separator: ", and ")
                    + ", so each association to it must spell its key out",
                why: GuideWords.tableNames, migration: migration, declaration: declaration)
        ]
    }
}
