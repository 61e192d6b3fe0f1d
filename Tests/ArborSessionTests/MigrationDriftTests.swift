import ArborMigrations
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `:migrations --diff` on files made by running part of the migrations, and on files
/// changed by hand: each difference is found, and its fix, run by GRDB, removes it.
final class MigrationDriftTests: XCTestCase {
    func session(_ file: String) throws -> Session {
        let session = try Session(path: file)
        _ = try session.load(paths: [try MigrationFixtures.appFile()])
        return session
    }

    /// Runs every fix as one migration (read by arbor, run by GRDB) on a copy of `file`;
    /// returns the drift left.
    func driftAfterFixes(_ file: String, _ differences: [SchemaDifference]) throws -> [SchemaDifference] {
        let source = MigrationFixtures.fixMigration(differences.flatMap(\.fix))
        let program = try XCTUnwrap(try MigrationProgram.read([(path: "Fix.swift", text: source)]))
        XCTAssertEqual(program.notes, [], source)
        let copy = try TemporaryItems.folder("fixed").appendingPathComponent("fixed.sqlite").path
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        let queue = try DatabaseQueue(path: copy)
        let failures = MigrationFailures()
        try program.databaseMigrator(failures: failures).migrate(queue)
        XCTAssertEqual(failures.notes, [], source)
        try queue.close()
        return try session(copy).migrationDrift().differences
    }

    func testAPartlyMigratedFileMissesWhatTheLaterMigrationsMake() throws {
        let file = try MigrationFixtures.migratedFile(upTo: "createTeam")
        let before = FileSnapshot(file)
        let differences = try session(file).migrationDrift().differences
        let descriptions = differences.map(\.description)
        XCTAssertTrue(descriptions.contains("table player: in the code, not in the file"), "\(descriptions)")
        XCTAssertTrue(descriptions.contains("table membership: in the code, not in the file"), "\(descriptions)")
        XCTAssertTrue(descriptions.contains("view playerName: in the code, not in the file"), "\(descriptions)")
        XCTAssertTrue(
            descriptions.contains("table team: index index_team_on_color (color) in the code, not in the file"),
            "\(descriptions)")
        XCTAssertTrue(descriptions.contains { $0.hasPrefix("trigger __player_ft_ai on player") }, "\(descriptions)")
        XCTAssertEqual(FileSnapshot(file), before)
        XCTAssertEqual(try driftAfterFixes(file, differences), [])
    }

    func testAFileChangedByHand() throws {
        let file = try MigrationFixtures.migratedFile()
        try DatabaseQueue(path: file).writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    ALTER TABLE player ADD COLUMN extra TEXT;
                    DROP INDEX player_on_score;
                    CREATE INDEX player_on_name_score ON player(name, score);
                    DROP VIEW playerName;
                    CREATE VIEW playerName AS SELECT name FROM player;
                    CREATE TABLE audit (id INTEGER PRIMARY KEY);
                    DROP TABLE season;
                    CREATE TABLE season (year TEXT PRIMARY KEY);
                    """)
        }
        let session = try session(file)
        let differences = try session.migrationDrift().differences
        let descriptions = differences.map(\.description)
        XCTAssertEqual(
            Set(descriptions),
            [
                "table season: column year: type INTEGER in the code, TEXT in the file",
                "table player: column extra in the file, not in the code",
                "table player: index player_on_score (score) WHERE \"score\" > 10 in the code, not in the file",
                "table player: index player_on_name_score (name, score) in the file, not in the code",
                "table audit: in the file, not in the code",
                "view playerName: its SELECT differs",
            ])
        let text = session.run(":migrations --diff").map { outcome -> String in
            if case .commandOutput(let text) = outcome { return text }
            return "\(outcome)"
        }.joined()
        XCTAssertTrue(text.hasPrefix("6 differences from the file to the code:"), text)
        XCTAssertTrue(text.contains("    try db.drop(table: \"audit\")"), text)
        XCTAssertTrue(text.contains("    try db.rename(table: \"new_season\", to: \"season\")"), text)
        XCTAssertEqual(try driftAfterFixes(file, differences), [])
    }

    func testForeignKeyActionsAndDefaultsDiffer() throws {
        let code = try DatabaseQueue()
        try code.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE p (id INTEGER PRIMARY KEY);
                    CREATE TABLE c (id INTEGER PRIMARY KEY, pId INTEGER REFERENCES p(id) ON DELETE CASCADE, n INTEGER DEFAULT 0)
                    """)
        }
        let file = try DatabaseQueue()
        try file.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE p (id INTEGER PRIMARY KEY);
                    CREATE TABLE c (id INTEGER PRIMARY KEY, pId INTEGER REFERENCES p(id), n INTEGER DEFAULT 1)
                    """)
        }
        let differences = SchemaDrift.compare(
            file: try file.read(SchemaSnapshot.read), code: try code.read(SchemaSnapshot.read))
        XCTAssertEqual(differences.count, 1)
        let description = try XCTUnwrap(differences.first?.description)
        XCTAssertTrue(description.contains("default 0 in the code, 1 in the file"), description)
        XCTAssertTrue(
            description.contains("foreign key (pId) → p(id) ON DELETE CASCADE in the code, not in the file"),
            description)
        XCTAssertTrue(
            differences[0].fix.contains(
                #"    t.foreignKey(["pId"], references: "p", columns: ["id"], onDelete: .cascade)"#),
            "\(differences[0].fix)")
    }
}
