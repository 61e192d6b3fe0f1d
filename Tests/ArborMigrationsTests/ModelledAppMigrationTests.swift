import ArborMigrations
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// Migrations written the way real apps write them (`MigrationFixtures.modelledApps`):
/// read with no note but for what is not schema, and, compiled against GRDB
/// (`ARBOR_COMPILE_GRDB=1`), the same schema, statement for statement.
final class ModelledAppMigrationTests: XCTestCase {
    /// Every schema statement of a database, in name order.
    static func master(_ database: DatabaseQueue) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master ORDER BY type, name")
        }
    }

    func testEachAppIsReadAndBuilt() throws {
        for app in MigrationFixtures.modelledApps {
            let program = try XCTUnwrap(try MigrationProgram.read([(path: "\(app.name).swift", text: app.source)]))
            let (built, failures) = try program.build()
            XCTAssertEqual(failures, [], app.name)
            let tables = try built.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            }
            switch app.name {
            case "PodcastLibrary":
                XCTAssertEqual(program.migrations.map(\.identifier), ["v1", "v2", "v3"])
                // The migration that only moves a user default is a note, not a silent success.
                XCTAssertEqual(program.notes.count, 1)
                XCTAssertEqual(program.notes.first?.line, 54)
                XCTAssertTrue(program.notes.first?.message.contains(#"migration "v3" is incomplete"#) == true)
                XCTAssertEqual(tables, ["grdb_migrations", "items", "shows", "sqlite_sequence"])
            case "SyncStore":
                XCTAssertEqual(program.notes, [])
                XCTAssertEqual(tables, ["Note", "grdb_migrations"])
            default:
                XCTAssertEqual(program.notes, [])
                XCTAssertEqual(tables, ["albums", "grdb_migrations", "songs", "sqlite_sequence"])
                let key = try built.read { db in try db.primaryKey("songs").columns }
                XCTAssertEqual(key, ["albumsId", "track"])
            }
        }
    }

    func testCompiledAgainstGRDBTheyBuildTheSameSchema() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB (minutes)")
        var programs: [String: [String: String]] = [:]
        for app in MigrationFixtures.modelledApps {
            programs[app.name] = ["App.swift": app.source, "main.swift": GRDBCompilation.migratingMain(app.run)]
        }
        let products = try GRDBCompilation.build(programs)
        for app in MigrationFixtures.modelledApps {
            let path = try TemporaryItems.folder("compiled").appendingPathComponent("app.sqlite").path
            let run = try GRDBCompilation.run(products.appendingPathComponent(app.name), [path])
            XCTAssertEqual(run.status, 0, run.text)
            let program = try XCTUnwrap(try MigrationProgram.read([(path: "\(app.name).swift", text: app.source)]))
            XCTAssertEqual(
                try Self.master(program.build().database), try Self.master(DatabaseQueue(path: path)), app.name)
        }
    }
}
