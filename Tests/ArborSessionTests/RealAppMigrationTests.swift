import ArborMigrations
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

/// The migrations of a real open-source app (the movies demo of bradhowes/swift-grdb-tca,
/// MIT, `Tests/Fixtures/RealApps/MoviesGRDBTCA`), loaded unchanged: its migration calls
/// helper functions of its record types (`Movie.createTable(in: db)`), names columns through
/// `Columns` and Codable's `CodingKeys`, and builds the schema derived by hand in its
/// `schema.sql`, with no note.
final class RealAppMigrationTests: XCTestCase {
    static var app: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RealApps/MoviesGRDBTCA")
    }

    func testTheMoviesAppBuildsItsSchemaFromItsMigration() throws {
        let models = Self.app.appendingPathComponent("Models").path
        let program = try XCTUnwrap(try Session.migrationProgram(SourceFileReading(paths: [models]), migrator: nil))
        XCTAssertEqual(program.migratorName, "DatabaseWriter.migrate")
        XCTAssertEqual(program.notes, [])
        let session = try Session(migrations: program)
        XCTAssertEqual(session.buildFailures, [])
        _ = try session.load(paths: [models])
        // The app's declared associations work on the built schema.
        let outcomes = session.run("Movie.including(all: Movie.actors)", fetch: false)
        guard case .rows(let result) = outcomes.first else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(result.mainSQL, #"SELECT * FROM "movies""#)
        // The schema is the one derived by hand (its full-text table aside: a later version's).
        let sql = try String(contentsOf: Self.app.appendingPathComponent("schema.sql"), encoding: .utf8)
        let file = try Session(path: try Fixture.database(sql))
        _ = try file.load(paths: [models])
        let differences = try file.migrationDrift().differences.map(\.description)
        XCTAssertEqual(
            differences,
            [
                "table movie_ft: in the file, not in the code",
                "trigger __movie_ft_ai on movies: in the file, not in the code",
                "trigger __movie_ft_ad on movies: in the file, not in the code",
                "trigger __movie_ft_au on movies: in the file, not in the code",
            ])
    }

    func testItsLaterVersionAddsTheFullTextTable() throws {
        let paths = ["Models/AppDatabase.swift", "Models/Queries.swift", "Variants/SchemaV1-with-fts.swift"].map {
            Self.app.appendingPathComponent($0).path
        }
        let sql = try String(contentsOf: Self.app.appendingPathComponent("schema.sql"), encoding: .utf8)
        let file = try Session(path: try Fixture.database(sql))
        _ = try file.load(paths: paths)
        let (program, differences) = try file.migrationDrift()
        XCTAssertEqual(program.notes, [])
        XCTAssertEqual(differences, [])
    }
}
