/// The named associations of every table: inferred from foreign keys by the
/// convention, then shadowed by the user's declarations.
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

    private var entriesByTable: [String: [Entry]] = [:]

    public init() {}

    /// The associations of `table`, inferred ones first in convention order, then declared ones.
    public func associations(of table: String) -> [Entry] { entriesByTable[table.lowercased()] ?? [] }

    public func association(named name: String, of table: String) -> Entry? {
        associations(of: table).first { $0.name == name }
    }

    /// Adds an association, replacing one of the same name.
    public mutating func add(_ entry: Entry, to table: String) {
        var entries = entriesByTable[table.lowercased()] ?? []
        if let i = entries.firstIndex(where: { $0.name == entry.name }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
        entriesByTable[table.lowercased()] = entries
    }
}
