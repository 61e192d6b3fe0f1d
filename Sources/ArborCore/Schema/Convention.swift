import Foundation

/// Infers associations from foreign keys exactly as docs/LANGUAGE.md §1.3 says.
///
/// The index is cheap to build (no inflection); the associations of a table are
/// computed the first time they are asked for, because GRDB's inflections run
/// dozens of regular expressions per name and a schema may have thousands of tables.
public final class Convention: @unchecked Sendable {
    /// One inferred association.
    public struct Inferred: Hashable, Sendable {
        public var owner: String
        public var name: String
        public var plan: AssociationPlan
        /// The foreign key (of the child table) a direct association comes from.
        var foreignKeyID: Int?
        /// Convention order across the whole schema: (child position, key id, side) for
        /// rules 1-3, after every one of them for rule 4.
        var order: [Int]
    }

    /// A usable foreign key: both tables exist and its columns are resolved.
    struct Key {
        var child: TableInfo
        var childPosition: Int
        var parent: TableInfo
        var info: ForeignKeyInfo
        /// True when the child has several keys to this parent (rule 3).
        var isOneOfSeveral: Bool
    }

    private let schema: SchemaGraph
    private let typeNames: RecordTypeNames
    /// Keys by lowercased child and by lowercased parent.
    private var keysByChild: [String: [Key]] = [:]
    private var keysByParent: [String: [Key]] = [:]
    /// Link tables (rule 4) by lowercased name of the tables they link.
    private var linksByTable: [String: [(position: Int, link: TableInfo, a: Key, b: Key)]] = [:]

    /// Foreign keys that make no association, by lowercased table and the names they would have given.
    private var unusableByTableAndName: [String: [String: UnusableForeignKey]] = [:]

    private let lock = NSLock()
    private var directCache: [String: [Inferred]] = [:]
    private var allCache: [String: [Inferred]] = [:]

    public init(schema: SchemaGraph, typeNames: RecordTypeNames) {
        self.schema = schema
        self.typeNames = typeNames
        var referenced: Set<String> = []
        for (position, child) in schema.tables.enumerated() where child.kind == .table {
            var keys: [Key] = []
            for fk in child.foreignKeys {
                if let problem = UnusableForeignKey.problem(fk, of: child, in: schema) {
                    let unusable = UnusableForeignKey(child: child.name, info: fk, problem: problem)
                    for (table, name) in unusable.names(in: schema) {
                        unusableByTableAndName[table.sqlFolded, default: [:]][name] = unusable
                    }
                    continue
                }
                guard let parent = schema.table(named: fk.destinationTable) else { continue }
                keys.append(Key(child: child, childPosition: position, parent: parent, info: fk, isOneOfSeveral: false))
                referenced.insert(parent.name.sqlFolded)
            }
            for i in keys.indices {
                keys[i].isOneOfSeveral = keys.filter { $0.parent.name == keys[i].parent.name }.count > 1
            }
            guard !keys.isEmpty else { continue }
            keysByChild[child.name.sqlFolded] = keys
            for key in keys { keysByParent[key.parent.name.sqlFolded, default: []].append(key) }
        }
        for (position, link) in schema.tables.enumerated() {
            guard let keys = keysByChild[link.name.sqlFolded], keys.count == 2, Self.isLinkTable(link, keys, referenced)
            else { continue }
            for table in Set([keys[0].parent.name.sqlFolded, keys[1].parent.name.sqlFolded]) {
                linksByTable[table, default: []].append((position, link, keys[0], keys[1]))
            }
        }
    }

    /// Rule 4's definition of a link table.
    private static func isLinkTable(_ link: TableInfo, _ keys: [Key], _ referenced: Set<String>) -> Bool {
        let (a, b) = (keys[0], keys[1])
        let linkName = link.name.sqlFolded
        guard a.parent.name.sqlFolded != b.parent.name.sqlFolded, a.parent.name.sqlFolded != linkName,
            b.parent.name.sqlFolded != linkName, !referenced.contains(linkName)
        else { return false }
        let keyColumns = a.info.originColumns + b.info.originColumns
        let keyColumnSet = Set(keyColumns.map { $0.sqlFolded })
        let primaryKeySet = Set(link.primaryKey.map { $0.sqlFolded })
        let others = link.columns.filter {
            !primaryKeySet.contains($0.name.sqlFolded) && !keyColumnSet.contains($0.name.sqlFolded)
        }
        return link.isUniqueKey(keyColumns) || others.count <= 2
    }

    /// The inferred associations of `table`, in convention order.
    public func associations(of table: String) -> [Inferred] {
        let key = table.sqlFolded
        lock.lock()
        if let cached = allCache[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        var result = direct(key)
        result += throughs(key, direct: result)
        lock.lock()
        allCache[key] = result
        lock.unlock()
        return result
    }

    /// Why `table` has no association `name`, when a foreign key that can not be
    /// used would have given it that name.
    public func unusableForeignKey(named name: String, of table: String) -> UnusableForeignKey? {
        guard let unusable = unusableByTableAndName[table.sqlFolded]?[name] else { return nil }
        return associations(of: table).contains { $0.name == name } ? nil : unusable
    }

    /// The foreign keys that make no association for `table`, held by it or referencing it.
    public func unusableForeignKeys(of table: String) -> [UnusableForeignKey] {
        var seen: Set<UnusableForeignKey> = []
        return (unusableByTableAndName[table.sqlFolded] ?? [:]).values
            .sorted { ($0.child, $0.info.id) < ($1.child, $1.info.id) }
            .filter { seen.insert($0).inserted }
    }

    /// Every inferred association of the schema, in convention order.
    public func all() -> [Inferred] {
        schema.tables.flatMap { associations(of: $0.name) }.sorted { $0.order.lexicographicallyPrecedes($1.order) }
    }

    /// The inferred associations of a whole schema (convenience for tests and tools).
    public static func infer(_ schema: SchemaGraph, typeNames: RecordTypeNames) -> [Inferred] {
        Convention(schema: schema, typeNames: typeNames).all()
    }

    private func display(_ table: String) -> String { typeNames.type(forTable: table) ?? "Table(\"\(table)\")" }

    /// Rules 1-3 and 5 for one table: its BelongsTo from its own keys, its HasOne/HasMany
    /// from the keys that reference it, in the order of their child tables and key ids.
    private func direct(_ table: String) -> [Inferred] {
        lock.lock()
        if let cached = directCache[table] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        var events: [(order: [Int], key: Key, isBelongsTo: Bool)] = []
        for key in keysByChild[table] ?? [] { events.append(([key.childPosition, key.info.id, 0], key, true)) }
        for key in keysByParent[table] ?? [] { events.append(([key.childPosition, key.info.id, 1], key, false)) }
        events.sort { $0.order.lexicographicallyPrecedes($1.order) }
        var entries: [Inferred] = events.map { event in
            let key = event.key
            let belongsTo = Self.belongsToName(key.info, parent: key.parent)
            let spec = ForeignKeySpec(
                originColumns: key.info.originColumns, destinationColumns: key.info.destinationColumns)
            if event.isBelongsTo {
                return Inferred(
                    owner: key.child.name, name: belongsTo,
                    plan: AssociationPlan(
                        base: .direct(
                            kind: .belongsTo, origin: key.child.name, destination: key.parent.name, key: belongsTo,
                            foreignKey: spec),
                        displayName: "\(display(key.child.name)).\(belongsTo)"),
                    foreignKeyID: key.info.id, order: event.order)
            }
            let isOne = key.child.isUniqueKey(key.info.originColumns)
            var name = Naming.lowerCamel(Naming.words(key.child.name))
            if !isOne { name = Naming.pluralize(name) }
            if key.isOneOfSeveral { name += "As" + Naming.uppercasingFirst(belongsTo) }
            return Inferred(
                owner: key.parent.name, name: name,
                plan: AssociationPlan(
                    base: .direct(
                        kind: isOne ? .hasOne : .hasMany, origin: key.parent.name, destination: key.child.name,
                        key: name, foreignKey: spec),
                    displayName: "\(display(key.parent.name)).\(name)"),
                foreignKeyID: key.info.id, order: event.order)
        }
        // Rule 5: clashes left get 2, 3, … in order.
        var seen: [String: Int] = [:]
        for i in entries.indices {
            let name = entries[i].name
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            if count > 1 { rename(&entries[i], to: name + String(count)) }
        }
        lock.lock()
        directCache[table] = entries
        lock.unlock()
        return entries
    }

    /// Rule 4 for one table: a HasManyThrough for each link table it takes part in.
    private func throughs(_ table: String, direct: [Inferred]) -> [Inferred] {
        var result: [Inferred] = []
        for (position, link, a, b) in (linksByTable[table] ?? []).sorted(by: { $0.position < $1.position }) {
            for (sideIndex, (from, to)) in [(a, b), (b, a)].enumerated() where from.parent.name.sqlFolded == table {
                let linkEntries = self.direct(link.name.sqlFolded)
                guard
                    let pivot = direct.first(where: {
                        $0.foreignKeyID == from.info.id && $0.plan.base.kind != .belongsTo
                            && $0.plan.destination.sqlFolded == link.name.sqlFolded
                    }),
                    let target = linkEntries.first(where: {
                        $0.foreignKeyID == to.info.id && $0.plan.base.kind == .belongsTo
                    })
                else { continue }
                let name = Naming.pluralize(target.name)
                let taken = direct.contains { $0.name == name } || result.contains { $0.name == name }
                if taken { continue }
                result.append(
                    Inferred(
                        owner: from.parent.name, name: name,
                        plan: AssociationPlan(
                            base: .through(
                                kind: .hasManyThrough, origin: from.parent.name, pivot: pivot.plan, target: target.plan,
                                key: name),
                            displayName: "\(display(from.parent.name)).\(name)"),
                        foreignKeyID: nil, order: [Int.max, position, sideIndex]))
            }
        }
        return result
    }

    /// Rule 1: the BelongsTo name.
    public static func belongsToName(_ fk: ForeignKeyInfo, parent: TableInfo) -> String {
        if fk.originColumns.count == 1, let column = fk.originColumns.first,
            let parentColumn = fk.destinationColumns.first
        {
            var words = Naming.words(column)
            if let last = words.last, let parentLast = Naming.words(parentColumn).last,
                last.sqlFolded == parentLast.sqlFolded
            {
                words.removeLast()
            }
            if !words.isEmpty { return Naming.lowerCamel(words) }
        }
        return Naming.lowerCamel(Naming.words(parent.name))
    }

    private func rename(_ inferred: inout Inferred, to name: String) {
        inferred.name = name
        inferred.plan.displayName = "\(display(inferred.owner)).\(name)"
        if case .direct(let kind, let origin, let destination, _, let fk) = inferred.plan.base {
            inferred.plan.base = .direct(
                kind: kind, origin: origin, destination: destination, key: name, foreignKey: fk)
        }
    }
}
