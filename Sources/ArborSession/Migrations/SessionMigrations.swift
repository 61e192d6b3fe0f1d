import ArborCore
import ArborLanguage
import ArborMigrations
import Foundation
import GRDB

/// The app's migrations in a session: the database built from them (no DATABASE),
/// their status in the open file (`:migrations`), the drift (`:migrations --diff`) and
/// applying them (`:migrate`).
extension Session {
    /// The migrator `migrator` (or the only one) of the Swift files read; nil when they
    /// register no migrations.
    public static func migrationProgram(
        _ reading: SourceFileReading, migrator: String?, flags: Set<String>? = nil
    ) throws -> MigrationProgram? {
        try MigrationProgram.read(
            reading.texts, migrator: migrator, flags: flags ?? ConditionalCompilation.defaultFlags)
    }

    /// Opens the database that `program`'s migrations build in memory, through GRDB's
    /// migrator; `failures` are what GRDB refused while they ran.
    public convenience init(migrations program: MigrationProgram, busyTimeout: TimeInterval = 5) throws {
        let built: DatabaseQueue
        let failures: [MigrationNote]
        do {
            (built, failures) = try program.build(configuration: Self.configuration(busyTimeout: busyTimeout))
        } catch {
            throw OpenError("the migrations of \(program.migratorName) could not run: \(Self.message(error))")
        }
        try self.init(path: nil, busyTimeout: busyTimeout, built: built)
        builtFrom = program
        buildFailures = failures
    }

    /// The migrations of the loaded code: those the database was built from, else the
    /// migrator the loaded files declare (`--migrator` chooses among several).
    public func migrationProgram() throws -> MigrationProgram {
        if let builtFrom { return builtFrom }
        let files = program.units.filter { !$0.name.hasPrefix("<") }.map { (path: $0.name, text: $0.text) }
        guard let found = try MigrationProgram.read(files, migrator: migratorName, flags: flags) else {
            throw ArborError(
                "the loaded code registers no migrations: load the app's code that builds its DatabaseMigrator (--load FILE)"
            )
        }
        return found
    }

    /// Each of the code's migrations with its state in the open file.
    public func migrationStatus() throws -> MigrationStatus {
        let program = try migrationProgram()
        guard path != nil else {
            throw ArborError(
                "no database file is open: the schema was built from these migrations; name the app's database file to see which ran (arbor FILE --load …)"
            )
        }
        return try database.read { db in try MigrationStatus.read(program, in: db) }
    }
}
