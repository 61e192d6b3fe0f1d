import ArborMigrations
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// The Swift `:schema --swift` writes, compiled against GRDB (`ARBOR_COMPILE_GRDB=1`):
/// its record types and associations compile, and its migration, run by the compiled
/// GRDB, builds a schema the drift comparison finds equal to the original's.
final class SchemaSwiftCompilationTests: XCTestCase {
    func testTheWrittenSwiftCompilesAndBuildsTheSameSchema() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB (minutes)")
        let sessions = [
            "Demo": try Session(path: nil),
            "Chinook": try Session(path: try TemporaryDatabase.make(SchemaFixtures.chinookLike)),
            "Sakila": try Session(path: try TemporaryDatabase.make(SchemaFixtures.sakilaLike)),
        ]
        var programs: [String: [String: String]] = [:]
        for (name, session) in sessions {
            programs[name] = [
                "Schema.swift": try SchemaSwiftRoundTripTests.swift(session),
                "main.swift": GRDBCompilation.migratingMain("try AppSchema.migrator.migrate(queue)"),
            ]
        }
        let products = try GRDBCompilation.build(programs)
        for (name, session) in sessions {
            let path = try TemporaryItems.folder("compiled").appendingPathComponent("schema.sqlite").path
            let run = try GRDBCompilation.run(products.appendingPathComponent(name), [path])
            XCTAssertEqual(run.status, 0, run.text)
            let compiled = try DatabaseQueue(path: path).read(SchemaSnapshot.read)
            let original = try session.database.read(SchemaSnapshot.read)
            XCTAssertEqual(SchemaDrift.compare(file: original, code: compiled), [], name)
        }
    }
}
