/// Infers associations from foreign keys exactly as LANGUAGE.md §1 says.
public enum Convention {
    /// One inferred association, before it becomes a catalog entry.
    public struct Inferred: Hashable, Sendable {
        public var owner: String
        public var name: String
        public var plan: AssociationPlan
        /// The foreign key (of the child table) a direct association comes from.
        var foreignKeyID: Int?
    }

    public static func catalog(for schema: SchemaGraph, typeNames: RecordTypeNames) -> AssociationCatalog {
        var catalog = AssociationCatalog()
        for inferred in infer(schema, typeNames: typeNames) {
            catalog.add(.init(name: inferred.name, plan: inferred.plan, isDeclared: false), to: inferred.owner)
        }
        return catalog
    }

    /// The inferred associations, in convention order.
    public static func infer(_ schema: SchemaGraph, typeNames: RecordTypeNames) -> [Inferred] {
        // A usable foreign key: both tables exist and its columns are resolved.
        struct Key {
            var child: TableInfo
            var parent: TableInfo
            var info: ForeignKeyInfo
        }
        var keysByChild: [String: [Key]] = [:]
        var referenced: Set<String> = []
        for child in schema.tables where child.kind == .table {
            for fk in child.foreignKeys {
                guard let parent = schema.table(named: fk.destinationTable), parent.kind == .table,
                    fk.destinationColumns.count == fk.originColumns.count, !fk.originColumns.isEmpty
                else { continue }
                keysByChild[child.name, default: []].append(Key(child: child, parent: parent, info: fk))
                referenced.insert(parent.name.lowercased())
            }
        }
        func display(_ table: String) -> String { typeNames.type(forTable: table) ?? "Table(\"\(table)\")" }

        // Rules 1-3, in table then foreign key order; `perTable` keeps each table's order.
        var perTable: [String: [Inferred]] = [:]
        var tableOrder: [String] = []
        var processingOrder: [(owner: String, index: Int)] = []
        func append(_ inferred: Inferred) {
            let owner = inferred.owner.lowercased()
            if perTable[owner] == nil { tableOrder.append(owner) }
            processingOrder.append((owner, perTable[owner, default: []].count))
            perTable[owner, default: []].append(inferred)
        }
        for child in schema.tables {
            guard let keys = keysByChild[child.name] else { continue }
            for key in keys {
                let parent = key.parent
                let fk = key.info
                let several = keys.filter { $0.parent.name == parent.name }.count > 1
                let belongsTo = belongsToName(fk, parent: parent)
                let isOne = child.isUniqueKey(fk.originColumns)
                var childName = Naming.lowerCamel(Naming.words(child.name))
                if !isOne { childName = Naming.pluralize(childName) }
                if several { childName += "As" + Naming.uppercasingFirst(belongsTo) }
                let spec = ForeignKeySpec(originColumns: fk.originColumns, destinationColumns: fk.destinationColumns)
                append(
                    Inferred(
                        owner: child.name, name: belongsTo,
                        plan: AssociationPlan(
                            base: .direct(
                                kind: .belongsTo, origin: child.name, destination: parent.name, key: belongsTo,
                                foreignKey: spec),
                            displayName: "\(display(child.name)).\(belongsTo)"),
                        foreignKeyID: fk.id))
                append(
                    Inferred(
                        owner: parent.name, name: childName,
                        plan: AssociationPlan(
                            base: .direct(
                                kind: isOne ? .hasOne : .hasMany, origin: parent.name, destination: child.name,
                                key: childName, foreignKey: spec),
                            displayName: "\(display(parent.name)).\(childName)"),
                        foreignKeyID: fk.id))
            }
        }

        // Rule 5: number clashes among rules 1-3, later ones get 2, 3, …
        for owner in tableOrder {
            guard var entries = perTable[owner] else { continue }
            var seen: [String: Int] = [:]
            for i in entries.indices {
                let name = entries[i].name
                let count = (seen[name] ?? 0) + 1
                seen[name] = count
                if count > 1 { rename(&entries[i], to: name + String(count), display: display) }
            }
            perTable[owner] = entries
        }

        // Rule 4: link tables.
        var throughs: [Inferred] = []
        for link in schema.tables {
            guard let keys = keysByChild[link.name], keys.count == 2 else { continue }
            let (a, b) = (keys[0], keys[1])
            guard a.parent.name.lowercased() != b.parent.name.lowercased(),
                a.parent.name.lowercased() != link.name.lowercased(),
                b.parent.name.lowercased() != link.name.lowercased(),
                !referenced.contains(link.name.lowercased())
            else { continue }
            let keyColumns = a.info.originColumns + b.info.originColumns
            let keyColumnSet = Set(keyColumns.map { $0.lowercased() })
            let primaryKeySet = Set(link.primaryKey.map { $0.lowercased() })
            let others = link.columns.filter {
                !primaryKeySet.contains($0.name.lowercased()) && !keyColumnSet.contains($0.name.lowercased())
            }
            guard link.isUniqueKey(keyColumns) || others.count <= 2 else { continue }
            for (from, to) in [(a, b), (b, a)] {
                guard let pivotEntry = entry(in: perTable, owner: from.parent.name, child: link.name, fkID: from.info.id),
                    let targetEntry = entry(in: perTable, owner: link.name, belongsToID: to.info.id)
                else { continue }
                let name = Naming.pluralize(targetEntry.name)
                let owner = from.parent.name.lowercased()
                let taken = (perTable[owner] ?? []).contains { $0.name == name }
                    || throughs.contains { $0.owner.lowercased() == owner && $0.name == name }
                if taken { continue }
                throughs.append(
                    Inferred(
                        owner: from.parent.name, name: name,
                        plan: AssociationPlan(
                            base: .through(
                                kind: .hasManyThrough, origin: from.parent.name, pivot: pivotEntry.plan,
                                target: targetEntry.plan, key: name),
                            displayName: "\(display(from.parent.name)).\(name)"),
                        foreignKeyID: nil))
            }
        }

        let direct = processingOrder.compactMap { perTable[$0.owner]?[$0.index] }
        return direct + throughs
    }

    /// Rule 1: the BelongsTo name.
    static func belongsToName(_ fk: ForeignKeyInfo, parent: TableInfo) -> String {
        if fk.originColumns.count == 1, let column = fk.originColumns.first,
            let parentColumn = fk.destinationColumns.first
        {
            var words = Naming.words(column)
            if let last = words.last, let parentLast = Naming.words(parentColumn).last,
                last.lowercased() == parentLast.lowercased()
            {
                words.removeLast()
            }
            if !words.isEmpty { return Naming.lowerCamel(words) }
        }
        return Naming.lowerCamel(Naming.words(parent.name))
    }

    private static func rename(_ inferred: inout Inferred, to name: String, display: (String) -> String) {
        inferred.name = name
        inferred.plan.displayName = "\(display(inferred.owner)).\(name)"
        if case .direct(let kind, let origin, let destination, _, let fk) = inferred.plan.base {
            inferred.plan.base = .direct(kind: kind, origin: origin, destination: destination, key: name, foreignKey: fk)
        }
    }

    /// The HasOne/HasMany of `owner` made from foreign key `fkID` of `child`.
    private static func entry(in perTable: [String: [Inferred]], owner: String, child: String, fkID: Int) -> Inferred? {
        perTable[owner.lowercased()]?.first {
            guard case .direct(let kind, _, let destination, _, _) = $0.plan.base, kind != .belongsTo else { return false }
            return destination.lowercased() == child.lowercased() && $0.foreignKeyID == fkID
        }
    }

    /// The BelongsTo of `owner` made from its foreign key `belongsToID`.
    private static func entry(in perTable: [String: [Inferred]], owner: String, belongsToID: Int) -> Inferred? {
        perTable[owner.lowercased()]?.first {
            guard case .direct(.belongsTo, _, _, _, _) = $0.plan.base else { return false }
            return $0.foreignKeyID == belongsToID
        }
    }
}
