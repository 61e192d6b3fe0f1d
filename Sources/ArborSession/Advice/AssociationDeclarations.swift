import ArborCore

/// Association declarations in GRDB's Swift, named as the convention of
/// docs/LANGUAGE.md §1.3 names the inferred ones, for advice to print.
enum AssociationDeclarations {
    /// `Book(authorId) → author`: `author`.
    static func belongsToName(_ columns: [String], parent: TableInfo) -> String {
        let fk = ArborCore.ForeignKeyInfo(
            id: 0, destinationTable: parent.name, originColumns: columns,
            destinationColumns: parent.primaryKey.count == columns.count ? parent.primaryKey : [])
        return Convention.belongsToName(fk, parent: parent)
    }

    /// `author` → `book`: `books` (`coverImage` when the key is unique), with `As…` when
    /// the child has several foreign keys to the parent.
    static func inverseName(child: TableInfo, columns: [String], belongsTo: String, isOneOfSeveral: Bool) -> String {
        var name = Naming.lowerCamel(Naming.words(child.name))
        if !child.isUniqueKey(columns) { name = Naming.pluralize(name) }
        if isOneOfSeveral { name += "As" + Naming.uppercasingFirst(belongsTo) }
        return name
    }

    /// `ForeignKey(["authorId"])`, with `to:` unless the columns are the parent's primary key.
    static func foreignKey(_ columns: [String], to destination: [String], parent: TableInfo) -> String {
        let isPrimaryKey =
            destination.isEmpty || destination.map(\.sqlFolded) == parent.primaryKey.map(\.sqlFolded)
        return "ForeignKey(\(MigrationCode.strings(columns))"
            + (isPrimaryKey ? ")" : ", to: \(MigrationCode.strings(destination)))")
    }

    /// `extension Type {` … `}`.
    static func extensionBlock(_ type: String, _ lines: [String]) -> String {
        (["extension \(type) {"] + lines.map { "    " + $0 } + ["}"]).joined(separator: "\n")
    }

    /// True when every name is one Swift reads as an identifier.
    static func areIdentifiers(_ names: [String]) -> Bool { names.allSatisfy(Naming.isIdentifier) }
}
