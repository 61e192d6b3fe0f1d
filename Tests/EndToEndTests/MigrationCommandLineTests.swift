import ArborTestSupport
import Foundation
import XCTest

/// The migrations on the command line: no DATABASE, `--migrations`, `--migrator`,
/// and `:schema` with `--format swift`.
final class MigrationCommandLineTests: XCTestCase {
    func testWithoutADatabaseTheMigrationsBuildTheSchema() throws {
        let app = try MigrationFixtures.appFile()
        let result = try ArborProcess.run(["--load", app, "-c", ":tables", "-c", ":associations player"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "arbor: built the schema from 3 migrations in AppDatabase.swift (AppDatabase.migrator)"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("skipped `AppDatabase.migrator`"), result.stderr)
        XCTAssertTrue(result.stdout.contains("player  (table)  Player"), result.stdout)
        XCTAssertTrue(result.stdout.contains("team  "), result.stdout)
    }

    func testMigrationsExitsOneWhenTheFileIsNotUpToDate() throws {
        let app = try MigrationFixtures.appFile()
        let partial = try MigrationFixtures.migratedFile(upTo: "createPlayer")
        let before = FileSnapshot(partial)
        let pending = try ArborProcess.run([partial, "--load", app, "--migrations"])
        XCTAssertEqual(pending.status, 1, pending.stderr)
        XCTAssertTrue(pending.stdout.contains("pending  v3"), pending.stdout)
        XCTAssertEqual(FileSnapshot(partial), before)
        let done = try ArborProcess.run([try MigrationFixtures.migratedFile(), "--load", app, "--migrations"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(done.stdout.hasSuffix("3 applied, 0 pending: up to date\n"), done.stdout)
        let noLoad = try ArborProcess.run([partial, "--migrations"])
        XCTAssertEqual(noLoad.status, 2)
    }

    func testSeveralMigratorsAreListedAndChosenByName() throws {
        let source = """
            enum Old { static var migrator: DatabaseMigrator {
                var m = DatabaseMigrator(); m.registerMigration("a") { db in try db.create(table: "a") { t in t.column("x") } }; return m } }
            enum New { static var migrator: DatabaseMigrator {
                var m = DatabaseMigrator(); m.registerMigration("b") { db in try db.create(table: "b") { t in t.column("x") } }; return m } }
            """
        let app = try MigrationFixtures.appFile(source, named: "Migrators.swift")
        let ambiguous = try ArborProcess.run(["--load", app, "-c", ":tables"])
        XCTAssertEqual(ambiguous.status, 2)
        XCTAssertTrue(ambiguous.stderr.contains("Old.migrator"), ambiguous.stderr)
        XCTAssertTrue(ambiguous.stderr.contains("New.migrator"), ambiguous.stderr)
        let chosen = try ArborProcess.run(["--load", app, "--migrator", "New.migrator", "-c", ":tables"])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertTrue(chosen.stdout.hasPrefix("grdb_migrations  (table)"), chosen.stdout)
        XCTAssertTrue(chosen.stdout.contains("\nb  (table)"), chosen.stdout)
        XCTAssertTrue(chosen.stderr.contains("other migrators (--migrator NAME): Old.migrator"), chosen.stderr)
    }

    func testSchemaInSwiftFormatWritesTheSchemaAsSwift() throws {
        let result = try ArborProcess.run(["--format", "swift", "-c", ":schema"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("struct Author: Codable, FetchableRecord, PersistableRecord {"), result.stdout)
        XCTAssertTrue(result.stdout.contains("migrator.registerMigration(\"createSchema\") { db in"), result.stdout)
    }
}
