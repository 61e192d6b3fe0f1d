import ArborMigrations
import ArborTestSupport
import GRDB
import XCTest

/// A field-work app's migration, shaped like CrisisCleanup/crisiscleanup-ios's: the
/// migration's own `let epoch0 = …` (a value arbor can not evaluate) has the name of
/// another file's `private let epoch0`. In Swift the local hides it; arbor must not
/// take the other file's constant (a wrong default, in silence) nor place the note in
/// the other file.
final class MigrationLocalShadowingTests: XCTestCase {
    static let database = """
        import GRDB

        struct AppDatabase {
            static var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
                    let epoch0 = Date.launchDay
                    try db.create(table: "site") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.column("seenAt", .text).notNull().defaults(to: epoch0)
                    }
                }
                return migrator
            }
        }
        """
    static let record = """
        import GRDB

        private let epoch0 = "elsewhere"

        struct Site: TableRecord {}
        """

    /// The `let` in the migrator's body, which the migration's closure captures.
    static let capturing = """
        import GRDB

        struct AppDatabase {
            static var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                let epoch0 = Date.launchDay
                let fallback = "none"
                migrator.registerMigration("v1") { db in
                    try db.create(table: "site") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.column("seenAt", .text).notNull().defaults(to: epoch0)
                        t.column("label", .text).notNull().defaults(to: fallback)
                    }
                }
                return migrator
            }
        }
        """

    func testACapturedLetOfTheMigratorIsTheMigrationsToo() throws {
        let program = try XCTUnwrap(
            MigrationProgram.read([
                (path: "AppDatabase.swift", text: Self.capturing), (path: "Site.swift", text: Self.record),
            ]))
        XCTAssertEqual(
            program.notes.map { "\($0.file):\($0.line): \($0.message)" },
            [
                "AppDatabase.swift:11: arbor does not know the value of `epoch0`; migration \"v1\" is incomplete without it"
            ])
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let sql = try XCTUnwrap(
            try built.read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'site'")
            })
        XCTAssertFalse(sql.contains("elsewhere"), sql)
        XCTAssertTrue(sql.contains("DEFAULT 'none'"), sql)
    }

    func testTheUnknownLocalHidesTheOtherFilesConstant() throws {
        let program = try XCTUnwrap(
            MigrationProgram.read([
                (path: "AppDatabase.swift", text: Self.database), (path: "Site.swift", text: Self.record),
            ]))
        XCTAssertEqual(
            program.notes.map(\.message),
            [
                "arbor does not know the value of `epoch0`; migration \"v1\" is incomplete without it"
            ])
        XCTAssertEqual(program.notes.map { "\($0.file):\($0.line)" }, ["AppDatabase.swift:10"])
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let sql = try XCTUnwrap(
            try built.read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'site'")
            })
        XCTAssertFalse(sql.contains("elsewhere"), sql)
    }
}
