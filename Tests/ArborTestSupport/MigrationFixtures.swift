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
