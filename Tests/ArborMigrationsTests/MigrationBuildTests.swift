import ArborMigrations
import ArborTestSupport
import GRDB
import XCTest

/// The migration stage against GRDB itself: the same migrations, once read from Swift
/// source by arbor and once compiled here, must build the same schema.
final class MigrationBuildTests: XCTestCase {

    /// The same migrations as `source`, compiled.
    static func compiled() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createTeam") { db in
            try db.create(table: "team") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull().unique(onConflict: .replace).collate(.nocase)
                t.column("color", .text).defaults(to: "red").check { $0 != "" }
                t.check(sql: "length(name) < 100")
            }
        }
        migrator.registerMigration("createPlayer") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team", onDelete: .cascade).notNull()
                t.column("name", .text).notNull().indexed()
                t.column("score", .integer).notNull().defaults(to: 0).check { $0 >= 0 && $0 <= 1000 }
                t.column("bonus", .double).generatedAs(Column("score") * 2)
                t.column("createdAt", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
                t.uniqueKey(["teamId", "name"])
            }
            try db.create(index: "player_on_score", on: "player", columns: ["score"], condition: Column("score") > 10)
            try db.execute(sql: "INSERT INTO team (id, name) VALUES (?, ?)", arguments: ["red", "Red"])
        }
        migrator.registerMigration("v3", foreignKeyChecks: .immediate) { db in
            try db.create(table: "membership", options: [.withoutRowID]) { t in
                t.primaryKey {
                    t.belongsTo("player", onDelete: .cascade)
                    t.column("season", .integer)
                }
                t.foreignKey(["season"], references: "season", columns: ["year"], onUpdate: .setNull, deferred: true)
            }
            try db.create(table: "season") { t in
                t.column("year", .integer).primaryKey()
            }
            try db.alter(table: "player") { t in
                t.add(column: "nickname", .text).defaults(to: "")
                t.rename(column: "bonus", to: "doubleScore")
            }
            try db.create(view: "playerName", as: SQLRequest<Row>(sql: "SELECT id, name FROM player"))
            try db.create(
                view: "topPlayers",
                as: Table("player").select(Column("name"), Column("score")).filter(Column("score") > 100)
                    .order(Column("score").desc, Column("name")).limit(10))
            try db.create(virtualTable: "player_ft", using: FTS5()) { t in
                t.synchronize(withTable: "player")
                t.tokenizer = .porter(wrapping: .unicode61(diacritics: .keep))
                t.column("name")
                t.column("nickname").notIndexed()
                t.prefixes = [2, 3]
            }
            try db.create(indexOn: "team", columns: ["color"])
            try db.execute(literal: "UPDATE team SET color = \("blue") WHERE id = \("red")")
        }
        return migrator
    }

    /// Every `sqlite_master` entry, and the rows of `team`.
    static func dump(_ database: DatabaseQueue) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
                + String.fetchAll(db, sql: "SELECT id || ',' || name || ',' || color FROM team")
        }
    }

    func testTheMigrationsReadFromSourceBuildWhatGRDBBuildsCompiled() throws {
        let program = try XCTUnwrap(
            MigrationProgram.read([(path: "AppDatabase.swift", text: MigrationFixtures.playerApp)]))
        XCTAssertEqual(program.migratorName, "AppDatabase.migrator")
        XCTAssertEqual(program.migrations.map(\.identifier), ["createTeam", "createPlayer", "v3"])
        XCTAssertEqual(program.notes, [])
        XCTAssertTrue(program.erasesDatabaseOnSchemaChange)
        XCTAssertEqual(
            program.summary, "built the schema from 3 migrations in AppDatabase.swift (AppDatabase.migrator)")
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let expected = try DatabaseQueue()
        try Self.compiled().migrate(expected)
        XCTAssertEqual(try Self.dump(built), try Self.dump(expected))
        XCTAssertEqual(try Self.dump(built).last, "red,Red,blue")
        // GRDB's own bookkeeping is there too: the migrator ran.
        let applied = try built.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        XCTAssertEqual(applied, ["createTeam", "createPlayer", "v3"])
    }

    func testWhatArborDoesNotRunIsALocatedNoteNamingTheMigration() throws {
        let source = """
            var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
                    try db.create(table: "a") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.column("x", .text).mystery()
                    }
                    for name in ["b", "c"] {
                        try db.create(table: name) { t in t.column("y") }
                    }
                    try Player(name: "x").save(db)
                }
                return migrator
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "M.swift", text: source)]))
        XCTAssertEqual(program.notes.map { "\($0.line):\($0.column)" }, ["6:13", "8:9", "11:9"])
        XCTAssertTrue(
            program.notes.allSatisfy { $0.message.contains("migration \"v1\" is incomplete") }, "\(program.notes)")
        XCTAssertTrue(program.notes[0].message.contains("mystery"))
        XCTAssertEqual(program.summary, "built the schema from 1 migration in M.swift (migrator); 1 incomplete")
        // What it could read still runs: table `a` without the unknown modifier's column.
        let (built, _) = try program.build()
        let tables = try built.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name = 'a'")
        }
        XCTAssertEqual(tables, ["a"])
    }

    func testRecordsInsertedByAMigrationAreInTheBuiltDatabase() throws {
        let source = """
            struct Team: Codable, PersistableRecord {
                var id: String
                var name: String
                var rank: Int?
                enum CodingKeys: String, CodingKey { case id, name = "label", rank }
            }
            struct AppDatabase {
                var migrator: DatabaseMigrator {
                    var migrator = DatabaseMigrator()
                    migrator.registerMigration("v1") { db in
                        try db.create(table: "team") { t in
                            t.primaryKey("id", .text)
                            t.column("label", .text).notNull()
                            t.column("rank", .integer)
                        }
                        try Team(id: "old", name: "Old", rank: nil).insert(db)
                        try Team.deleteAll(db)
                        try Team(id: "red", name: "Red", rank: 1).insert(db)
                        try Team(id: "blue", name: "Blue", rank: nil).insert(db)
                    }
                    return migrator
                }
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "A.swift", text: source)]))
        XCTAssertEqual(program.notes, [])
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let rows = try built.read { db in
            try String.fetchAll(
                db, sql: "SELECT id || ':' || label || ':' || ifnull(rank, 'NULL') FROM team ORDER BY id")
        }
        XCTAssertEqual(rows, ["blue:Blue:NULL", "red:Red:1"])
    }

    func testSeveralMigratorsAreChosenByName() throws {
        let source = """
            enum Old { static var migrator: DatabaseMigrator {
                var m = DatabaseMigrator(); m.registerMigration("a") { db in try db.create(table: "a") { t in t.column("x") } }; return m } }
            enum New { static var migrator: DatabaseMigrator {
                var m = DatabaseMigrator(); m.registerMigration("b") { db in try db.create(table: "b") { t in t.column("x") } }; return m } }
            """
        let files = [(path: "M.swift", text: source)]
        XCTAssertThrowsError(try MigrationProgram.read(files)) { error in
            XCTAssertTrue("\(error)".contains("Old.migrator"), "\(error)")
            XCTAssertTrue("\(error)".contains("--migrator"), "\(error)")
        }
        XCTAssertEqual(try MigrationProgram.read(files, migrator: "New.migrator")?.migrations.map(\.identifier), ["b"])
        XCTAssertThrowsError(try MigrationProgram.read(files, migrator: "migrator"))
        XCTAssertThrowsError(try MigrationProgram.read(files, migrator: "Nope"))
    }

    func testHelpersFunctionReferencesAndDuplicateIdentifiers() throws {
        let source = """
            extension DatabaseMigrator {
                mutating func registerV2() {
                    registerMigration("v2", migrate: AppDatabase.createBooks)
                }
            }
            struct AppDatabase {
                static func registerV1(_ migrator: inout DatabaseMigrator) {
                    migrator.registerMigration("v1") { db in
                        try db.create(table: "author") { t in t.autoIncrementedPrimaryKey("id") }
                    }
                }
                static func createBooks(_ db: Database) throws {
                    try db.create(table: "book") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.belongsTo("author")
                    }
                }
                static let migrator: DatabaseMigrator = {
                    var migrator = DatabaseMigrator()
                    registerV1(&migrator)
                    migrator.registerV2()
                    migrator.registerMigration("v1") { db in }
                    return migrator
                }()
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "A.swift", text: source)]))
        XCTAssertEqual(program.migrations.map(\.identifier), ["v1", "v2"])
        XCTAssertEqual(program.notes.count, 1)
        XCTAssertTrue(program.notes[0].message.contains("registered twice"), "\(program.notes)")
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let keys = try built.read { db in try db.foreignKeys(on: "book").map(\.destinationTable) }
        XCTAssertEqual(keys, ["author"])
    }
}
