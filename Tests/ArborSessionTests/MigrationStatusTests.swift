import ArborCore
import ArborLanguage
import ArborMigrations
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `:migrations` and `:migrate` on files made by running part of an app's migrations.
final class MigrationStatusTests: XCTestCase {
    /// The text of a command's outcome, or its error.
    func output(_ session: Session, _ command: String) -> String {
        session.run(command).map { outcome -> String in
            switch outcome {
            case .commandOutput(let text): text
            case .failure(let errors, _): "error: " + errors.map(\.message).joined(separator: "; ")
            default: "\(outcome)"
            }
        }.joined(separator: "\n")
    }

    func session(_ file: String, writable: Bool = false) throws -> Session {
        let session = try Session(path: file, writable: writable)
        _ = try session.load(paths: [try MigrationFixtures.appFile()])
        return session
    }

    func testAPartlyMigratedFileHasPendingMigrationsAndIsLeftUntouched() throws {
        let file = try MigrationFixtures.migratedFile(upTo: "createPlayer")
        let before = FileSnapshot(file)
        let session = try session(file)
        let status = try session.migrationStatus()
        XCTAssertEqual(
            status.entries.map { "\($0.state.rawValue) \($0.identifier)" },
            ["applied createTeam", "applied createPlayer", "pending v3"])
        XCTAssertFalse(status.isUpToDate)
        let text = output(session, ":migrations")
        XCTAssertTrue(text.hasPrefix("migrations of AppDatabase.migrator, in order:"), text)
        XCTAssertTrue(text.contains("pending  v3"), text)
        XCTAssertTrue(text.hasSuffix("2 applied, 1 pending: not up to date"), text)
        XCTAssertEqual(FileSnapshot(file), before)
    }

    func testAMigrationOnlyTheFileKnowsIsUnknown() throws {
        let file = try MigrationFixtures.migratedFile()
        try DatabaseQueue(path: file).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('fromAnotherBranch')")
        }
        let status = try session(file).migrationStatus()
        XCTAssertEqual(status.entries.last?.state, .unknown)
        XCTAssertEqual(status.entries.last?.identifier, "fromAnotherBranch")
        XCTAssertFalse(status.isUpToDate)
        XCTAssertTrue(status.lines.last?.contains("1 unknown to the code") == true)
    }

    func testAnUpToDateFile() throws {
        let status = try session(try MigrationFixtures.migratedFile()).migrationStatus()
        XCTAssertTrue(status.isUpToDate)
        XCTAssertEqual(status.lines.last, "3 applied, 0 pending: up to date")
    }

    /// Without a database the files are read once: the declarations loaded are the bytes
    /// the migrations were read from, even once the file is gone.
    func testTheMigrationsAndTheDeclarationsAreReadFromTheSameBytes() throws {
        let records =
            "\nstruct Player: TableRecord { static let team = belongsTo(Team.self) }\nstruct Team: TableRecord {}\n"
        let file = try MigrationFixtures.appFile(MigrationFixtures.playerApp + records)
        let reading = try SourceFileReading(paths: [file])
        let program = try XCTUnwrap(try Session.migrationProgram(reading, migrator: nil))
        let session = try Session(migrations: program)
        try FileManager.default.removeItem(atPath: file)
        let report = try session.load(reading)
        XCTAssertEqual(report.files, 1)
        XCTAssertFalse(report.hasErrors, report.renderedDiagnostics.joined(separator: "\n"))
        XCTAssertEqual(session.environment.typeNames.table(forType: "Player"), "player")
        XCTAssertNotNil(session.environment.catalog.association(named: "team", of: "player"))
        XCTAssertThrowsError(try session.load(paths: [file]))
    }

    func testTheBuiltDatabaseHasNoFileToCompare() throws {
        let program = try XCTUnwrap(
            try Session.migrationProgram(SourceFileReading(paths: [try MigrationFixtures.appFile()]), migrator: nil))
        let session = try Session(migrations: program)
        XCTAssertThrowsError(try session.migrationStatus()) { error in
            XCTAssertTrue("\(error)".contains("no database file is open"), "\(error)")
        }
        XCTAssertEqual(session.environment.schema.table(named: "player")?.foreignKeys.first?.destinationTable, "team")
    }

    func testMigrateIsRefusedWithoutWrite() throws {
        let file = try MigrationFixtures.migratedFile(upTo: "createTeam")
        let before = FileSnapshot(file)
        let text = output(try session(file), ":migrate")
        XCTAssertTrue(text.hasPrefix("error: `:migrate` changes the database file: open it with --write"), text)
        XCTAssertEqual(FileSnapshot(file), before)
    }

    func testMigrateRunsThePendingMigrationsAfterABackup() throws {
        let file = try MigrationFixtures.migratedFile(upTo: "createTeam")
        let session = try session(file, writable: true)
        let text = output(session, ":migrate")
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("backup: \(file).backup-") == true, text)
        XCTAssertEqual(lines.dropFirst().first, #"ran 2 migrations: "createPlayer", "v3""#)
        // The backup is the file as it was: one migration.
        let backup = String(lines[0].dropFirst("backup: ".count))
        let backedUp = try DatabaseQueue(path: backup).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        XCTAssertEqual(backedUp, ["createTeam"])
        XCTAssertTrue(try session.migrationStatus().isUpToDate)
        XCTAssertTrue(
            output(session, ":migrations --diff").hasPrefix("no drift"), output(session, ":migrations --diff"))
        // The session reads the new schema.
        XCTAssertNotNil(session.environment.schema.table(named: "membership"))
        XCTAssertEqual(
            output(session, ":migrate"), "nothing to run: the file has run every migration of AppDatabase.migrator")
    }
}
