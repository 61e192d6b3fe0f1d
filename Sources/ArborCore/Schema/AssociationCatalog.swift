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

    private let convention: Convention?
    private var declaredByTable: [String: [Entry]] = [:]

    public init(convention: Convention? = nil) {
        self.convention = convention
    }

    /// The associations of `table`: inferred ones in convention order (a declared one
    /// of the same name takes its place), then the other declared ones.
    public func associations(of table: String) -> [Entry] {
        let declared = declaredByTable[table.sqlFolded] ?? []
        var entries = (convention?.associations(of: table) ?? []).map {
            Entry(name: $0.name, plan: $0.plan, isDeclared: false)
        }
        for entry in declared {
            if let i = entries.firstIndex(where: { $0.name == entry.name }) {
                entries[i] = entry
            } else {
                entries.append(entry)
            }
        }
        return entries
    }

    /// The association `name` the app declared on `table`, without inferring the convention's.
    public func declaredAssociation(named name: String, of table: String) -> Entry? {
        declaredByTable[table.sqlFolded]?.first { $0.name == name }
    }

    public func association(named name: String, of table: String) -> Entry? {
        if let declared = declaredByTable[table.sqlFolded]?.first(where: { $0.name == name }) { return declared }
        // The convention's names start with a lowercase letter (`Naming.lowerCamel`): a type's
        // name (`Author`, `Columns`) in a body never has it infer every association of the table.
        if name.first?.isUppercase == true { return nil }
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
        var entries = declaredByTable[table.sqlFolded] ?? []
        if let i = entries.firstIndex(where: { $0.name == entry.name }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
        declaredByTable[table.sqlFolded] = entries
    }
}
