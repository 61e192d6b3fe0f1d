import ArborMigrations
import ArborTestSupport
import GRDB
import XCTest

/// A wallet app's schema, shaped like gemwalletcom/gem-ios's: a `Migrations` struct keeps
/// its `DatabaseMigrator` in a stored property, two methods register on it in turn, and
/// each table is made by its record's `static func create(db:)`, where one record's name
/// ends another's (`TransferRecord`, `FeeTransferRecord`).
final class StoredMigratorTests: XCTestCase {
    static let source = """
        import GRDB

        struct FeeTransferRecord: TableRecord {
            static let databaseTableName = "fee_transfers"
            static func create(db: Database) throws {
                try db.create(table: databaseTableName) { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column("fee", .text)
                }
            }
        }
        struct TransferRecord: TableRecord {
            static let databaseTableName = "transfers"
            static func create(db: Database) throws {
                try db.create(table: databaseTableName) { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column("amount", .text).notNull()
                }
            }
        }

        struct Migrations {
            var migrator = DatabaseMigrator()

            init(migrator: DatabaseMigrator = DatabaseMigrator()) {
                self.migrator = migrator
            }

            mutating func run(dbQueue: DatabaseQueue) throws {
                migrator.registerMigration("start") { db in
                    try FeeTransferRecord.create(db: db)
                    try TransferRecord.create(db: db)
                }
                try migrator.migrate(dbQueue)
            }

            mutating func runChanges(dbQueue: DatabaseQueue) throws {
                self.migrator.registerMigration("add note") { db in
                    try db.alter(table: TransferRecord.databaseTableName) { t in
                        t.add(column: "note", .text)
                    }
                }
                try migrator.migrate(dbQueue)
            }
        }
        """

    /// The same migrations, compiled: what the app's two methods register, in turn.
    static func compiled() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("start") { db in
            try db.create(table: "fee_transfers") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("fee", .text)
            }
            try db.create(table: "transfers") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("amount", .text).notNull()
            }
        }
        migrator.registerMigration("add note") { db in
            try db.alter(table: "transfers") { t in t.add(column: "note", .text) }
        }
        return migrator
    }

    static func schema(_ database: DatabaseQueue) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
        }
    }

    func testTheStoredMigratorHoldsWhatEachMethodRegistersInOrder() throws {
        let program = try XCTUnwrap(MigrationProgram.read([(path: "Migrations.swift", text: Self.source)]))
        XCTAssertEqual(program.migratorName, "Migrations.migrator")
        XCTAssertEqual(program.migrations.map(\.identifier), ["start", "add note"])
        XCTAssertEqual(program.notes, [])
    }

    func testEachRecordsCreateIsItsOwnAndTheSchemaIsGRDBs() throws {
        let program = try XCTUnwrap(MigrationProgram.read([(path: "Migrations.swift", text: Self.source)]))
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let expected = try DatabaseQueue()
        try Self.compiled().migrate(expected)
        XCTAssertEqual(try Self.schema(built), try Self.schema(expected))
        let tables = try built.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%transfers'")
        }
        XCTAssertEqual(tables.sorted(), ["fee_transfers", "transfers"])
    }
}
