import ArborMigrations
import ArborTestSupport
import GRDB
import XCTest

/// What real apps' migrations do that arbor read as notes: helper functions taking more than
/// the database (`createNamedTable(db, name: "author")`, a default value, an overload told
/// apart by its labels), FTS4 tables (CrisisCleanup's `incident_ft`, synchronized, with a
/// tokenizer, then their triggers dropped), and dates as column defaults. Each built by arbor
/// from source and by GRDB from the same code compiled here: the schemas must be equal.
final class MigrationHelpersFTS4AndDatesTests: XCTestCase {
    static let source = """
        import GRDB

        struct AppDatabase {
            static func createNamedTable(_ db: Database, name: String, column: String = "name") throws {
                try db.create(table: name) { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column(column, .text).notNull()
                }
            }

            static func index(_ db: Database, table: String) throws {
                try db.create(indexOn: table, columns: ["title"])
            }

            static func index(_ db: Database, table: String, column: String) throws {
                try db.create(indexOn: table, columns: [column])
            }

            static var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
                    try createNamedTable(db, name: "author")
                    try Self.index(db, table: "author", column: "name")
                    try db.create(table: "book") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.belongsTo("author")
                        t.column("name", .text)
                        t.column("createdAt", .datetime).notNull().defaults(to: Date(timeIntervalSince1970: 0))
                        t.column("seenAt", .datetime).defaults(to: Date(timeIntervalSinceReferenceDate: 86_400.5))
                    }
                    try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                        t.synchronize(withTable: "book")
                        t.tokenizer = .porter
                        t.column("name")
                    }
                    try db.create(virtualTable: "note_ft", using: FTS4()) { t in
                        t.tokenizer = .unicode61(diacritics: .keep, separators: ["-"])
                        t.column("body")
                        t.column("kind").notIndexed()
                        t.prefixes = [2, 4]
                    }
                }
                migrator.registerMigration("v2") { db in
                    try db.drop(table: "book_ft")
                    try db.dropFTS4SynchronizationTriggers(forTable: "book_ft")
                    try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                        t.synchronize(withTable: "book")
                        t.tokenizer = .simple
                        t.column("name")
                    }
                    try AppDatabase.createNamedTable(db, name: "editor", column: "title")
                    try index(db, table: "editor")
                }
                return migrator
            }
        }
        """

    /// `source`'s migrations, compiled.
    static func createNamedTable(_ db: Database, name: String, column: String = "name") throws {
        try db.create(table: name) { t in
            t.autoIncrementedPrimaryKey("id")
            t.column(column, .text).notNull()
        }
    }

    static func compiled() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try Self.createNamedTable(db, name: "author")
            try db.create(indexOn: "author", columns: ["name"])
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author")
                t.column("name", .text)
                t.column("createdAt", .datetime).notNull().defaults(to: Date(timeIntervalSince1970: 0))
                t.column("seenAt", .datetime).defaults(to: Date(timeIntervalSinceReferenceDate: 86_400.5))
            }
            try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                t.synchronize(withTable: "book")
                t.tokenizer = .porter
                t.column("name")
            }
            try db.create(virtualTable: "note_ft", using: FTS4()) { t in
                t.tokenizer = .unicode61(diacritics: .keep, separators: ["-"])
                t.column("body")
                t.column("kind").notIndexed()
                t.prefixes = [2, 4]
            }
        }
        migrator.registerMigration("v2") { db in
            try db.drop(table: "book_ft")
            try db.dropFTS4SynchronizationTriggers(forTable: "book_ft")
            try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                t.synchronize(withTable: "book")
                t.tokenizer = .simple
                t.column("name")
            }
            try Self.createNamedTable(db, name: "editor", column: "title")
            try db.create(indexOn: "editor", columns: ["title"])
        }
        return migrator
    }

    /// Every `sqlite_master` entry.
    static func master(_ database: DatabaseQueue) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
        }
    }

    func testTheSchemaIsGRDBsOwn() throws {
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: Self.source)]))
        XCTAssertEqual(program.notes.map(\.message), [])
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        let expected = try DatabaseQueue()
        try Self.compiled().migrate(expected)
        XCTAssertEqual(try Self.master(built), try Self.master(expected))
        let master = try Self.master(built).joined(separator: "\n")
        // What each case gave: the helper's tables and index, the dates as GRDB stores them,
        // FTS4's module arguments and its triggers (the first table's dropped with it).
        XCTAssertTrue(
            master.contains(
                #"table editor: CREATE TABLE "editor" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL)"#
            ), master)
        XCTAssertTrue(master.contains("index index_author_on_name"), master)
        XCTAssertTrue(master.contains("index index_editor_on_title"), master)
        XCTAssertTrue(master.contains("DEFAULT '1970-01-01 00:00:00.000'"), master)
        XCTAssertTrue(master.contains("DEFAULT '2001-01-02 00:00:00.500'"), master)
        XCTAssertTrue(
            master.contains(
                #"USING fts4(body, kind, notindexed=kind, tokenize=unicode61 "remove_diacritics=0" "separators=-", prefix="2,4")"#
            ), master)
        XCTAssertTrue(master.contains(#"USING fts4(name, tokenize=simple, content="book")"#), master)
        XCTAssertTrue(master.contains("trigger __book_ft_ai"), master)
    }

    func testAHelperWhoseLabelsMatchNoFunctionIsANote() throws {
        let source = """
            import GRDB

            func createNamedTable(_ db: Database, name: String) throws {
                try db.create(table: name) { t in t.autoIncrementedPrimaryKey("id") }
            }

            var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
                    try createNamedTable(db, title: "author")
                    try createNamedTable(db, name: storedName())
                }
                return migrator
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: source)]))
        XCTAssertEqual(
            program.notes.map { "\($0.line): \($0.message)" },
            [
                "10: arbor does not run `try createNamedTable(db, title: \"author\")`; migration \"v1\" is incomplete without it",
                "4: arbor does not know the value of `name`; migration \"v1\" is incomplete without it",
            ])
    }

    func testTheTimeAMigrationRunsIsANote() throws {
        let source = """
            import GRDB

            var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
                    try db.create(table: "event") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.column("at", .datetime).defaults(to: Date())
                    }
                }
                return migrator
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: source)]))
        XCTAssertEqual(
            program.notes.map { "\($0.line): \($0.message)" },
            ["8: arbor can not evaluate `Date(…)` here; migration \"v1\" is incomplete without it"])
    }
}
