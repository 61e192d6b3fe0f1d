import ArborMigrations
import Foundation
import GRDB

/// Apps' migration code for the tests of the migration stage, and files made by
/// running some of it.
public enum MigrationFixtures {
    /// A migrator of three migrations using most of GRDB's schema API.
    public static let playerApp = #"""
        import GRDB

        struct AppDatabase {
            static let playerTable = "player"

            private var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                #if DEBUG
                migrator.eraseDatabaseOnSchemaChange = true
                #endif
                migrator.registerMigration("createTeam") { db in
                    try db.create(table: "team") { t in
                        t.primaryKey("id", .text)
                        t.column("name", .text).notNull().unique(onConflict: .replace).collate(.nocase)
                        t.column("color", .text).defaults(to: "red").check { $0 != "" }
                        t.check(sql: "length(name) < 100")
                    }
                }
                migrator.registerMigration("createPlayer") { db in
                    try db.create(table: Self.playerTable) { t in
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
        }
        """#

    /// Migrations of our own written the way real apps write them (forms seen in open-source
    /// GRDB apps: podcast players, a CloudKit sync library, a movies demo), with the Swift
    /// statement that, compiled, migrates a `DatabaseQueue` named `queue` with them.
    public static let modelledApps: [(name: String, source: String, run: String)] = [
        (
            "PodcastLibrary",
            #"""
            import Foundation
            import GRDB

            class ShowLibrary {
                static func migrate(db: DatabaseQueue) throws {
                    var migrator = DatabaseMigrator()

                    migrator.registerMigration("v1") { db in
                        try db.create(table: "shows") { t in
                            t.column("id", .integer).primaryKey()
                            t
                                .column("feed", .text)
                                .unique(onConflict: .fail)
                                .notNull()
                                .indexed()
                            t.column("title", .text).notNull()
                            t.column("artwork", .blob)
                            t.column("autoRefresh", .boolean).notNull().defaults(to: true)
                            t.column("addedAt", .datetime).notNull().defaults(sql: "CURRENT_TIMESTAMP")
                        }
                        try db.create(table: "items", body: { t in
                            t.autoIncrementedPrimaryKey("id")
                            t.uniqueKey(["showId", "guid"], onConflict: .fail)
                            t.belongsTo("show", inTable: "shows", onDelete: .cascade).notNull()
                            t.column("guid", .text).notNull()
                            t.column("position", .integer).check { $0 >= 0 }
                            t.column("speed", .double).check { $0 >= 0.5 && $0 <= 3.0 }
                            t.column("heard", .boolean).notNull().defaults(to: false)
                            t.column("order", .integer)
                        })
                        try db.create(index: "items_on_guid_show", on: "items", columns: ["guid", "showId"], unique: true)
                    }

                    migrator.registerMigration("v2") { db in
                        try db.alter(table: "shows", body: { t in
                            t.add(column: "refreshEvery", .integer).notNull().defaults(to: 0)
                        })
                        try db.alter(table: "items") { t in
                            t.rename(column: "heard", to: "played")
                        }
                        try db.execute(
                            sql: """
                                UPDATE items SET position = CASE
                                  WHEN played = 1 THEN 0
                                  ELSE position
                                END
                                """
                        )
                        try db.create(index: "items_on_order", on: "items", columns: ["order"], condition: Column("order") != nil)
                    }

                    migrator.registerMigration("v3") { _ in
                        let key = "lastShow"
                        if let value = UserDefaults.standard.object(forKey: key) as? Int {
                            UserDefaults.standard.set(value, forKey: key + "ID")
                        }
                    }

                    try migrator.migrate(db)
                }
            }
            """#,
            "try ShowLibrary.migrate(db: queue)"
        ),
        (
            "SyncStore",
            #"""
            import GRDB

            class StoreMigrator {
                static func setupMigrator() -> DatabaseMigrator {
                    var migrator = DatabaseMigrator()
                    migrator.registerMigration("1") { (db) in
                        try! db.create(table: "Note", body: { (table) in
                            table.column("uuid", Database.ColumnType.text).unique(onConflict: Database.ConflictResolution.replace).primaryKey().notNull()
                            table.column("body", Database.ColumnType.text)
                        })
                    }
                    migrator.registerMigration("2") { (db) in
                        try! db.alter(table: "Note", body: { (table) in
                            table.add(column: "parentUUID", Database.ColumnType.text)
                        })
                    }
                    return migrator
                }
            }
            """#,
            "try StoreMigrator.setupMigrator().migrate(queue)"
        ),
        (
            "RecordHelpers",
            #"""
            import GRDB

            struct Album: Codable, FetchableRecord, PersistableRecord {
                var id: Int64?
                var title: String
                static let databaseTableName = "albums"
                enum Columns {
                    static let id = Column(CodingKeys.id)
                    static let title = Column(CodingKeys.title)
                }
                static func createTable(in db: Database) throws {
                    try db.create(table: Self.databaseTableName) { table in
                        table.autoIncrementedPrimaryKey(Columns.id.name)
                        table.column(Columns.title.name, .text).notNull().unique()
                    }
                }
            }

            struct Song: Codable, FetchableRecord, PersistableRecord {
                var id: Int64?
                var albumsId: Int64
                static let databaseTableName = "songs"
                static func createTable(in db: Database) throws {
                    try db.create(table: databaseTableName) { table in
                        table.primaryKey {
                            table.belongsTo(Album.databaseTableName, onDelete: .cascade)
                            table.column("track", .integer)
                        }
                    }
                }
            }

            func createSchema(_ db: Database) throws {
                try Album.createTable(in: db)
                try Song.createTable(in: db)
            }

            enum Library {
                static var migrator: DatabaseMigrator {
                    var migrator = DatabaseMigrator()
                    migrator.registerMigration("schema") { db in
                        try createSchema(db)
                    }
                    return migrator
                }
            }
            """#,
            "try Library.migrator.migrate(queue)"
        ),
    ]

    /// The app's code as a file (`AppDatabase.swift` in a fresh folder); returns its path.
    public static func appFile(_ source: String = playerApp, named name: String = "AppDatabase.swift") throws -> String
    {
        try TemporaryItems.file(name, source)
    }

    /// A database file on which GRDB's migrator ran the app's migrations up to `last`
    /// (all when nil), read by arbor from `source`.
    public static func migratedFile(_ source: String = playerApp, upTo last: String? = nil) throws -> String {
        let path = try TemporaryItems.folder("migrated").appendingPathComponent("app.sqlite").path
        guard let program = try MigrationProgram.read([(path: "AppDatabase.swift", text: source)]) else {
            throw MigrationFixtureError.noMigrator
        }
        let queue = try DatabaseQueue(path: path)
        let migrator = program.databaseMigrator(failures: MigrationFailures(), stopsOnFailure: true)
        if let last { try migrator.migrate(queue, upTo: last) } else { try migrator.migrate(queue) }
        try queue.close()
        return path
    }

    /// `fix` (the lines `:migrations --diff` prints) as a migration of its own, in Swift.
    public static func fixMigration(_ fix: [String]) -> String {
        ([
            "var migrator: DatabaseMigrator {", "    var migrator = DatabaseMigrator()",
            "    migrator.registerMigration(\"fix\") { db in",
        ]
            + fix.map { "        " + $0 } + ["    }", "    return migrator", "}"]).joined(separator: "\n")
    }
}

enum MigrationFixtureError: Error { case noMigrator }
