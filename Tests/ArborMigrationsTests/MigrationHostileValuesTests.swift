import ArborMigrations
import GRDB
import XCTest

/// Values and bodies a hostile migration holds: a temporary synchronized FTS4 table (GRDB's
/// `fatalError`: arbor crashed), FTS5 modifiers and prefixes arbor does not know (dropped in
/// silence), dates of no year GRDB can write (stored as an empty text in silence), `Int64.min`
/// (called too big), and a table none of whose columns arbor reads (SQLite's "near ")":
/// syntax error" as the note).
final class MigrationHostileValuesTests: XCTestCase {
    static func app(_ migration: String) -> String {
        """
        import GRDB

        enum AppDatabase {
            static var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
                    try db.create(table: "book") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.column("title", .text)
                    }
        \(migration)
                }
                return migrator
            }
        }
        """
    }

    /// The notes of reading and building `migration`, and the database built.
    static func run(_ migration: String) throws -> (notes: [String], database: DatabaseQueue) {
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: app(migration))]))
        let (built, failures) = try program.build()
        return ((program.notes + failures).map { "\($0.line):\($0.column): \($0.message)" }, built)
    }

    func testATemporarySynchronizedFTS4TableIsANoteNotACrash() throws {
        let (notes, built) = try Self.run(
            """
                    try db.create(virtualTable: "book_ft", options: .temporary, using: FTS4()) { t in
                        t.synchronize(withTable: "book")
                        t.column("title")
                    }
            """)
        XCTAssertEqual(
            notes,
            [
                "11:13: GRDB stops the app on a temporary synchronized FTS4 table; migration \"v1\" is incomplete without it"
            ])
        XCTAssertFalse(try built.read { try $0.tableExists("book_ft") })
    }

    func testFTS5ModifiersAndPrefixesArborDoesNotKnowAreNotes() throws {
        let (notes, _) = try Self.run(
            """
                    try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                        t.column("title").notIndexed().sorted()
                        t.column("body")
                        t.prefixes = [2, "x"]
                        t.tokenizer = .porter(wrapping: .ascii(), extra: 1)
                    }
            """)
        XCTAssertEqual(
            notes,
            [
                "12:13: arbor does not run `t.column(\"title\").notIndexed().sorted()` in an FTS5 table body; migration \"v1\" is incomplete without it",
                "14:13: arbor does not run `t.prefixes = [2, \"x\"]` in an FTS5 table body; migration \"v1\" is incomplete without it",
                "15:27: arbor can not read the tokenizer `.porter(wrapping: .ascii(), extra: 1)`; migration \"v1\" is incomplete without it",
            ])
    }

    func testDatesOfNoYearGRDBWritesAreNotes() throws {
        let refusal =
            "arbor stores dates of the years 1 to 9999 only: GRDB's text for this one (`yyyy-MM-dd HH:mm:ss.SSS`) is not a date SQLite reads; migration \"v1\" is incomplete without it"
        let (notes, built) = try Self.run(
            """
                    try db.alter(table: "book") { t in
                        t.add(column: "a", .datetime).defaults(to: Date(timeIntervalSince1970: .infinity))
                        t.add(column: "b", .datetime).defaults(to: Date(timeIntervalSince1970: .nan))
                        t.add(column: "c", .datetime).defaults(to: Date(timeIntervalSince1970: 1e308))
                        t.add(column: "d", .datetime).defaults(to: Date(timeIntervalSinceReferenceDate: 1e15))
                        t.add(column: "e", .datetime).defaults(to: Date(timeIntervalSince1970: 253_402_300_800))
                        t.add(column: "f", .datetime).defaults(to: Date(timeIntervalSince1970: 253_402_300_799))
                    }
            """)
        XCTAssertEqual(notes, [12, 13, 14, 15, 16].map { "\($0):56: \(refusal)" })
        let columns = try built.read { try $0.columns(in: "book").map(\.name) }
        XCTAssertEqual(columns, ["id", "title", "f"])
        let value = try built.read { db in
            try String.fetchOne(db, sql: "SELECT dflt_value FROM pragma_table_info('book') WHERE name = 'f'")
        }
        XCTAssertEqual(value, "'9999-12-31 23:59:59.000'")
    }

    func testTheSmallestIntegerIsAValue() throws {
        let (notes, built) = try Self.run(
            """
                    try db.alter(table: "book") { t in
                        t.add(column: "low", .integer).defaults(to: -9223372036854775808)
                        t.add(column: "hex", .integer).defaults(to: -0x8000_0000_0000_0000)
                    }
            """)
        XCTAssertEqual(notes, [])
        let defaults = try built.read { db in
            try String.fetchAll(
                db, sql: "SELECT dflt_value FROM pragma_table_info('book') WHERE name IN ('low', 'hex') ORDER BY cid")
        }
        XCTAssertEqual(defaults, ["-9223372036854775808", "-9223372036854775808"])
    }

    func testAMissingValueSaysTheCodeDoesNotParse() throws {
        let (notes, _) = try Self.run(
            """
                    try db.create(table: "event") { t in
                        t.column("at", .text).defaults(to: 1 +)
                    }
            """)
        XCTAssertEqual(
            notes.first,
            "12:51: a value is missing here: the code does not parse; migration \"v1\" is incomplete without it")
    }

    func testATableWithoutAColumnArborReadsIsOneClearNote() throws {
        let (notes, _) = try Self.run(
            """
                    try db.create(table: "event") { t in
                        t.column("at", .datetime).defaults(to: Date(timeIntervalSince1970: .infinity))
                    }
                    try db.create(table: "empty") { t in }
            """)
        XCTAssertEqual(
            notes,
            [
                "12:52: arbor stores dates of the years 1 to 9999 only: GRDB's text for this one (`yyyy-MM-dd HH:mm:ss.SSS`) is not a date SQLite reads; migration \"v1\" is incomplete without it",
                "11:13: arbor reads no column of table \"event\": it is not created; migration \"v1\" is incomplete without it",
                "14:13: table \"empty\" has no column (SQLite refuses a table without columns); migration \"v1\" is incomplete without it",
            ])
    }
}
