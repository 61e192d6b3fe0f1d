import ArborCore

/// Several foreign keys from one table to another (`book.authorId` and
/// `book.translatorId` to `author`): GRDB can not choose, and `belongsTo(Author.self)`
/// or `hasMany(Book.self)` stop the app ("Ambiguous foreign key"). The guide's fix is
/// a `ForeignKey` per key and associations that say `using:` which. The session's own
/// declarations count: the advice stays until each key has one.
enum SeveralForeignKeysRule {
    static func advice(_ table: TableInfo, _ context: AdviceContext) -> [Advice] {
        guard table.kind == .table else { return [] }
        var groups: [(parent: TableInfo, keys: [ArborCore.ForeignKeyInfo])] = []
        for fk in table.foreignKeys {
            guard let parent = context.schema.table(named: fk.destinationTable) else { continue }
            if let i = groups.firstIndex(where: { $0.parent.name.sqlFolded == parent.name.sqlFolded }) {
                if !groups[i].keys.contains(where: {
                    $0.originColumns.map(\.sqlFolded) == fk.originColumns.map(\.sqlFolded)
                }) {
                    groups[i].keys.append(fk)
                }
            } else {
                groups.append((parent, [fk]))
            }
        }
        return groups.compactMap { parent, keys in
            guard keys.count >= 2,
                !keys.allSatisfy({
                    context.declaresForeignKey($0.originColumns, child: table.name, parent: parent.name)
                })
            else { return nil }
            // Foreign key ids count from the last one written: show them in the order of the schema.
            let ordered = keys.sorted { $0.id > $1.id }
            let list = ordered.map { "(\(SchemaText.names($0.originColumns)))" }.joined(separator: ", ")
            return Advice(
                rule: .severalForeignKeys, table: table.name,
                what:
                    "\(SchemaText.name(table.name)) has \(keys.count) foreign keys to \(SchemaText.name(parent.name)), \(list): "
                    + "GRDB can not tell which one `belongsTo` and `hasMany` mean, and stops the app (\"Ambiguous foreign key\")",
                why: GuideWords.severalForeignKeys,
                declaration: declaration(table, parent: parent, keys: ordered, context))
        }
    }

    private static func declaration(
        _ table: TableInfo, parent: TableInfo, keys: [ArborCore.ForeignKeyInfo], _ context: AdviceContext
    ) -> String? {
        guard let child = context.typeName(table.name), let parentType = context.typeName(parent.name) else {
            return nil
        }
        var constants: [String] = []
        var belongsTos: [String] = []
        var inverses: [String] = []
        for fk in keys {
            let belongsTo = AssociationDeclarations.belongsToName(fk.originColumns, parent: parent)
            let inverse = AssociationDeclarations.inverseName(
                child: table, columns: fk.originColumns, belongsTo: belongsTo, isOneOfSeveral: true)
            guard AssociationDeclarations.areIdentifiers([belongsTo, inverse]) else { return nil }
            let key = belongsTo + "ForeignKey"
            let kind = table.isUniqueKey(fk.originColumns) ? "hasOne" : "hasMany"
            constants.append(
                "static let \(key) = "
                    + AssociationDeclarations.foreignKey(fk.originColumns, to: fk.destinationColumns, parent: parent))
            belongsTos.append("static let \(belongsTo) = belongsTo(\(parentType).self, using: \(key))")
            inverses.append("static let \(inverse) = \(kind)(\(child).self, using: \(child).\(key))")
        }
        return AssociationDeclarations.extensionBlock(child, constants + belongsTos) + "\n\n"
            + AssociationDeclarations.extensionBlock(parentType, inverses)
    }
}
