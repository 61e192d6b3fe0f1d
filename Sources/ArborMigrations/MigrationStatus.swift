import GRDB

/// Which of the code's migrations a database file has run, from GRDB's
/// `grdb_migrations` table: applied, pending, or applied but unknown to the code.
public struct MigrationStatus: Sendable, Equatable {
    public enum State: String, Sendable {
        case applied, pending
        /// In the file's `grdb_migrations`, not registered by the code.
        case unknown
    }

    public struct Entry: Sendable, Equatable {
        public var identifier: String
        public var state: State
        /// The code's migration is incomplete in arbor (a statement it does not run).
        public var isIncomplete: Bool
    }

    public var migratorName: String
    public var entries: [Entry]

    public var isUpToDate: Bool { entries.allSatisfy { $0.state == .applied } }
    public var pending: [String] { entries.filter { $0.state == .pending }.map(\.identifier) }

    public static func read(_ program: MigrationProgram, in db: Database) throws -> MigrationStatus {
        var applied: [String] = []
        if try db.tableExists("grdb_migrations") {
            applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        let appliedSet = Set(applied)
        let known = Set(program.migrations.map(\.identifier))
        var entries = program.migrations.map { migration in
            // A merged migration counts as applied when the file ran all it replaces (GRDB's rule).
            let merged = !migration.merging.isEmpty && Set(migration.merging).isSubset(of: appliedSet)
            return Entry(
                identifier: migration.identifier,
                state: appliedSet.contains(migration.identifier) || merged ? .applied : .pending,
                isIncomplete: !migration.isComplete)
        }
        let replaced = Set(program.migrations.flatMap(\.merging))
        for identifier in applied where !known.contains(identifier) && !replaced.contains(identifier) {
            entries.append(Entry(identifier: identifier, state: .unknown, isIncomplete: false))
        }
        return MigrationStatus(migratorName: program.migratorName, entries: entries)
    }

    /// One line a migration, then the counts.
    public var lines: [String] {
        let width = entries.map { $0.state.rawValue.count }.max() ?? 0
        var lines = entries.map { entry in
            let state = entry.state.rawValue + String(repeating: " ", count: width - entry.state.rawValue.count)
            var line = "\(state)  \(entry.identifier)"
            if entry.state == .unknown { line += "  (in the file's grdb_migrations, not in the code)" }
            if entry.isIncomplete { line += "  (arbor does not run all of it: see the notes of the load)" }
            return line
        }
        func count(_ state: State) -> Int { entries.filter { $0.state == state }.count }
        var summary = "\(count(.applied)) applied, \(count(.pending)) pending"
        if count(.unknown) > 0 { summary += ", \(count(.unknown)) unknown to the code" }
        summary += isUpToDate ? ": up to date" : ": not up to date"
        lines.append(summary)
        return lines
    }
}
