import ArborCore
import ArborMigrations
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `:schema --swift` loaded back: the migration it writes builds, through GRDB, a schema
/// equal to the file's (the drift comparison of `:migrations --diff` finds nothing).
final class SchemaSwiftRoundTripTests: XCTestCase {
    /// The Swift `:schema --swift` writes for `session`.
    static func swift(_ session: Session) throws -> String {
        let outcomes = session.run(":schema --swift")
        guard outcomes.count == 1, case .commandOutput(let text) = outcomes[0] else {
            throw RoundTripError.noOutput("\(outcomes)")
        }
        return text
    }

    /// The differences from the session's database to what the written migration builds.
    static func roundTrip(_ session: Session, file: StaticString = #filePath, line: UInt = #line) throws
        -> (swift: String, differences: [SchemaDifference])
    {
        let swift = try swift(session)
        let program = try XCTUnwrap(
            try MigrationProgram.read([(path: "Schema.swift", text: swift)]), file: file, line: line)
        XCTAssertEqual(program.migratorName, "AppSchema.migrator", file: file, line: line)
        XCTAssertEqual(program.notes, [], file: file, line: line)
        let (built, failures) = try program.build()
        XCTAssertEqual(failures, [], file: file, line: line)
        let original = try session.database.read(SchemaSnapshot.read)
        let copy = try built.read(SchemaSnapshot.read)
        XCTAssertEqual(original.tables.count, copy.tables.count, file: file, line: line)
        return (swift, SchemaDrift.compare(file: original, code: copy))
    }

    func testTheDemoDatabase() throws {
        let (swift, differences) = try Self.roundTrip(try Session(path: nil))
        XCTAssertEqual(differences, [])
        XCTAssertTrue(swift.contains("struct Author: Codable, FetchableRecord, PersistableRecord {"), swift)
        XCTAssertTrue(swift.contains("static let books = hasMany(Book.self"), swift)
        XCTAssertTrue(swift.contains("enum Columns {"), swift)
    }

    func testAChinookLikeDatabase() throws {
        let file = try TemporaryDatabase.make(SchemaFixtures.chinookLike)
        let before = FileSnapshot(file)
        let session = try Session(path: file)
        let (swift, differences) = try Self.roundTrip(session)
        XCTAssertEqual(differences, [])
        // Two keys to one table: the associations are declared with their keys.
        XCTAssertTrue(swift.contains(#"using: ForeignKey(["SupportRepId"]"#), swift)
        XCTAssertTrue(swift.contains(#"using: ForeignKey(["AccountManagerId"]"#), swift)
        XCTAssertTrue(swift.contains(#"t.column("Title", .init(rawValue: "NVARCHAR(160)")).notNull()"#), swift)
        XCTAssertTrue(swift.contains(#"try db.create(table: "PlaylistTrack", options: [.withoutRowID]) { t in"#), swift)
        XCTAssertTrue(swift.contains(#"t.autoIncrementedPrimaryKey("InvoiceId")"#), swift)
        XCTAssertTrue(swift.contains(#".defaults(sql: "(datetime('now'))")"#), swift)
        XCTAssertEqual(FileSnapshot(file), before)
    }

    func testASakilaLikeDatabase() throws {
        let file = try TemporaryDatabase.make(SchemaFixtures.sakilaLike)
        let (swift, differences) = try Self.roundTrip(try Session(path: file))
        XCTAssertEqual(differences, [])
        XCTAssertTrue(swift.contains(#"try db.create(view: "film_list", as: SQLRequest<Row>(sql: "#), swift)
        XCTAssertTrue(swift.contains(#"condition: SQL(sql: "return_date IS NULL"))"#), swift)
        XCTAssertTrue(swift.contains("struct FilmActor: Codable, FetchableRecord, PersistableRecord {"), swift)
        XCTAssertTrue(swift.contains("struct ActorCount: Codable, FetchableRecord, TableRecord {"), swift)
    }

    func testTheDriftComparisonSeesAChangedColumn() throws {
        // The round trip's comparison is not blind: a changed schema differs.
        let original = try DatabaseQueue()
        try original.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT NOT NULL)") }
        let changed = try DatabaseQueue()
        try changed.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)") }
        let differences = SchemaDrift.compare(
            file: try original.read(SchemaSnapshot.read), code: try changed.read(SchemaSnapshot.read))
        XCTAssertEqual(
            differences.map(\.description), ["table t: column a: nullable in the code, NOT NULL in the file"])
    }
}

enum RoundTripError: Error { case noOutput(String) }
