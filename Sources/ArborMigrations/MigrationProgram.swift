import ArborCore
import Foundation
import GRDB

/// The migration stage: the app's Swift files in, one migrator chosen, its migrations
/// read into schema calls, and GRDB's own `DatabaseMigrator` that replays them out.
///
/// ```
/// Swift files → MigratorDiscovery (migrators found) → MigrationReading (SchemaCalls, notes)
///   → DatabaseMigrator whose migrations replay the calls (SchemaReplay) → a database
/// ```
public struct MigrationProgram: Sendable {
    /// `AppDatabase.migrator`.
    public var migratorName: String
    /// The file that declares the migrator.
    public var file: String
    public var migrations: [ReadMigration]
    public var erasesDatabaseOnSchemaChange: Bool
    /// Everything arbor could not read: registrations it does not follow and statements of
    /// migrations it does not run, each located and naming its migration.
    public var notes: [MigrationNote]
    /// The other migrators found, for the load summary.
    public var otherMigrators: [String]
    /// Registrations arbor does not follow (a loop over the app's own list of migrations).
    public var unfollowedRegistrations = 0

    /// The migrators declared in `files` (path and text), by name.
    public static func migrators(in files: [(path: String, text: String)], flags: Set<String> = ["DEBUG"])
        -> [String]
    {
        MigratorDiscovery(files: files.map { ParsedSourceFile(name: $0.path, text: $0.text) }, flags: flags)
            .migrators().map(\.name)
    }

    /// Whether `text` holds `word`, by bytes: each place of its first byte found by `memchr`
    /// in vector steps, then compared by `memcmp` (Foundation's `contains` is slow on a big
    /// file, and a loop over the bytes cost six instructions each of every file loaded).
    static func mentions(_ word: String, in text: String) -> Bool {
        var word = word
        var text = text
        return word.withUTF8 { needle in
            guard let needleBase = needle.baseAddress, let first = needle.first else { return true }
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return false }
                var start = 0
                while bytes.count - start >= needle.count,
                    let found = memchr(base + start, Int32(first), bytes.count - start - needle.count + 1)
                {
                    let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + candidate, needleBase, needle.count) == 0 { return true }
                    start = candidate + 1
                }
                return false
            }
        }
    }

    /// Reads the migrator `name` (its full name or its last component), or the only one.
    /// Nil when the files declare no migrator; an error when the choice is ambiguous or unknown.
    public static func read(
        _ files: [(path: String, text: String)], migrator name: String? = nil, flags: Set<String> = ["DEBUG"]
    ) throws -> MigrationProgram? {
        // A migrator is made by `DatabaseMigrator()` (`MigratorDiscovery.makesMigrator`): code
        // without one is not parsed a second time only to find none (the load parses it).
        let makesMigrator = files.contains { mentions("DatabaseMigrator()", in: $0.text) }
        let discovery = MigratorDiscovery(
            files: makesMigrator ? files.map { ParsedSourceFile(name: $0.path, text: $0.text) } : [], flags: flags)
        let found = discovery.migrators()
        guard !found.isEmpty else {
            if let name { throw ArborError("--migrator \(name): the loaded code registers no migrations") }
            return nil
        }
        let list = found.map { "\($0.name) (\($0.file):\($0.line), \($0.migrations.count) migrations)" }
        let chosen: FoundMigrator
        if let name {
            let matches = found.filter { $0.name == name || $0.name.hasSuffix("." + name) }
            guard matches.count == 1, let match = matches.first else {
                throw ArborError(
                    "--migrator \(name): "
                        + (matches.isEmpty ? "no migrator of this name" : "several migrators of this name")
                        + "; found: " + list.joined(separator: ", "))
            }
            chosen = match
        } else {
            guard found.count == 1, let only = found.first else {
                throw ArborError(
                    "the loaded code has \(found.count) migrators: choose one with --migrator NAME; found: "
                        + list.joined(separator: ", "))
            }
            chosen = only
        }
        let migrations = chosen.migrations.map { MigrationReading.read($0, discovery: discovery) }
        return MigrationProgram(
            migratorName: chosen.name, file: chosen.file, migrations: migrations,
            erasesDatabaseOnSchemaChange: chosen.erasesDatabaseOnSchemaChange,
            notes: chosen.notes + migrations.flatMap(\.notes),
            otherMigrators: found.map(\.name).filter { $0 != chosen.name },
            unfollowedRegistrations: chosen.notes.count)
    }

    /// GRDB's migrator, whose migrations replay the calls read. What GRDB refuses in a
    /// migration (an SQL error, a missing table) is collected in `failures`, located, and
    /// the migration goes on: one bad statement must not hide the rest of the schema.
    /// With `stopsOnFailure` (a real file), the first refusal stops the migration, which
    /// GRDB then rolls back.
    public func databaseMigrator(failures: MigrationFailures, stopsOnFailure: Bool = false) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = false
        for migration in migrations {
            let run: @Sendable (Database, Set<String>) throws -> Void = { db, _ in
                for (call, place) in zip(migration.calls, migration.places) {
                    do {
                        try SchemaReplay.run(call, in: db)
                    } catch {
                        var note = place
                        note.message =
                            "GRDB refused this in migration \(migration.identifier.debugDescription): "
                            + Self.message(error)
                        failures.append(note)
                        if stopsOnFailure { throw error }
                    }
                }
            }
            migrator.registerMigration(
                migration.identifier, foreignKeyChecks: migration.foreignKeyChecksImmediate ? .immediate : .deferred,
                merging: Set(migration.merging), migrate: run)
        }
        return migrator
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// The migrations run in order by GRDB's migrator into a new in-memory database.
    public func build(configuration: Configuration = Configuration()) throws -> (
        database: DatabaseQueue, failures: [MigrationNote]
    ) {
        let database = try DatabaseQueue(configuration: configuration)
        let failures = MigrationFailures()
        try databaseMigrator(failures: failures).migrate(database)
        return (database, failures.notes)
    }

    /// `built the schema from 7 migrations in AppDatabase.swift`.
    public var summary: String {
        let count = migrations.count
        var line =
            "built the schema from \(count) migration\(count == 1 ? "" : "s") in "
            + (file as NSString).lastPathComponent + " (\(migratorName))"
        let incomplete = migrations.filter { !$0.isComplete }.count
        if incomplete > 0 { line += "; \(incomplete) incomplete" }
        if unfollowedRegistrations > 0 {
            line += "; \(unfollowedRegistrations) registration\(unfollowedRegistrations == 1 ? "" : "s") not followed"
        }
        return line
    }
}

/// What GRDB refused while the migrations ran, collected from GRDB's migration closures.
public final class MigrationFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [MigrationNote] = []
    private var places: Set<String> = []

    public init() {}

    /// A statement of a helper run several times is refused once.
    func append(_ note: MigrationNote) {
        lock.lock()
        if places.insert(note.description).inserted { collected.append(note) }
        lock.unlock()
    }

    public var notes: [MigrationNote] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
