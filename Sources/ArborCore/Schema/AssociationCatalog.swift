/// The named associations of every table: inferred from foreign keys by the
/// convention (lazily, table by table), then shadowed by the user's declarations.
public struct AssociationCatalog: Sendable {
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var plan: AssociationPlan
        public var isDeclared: Bool

        public init(name: String, plan: AssociationPlan, isDeclared: Bool) {
            self.name = name
            self.plan = plan
            self.isDeclared = isDeclared
        }
    }

    /// A table's declared associations, in declaration order, and where each name is: an
    /// app may declare thousands on one table, each added and looked up by name.
    private struct Declared: Sendable {
        var entries: [Entry] = []
        var positions: [String: Int] = [:]

        func entry(named name: String) -> Entry? {
            positions[name].map { entries[$0] }
        }

        mutating func add(_ entry: Entry) {
            if let i = positions[entry.name] {
                entries[i] = entry
            } else {
                positions[entry.name] = entries.count
                entries.append(entry)
            }
        }
    }

    private let convention: Convention?
    private var declaredByTable: [String: Declared] = [:]

    public init(convention: Convention? = nil) {
        self.convention = convention
    }

    /// The associations of `table`: inferred ones in convention order (a declared one
    /// of the same name takes its place), then the other declared ones.
    public func associations(of table: String) -> [Entry] {
        let declared = declaredByTable[table.sqlFolded]?.entries ?? []
        var entries = (convention?.associations(of: table) ?? []).map {
            Entry(name: $0.name, plan: $0.plan, isDeclared: false)
        }
        var positions: [String: Int] = [:]
        for (i, entry) in entries.enumerated() where positions[entry.name] == nil { positions[entry.name] = i }
        for entry in declared {
            if let i = positions[entry.name] {
                entries[i] = entry
            } else {
                entries.append(entry)
            }
        }
        return entries
    }

    public func association(named name: String, of table: String) -> Entry? {
        if let declared = declaredByTable[table.sqlFolded]?.entry(named: name) { return declared }
        // The convention's names start with a lowercase letter (`Naming.lowerCamel`): a type's
        // name (`Author`, `Columns`) in a body never has it infer every association of the table.
        if name.startsUppercase { return nil }
        return convention?.associations(of: table).first { $0.name == name }.map {
            Entry(name: $0.name, plan: $0.plan, isDeclared: false)
        }
    }

    /// Why `table` has no association `name`: a foreign key of the schema would have
    /// given that name but can not be used (missing table or column, a view).
    public func whyMissing(_ name: String, of table: String) -> String? {
        if association(named: name, of: table) != nil { return nil }
        return convention?.unusableForeignKey(named: name, of: table)?.reason
    }

    /// The foreign keys held by or referencing `table` that make no association.
    public func unusableForeignKeys(of table: String) -> [UnusableForeignKey] {
        convention?.unusableForeignKeys(of: table) ?? []
    }

    /// The tables (folded as `sqlFolded`) that have declared associations.
    public var tablesWithDeclarations: Set<String> { Set(declaredByTable.keys) }

    /// Adds a declared association, replacing one of the same name.
    public mutating func add(_ entry: Entry, to table: String) {
        // In place: a copy of the table's list for each association added was quadratic.
        declaredByTable[table.sqlFolded, default: Declared()].add(entry)
    }
}
