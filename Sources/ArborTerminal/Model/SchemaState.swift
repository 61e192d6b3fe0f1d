import ArborCore
import ArborLanguage
import ArborSession

/// The schema pane: tables and views with their row counts (filled in as the
/// background counts arrive), each expandable to its columns and associations.
public struct SchemaState: Sendable {
    public struct Table: Sendable, Equatable {
        public var name: String
        /// The record type name (`Author`), or `Table("name")`.
        public var typeName: String
        public var isView: Bool
        public var columns: [(name: String, type: String, isPrimaryKey: Bool)]
        /// Read when the table is first opened: with ten thousand tables, working
        /// out every association up front took 0.4 s at start and after each request.
        public var associations: [(name: String, summary: String)] = []
        var hasAssociations = false

        public static func == (a: Table, b: Table) -> Bool {
            a.name == b.name && a.typeName == b.typeName && a.columns.map(\.name) == b.columns.map(\.name)
                && a.associations.map(\.name) == b.associations.map(\.name)
        }
    }

    public enum RowCount: Sendable, Equatable {
        case counting
        case counted(Int)
        case failed
    }

    /// One line of the pane.
    public enum Line: Sendable, Equatable {
        case table(Int)
        case column(table: Int, index: Int)
        case association(table: Int, index: Int)
    }

    public var tables: [Table]
    public var counts: [String: RowCount] = [:]
    public var expanded: Set<String> = [] {
        didSet { loadAssociations() }
    }
    public var selected = 0
    public var top = 0

    private(set) var environment: Environment

    public init(environment: Environment) {
        self.environment = environment
        tables = Self.tables(of: environment)
    }

    /// Refreshes tables and associations after declarations, keeping counts and state.
    public mutating func update(environment: Environment) {
        self.environment = environment
        var fresh = Self.tables(of: environment)
        for t in fresh.indices where expanded.contains(fresh[t].name) {
            fresh[t].associations = Self.associations(of: fresh[t].name, environment: environment)
            fresh[t].hasAssociations = true
        }
        if fresh != tables { tables = fresh }
    }

    /// Reads the associations of the open tables that do not have them yet.
    private mutating func loadAssociations() {
        for t in tables.indices where !tables[t].hasAssociations && expanded.contains(tables[t].name) {
            tables[t].associations = Self.associations(of: tables[t].name, environment: environment)
            tables[t].hasAssociations = true
        }
    }

    static func associations(of table: String, environment: Environment) -> [(name: String, summary: String)] {
        environment.catalog.associations(of: table).map { entry in
            (entry.name, summary(entry.plan, environment: environment))
        }
    }

    static func tables(of environment: Environment) -> [Table] {
        environment.schema.tables.filter { $0.kind != .shadow }.map { info in
            Table(
                name: info.name,
                typeName: environment.displayName(ofTable: info.name),
                isView: info.isView,
                columns: info.columns.map { ($0.name, $0.type, $0.primaryKeyIndex > 0) })
        }
    }

    /// `hasMany → Book (authorId)`.
    static func summary(_ plan: AssociationPlan, environment: Environment) -> String {
        var text = "\(plan.base.kind.rawValue) → \(environment.displayName(ofTable: plan.destination))"
        switch plan.base {
        case .direct(_, _, _, _, let foreignKey?):
            text += " (\(foreignKey.originColumns.joined(separator: ", ")))"
        case .through(_, _, let pivot, _, _):
            text += " through \(pivot.displayName)"
        default:
            break
        }
        return text
    }

    public var lines: [Line] {
        var lines: [Line] = []
        for (t, table) in tables.enumerated() {
            lines.append(.table(t))
            guard expanded.contains(table.name) else { continue }
            for c in table.columns.indices { lines.append(.column(table: t, index: c)) }
            for a in table.associations.indices { lines.append(.association(table: t, index: a)) }
        }
        return lines
    }

    public mutating func move(by steps: Int, height: Int) {
        let count = lines.count
        guard count > 0 else { return }
        selected = min(max(0, selected + steps), count - 1)
        if selected < top { top = selected }
        if height > 0, selected >= top + height { top = selected - height + 1 }
    }

    /// After a resize: the first rows show again when the selection fits
    /// among them, and no blank space is left below the last line.
    public mutating func fit(height: Int) {
        guard height > 0 else { return }
        if selected < height {
            top = 0
        } else {
            top = min(max(top, selected - height + 1), selected)
            top = max(0, min(top, lines.count - height))
        }
    }

    /// Opens or closes the table of the selected line.
    public mutating func toggle(height: Int) {
        let lines = self.lines
        guard lines.indices.contains(selected) else { return }
        let t: Int
        switch lines[selected] {
        case .table(let i): t = i
        case .column(let i, _), .association(let i, _): t = i
        }
        let name = tables[t].name
        if expanded.contains(name) {
            expanded.remove(name)
            // The selection goes back to the table line it was under.
            selected = self.lines.firstIndex(of: .table(t)) ?? 0
        } else {
            expanded.insert(name)
        }
        move(by: 0, height: height)
    }

    /// What choosing the selected line inserts into the input: `Author`,
    /// `Author.books`, `Column("name")`.
    public var insertion: String? {
        let lines = self.lines
        guard lines.indices.contains(selected) else { return nil }
        switch lines[selected] {
        case .table(let t):
            return tables[t].typeName
        case .column(let t, let c):
            return "Column(\(SQLValue.swiftQuoted(tables[t].columns[c].name)))"
        case .association(let t, let a):
            return "\(tables[t].typeName).\(SwiftIdentifier.typed(tables[t].associations[a].name))"
        }
    }
}
