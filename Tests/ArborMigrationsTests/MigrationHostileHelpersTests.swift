import ArborMigrations
import GRDB
import XCTest

/// Helpers that a hostile (or careless) app declares: one calling itself, two calling each
/// other, twenty each calling the next ten times (10^20 calls if followed as written). Each
/// was read until arbor stopped or never: sixteen reads of a recursive helper with sixteen
/// "already exists" notes, and an endless read of the fan-out. Now recursion is one note at
/// the call, and the fan-out is bounded, each note given once.
final class MigrationHostileHelpersTests: XCTestCase {
    static func app(migration: String, helpers: String) -> String {
        """
        import GRDB

        enum AppDatabase {
            static var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("v1") { db in
        \(migration)
                }
                return migrator
            }
        \(helpers)
        }
        """
    }

    static func notes(_ source: String) throws -> [String] {
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: source)]))
        return program.notes.map { "\($0.line):\($0.column): \($0.message)" }
    }

    func testAHelperCallingItselfIsOneNoteAtTheCall() throws {
        let source = Self.app(
            migration: "try createPlayer(db)",
            helpers: """
                static func createPlayer(_ db: Database) throws {
                    try db.create(table: "player") { t in t.autoIncrementedPrimaryKey("id") }
                    try createPlayer(db)
                }
                """)
        XCTAssertEqual(
            try Self.notes(source),
            [
                "13:9: `createPlayer` calls itself before it returns (recursion, endless in Swift): arbor does not follow it; migration \"v1\" is incomplete without it"
            ])
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: source)]))
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [])
        XCTAssertTrue(try built.read { try $0.tableExists("player") })
    }

    func testHelpersCallingEachOtherAreRecursionToo() throws {
        let source = Self.app(
            migration: "try first(db)",
            helpers: """
                static func first(_ db: Database) throws { try second(db) }
                static func second(_ db: Database) throws { try first(db) }
                """)
        XCTAssertEqual(
            try Self.notes(source),
            [
                "12:49: `first` calls itself before it returns (recursion, endless in Swift): arbor does not follow it; migration \"v1\" is incomplete without it"
            ])
    }

    func testAVariadicHelperIsNamedInItsNote() throws {
        let source = Self.app(
            migration: #"try createColumns(db, "a", "b")"#,
            helpers: """
                static func createColumns(_ db: Database, _ names: String...) throws {
                    try db.create(table: "t") { t in t.column("a") }
                }
                """)
        XCTAssertEqual(
            try Self.notes(source),
            [
                "7:5: arbor does not follow `createColumns`: its parameter `names: String...` is variadic; migration \"v1\" is incomplete without it"
            ])
    }

    /// `f0` calls `f1` ten times, `f1` calls `f2` ten times, … to `f20`.
    func testAFanOutOfHelpersIsBoundedAndEachNoteSaidOnce() throws {
        var helpers = ""
        for level in 0..<20 {
            let calls = Array(repeating: "try f\(level + 1)(db)", count: 10).joined(separator: "; ")
            helpers += "static func f\(level)(_ db: Database) throws { \(calls) }\n"
        }
        helpers +=
            #"static func f20(_ db: Database) throws { try db.create(table: "t", options: .ifNotExists) { t in t.column("a") } }"#
        let notes = try Self.notes(Self.app(migration: "try f0(db)", helpers: helpers))
        XCTAssertEqual(Set(notes).count, notes.count, notes.joined(separator: "\n"))
        // The ten calls of `f15`, sixteen helpers deep, and the limit of calls, once each.
        XCTAssertEqual(notes.filter { $0.contains("arbor follows helpers 16 deep, and `f16` is deeper") }.count, 10)
        XCTAssertEqual(notes.filter { $0.contains("arbor follows 1000 helper calls in a migration") }.count, 1)
        XCTAssertEqual(notes.count, 11, notes.joined(separator: "\n"))
    }

    func testARegistrationHelperPassingTheMigratorToItselfIsANote() throws {
        let source = """
            import GRDB

            enum AppDatabase {
                static var migrator: DatabaseMigrator {
                    var migrator = DatabaseMigrator()
                    register(&migrator)
                    return migrator
                }

                static func register(_ migrator: inout DatabaseMigrator) {
                    migrator.registerMigration("v1") { db in
                        try db.create(table: "player") { t in t.autoIncrementedPrimaryKey("id") }
                    }
                    register(&migrator)
                    register(&migrator)
                }
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: source)]))
        XCTAssertEqual(program.migrations.map(\.identifier), ["v1"])
        XCTAssertEqual(
            program.notes.map { "\($0.line):\($0.column): \($0.message)" },
            [
                "14:9: `register` is called again before it returns (recursion, endless in Swift): arbor does not follow it",
                "15:9: `register` is called again before it returns (recursion, endless in Swift): arbor does not follow it",
            ])
    }

    func testAFanOutOfRegistrationHelpersIsBounded() throws {
        var helpers = ""
        for level in 0..<20 {
            let calls = Array(repeating: "r\(level + 1)(&migrator)", count: 10).joined(separator: "; ")
            helpers += "static func r\(level)(_ migrator: inout DatabaseMigrator) { \(calls) }\n"
        }
        helpers +=
            #"static func r20(_ migrator: inout DatabaseMigrator) { migrator.registerMigration("v1") { db in } }"#
        let source = """
            import GRDB

            enum AppDatabase {
                static var migrator: DatabaseMigrator {
                    var migrator = DatabaseMigrator()
                    r0(&migrator)
                    return migrator
                }
            \(helpers)
            }
            """
        let program = try XCTUnwrap(MigrationProgram.read([(path: "AppDatabase.swift", text: source)]))
        let notes = program.notes.map(\.description)
        XCTAssertEqual(Set(notes).count, notes.count, notes.joined(separator: "\n"))
        XCTAssertEqual(notes.filter { $0.contains("helper calls in a migrator") }.count, 1)
        XCTAssertEqual(notes.count, 11, notes.joined(separator: "\n"))
    }
}
