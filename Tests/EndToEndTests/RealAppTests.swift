import ArborTestSupport
import Foundation
import XCTest

/// A real open-source app's model folder (the movies demo of bradhowes/swift-grdb-tca,
/// MIT, `Tests/Fixtures/RealApps/MoviesGRDBTCA`), loaded unchanged: its record types,
/// columns and associations work, and its own requests give GRDB's SQL.
final class RealAppTests: XCTestCase {
    static var app: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RealApps/MoviesGRDBTCA")
    }

    func database() throws -> String {
        try Fixture.database(String(contentsOf: Self.app.appendingPathComponent("schema.sql"), encoding: .utf8))
    }

    func testTheMoviesAppLoadsAsItStands() throws {
        let models = Self.app.appendingPathComponent("Models").path
        let result = try ArborProcess.run([
            try database(), "--load", models, "--format", "sql",
            // requests.md #1, #4, #5: the app's own requests, its `ordering?.by(…)` helper inlined.
            "-c", #"Actor.all().filter(Actor.Columns.name == "Marlon Brando")"#,
            "-c", "Movie.all().order(Movie.Columns.sortableTitle.collating(.localizedCaseInsensitiveCompare).asc)",
            "-c", "Actor.all().order(Actor.Columns.name.collating(.localizedCaseInsensitiveCompare).desc)",
            // The app's many-to-many associations, declared through its link table.
            "-c", "Movie.including(all: Movie.actors)",
            "-c", "Actor.including(all: Actor.movies).filter(key: 3)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT * FROM "actors" WHERE "name" = 'Marlon Brando';
            SELECT * FROM "movies" ORDER BY "sortableTitle" COLLATE swiftLocalizedCaseInsensitiveCompare ASC;
            SELECT * FROM "actors" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare DESC;
            SELECT * FROM "movies";
            SELECT * FROM "actors" WHERE "id" = 3;

            """)
        let stderr = result.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        XCTAssertEqual(
            stderr.prefix(4).map { $0.replacingOccurrences(of: models + "/", with: "") },
            [
                // 8 request methods: `Movie.actors`, `Actor.movies`, the `fetch(_ db:)` of its 4 query
                // structs, and the static functions given a `db` that return a record
                // (`Actor.fetchOrCreate(in:name:)`, `Movie.makeMock(in:entry:favorited:)`).
                // `Support.articles = Set([…])` is Swift's `Set` of its strings: no note.
                "arbor: read 4 files: 5 record types, 6 associations, 2 column sets, 8 request methods; 3 notes",
                "AppDatabase.swift:14:1: note: #if DEBUG: took the first branch (DEBUG is defined)",
                "SchemaV1.swift:155:1: note: #if DEBUG: took the first branch (DEBUG is defined)",
                "SchemaV1.swift:162:1: note: #if targetEnvironment(simulator): took no branch (targetEnvironment(simulator) is false)",
            ])
    }

    /// The app's query structs, as its screens call them, with its `SortOrder.by(_:)` helper
    /// (Variants/SortOrder+by.swift): `ordering?.by(…)` orders by NULL when `ordering` is nil.
    func testTheMoviesAppsQueryStructsRun() throws {
        let result = try ArborProcess.run([
            try database(), "--load", Self.app.appendingPathComponent("Models").path,
            "--load", Self.app.appendingPathComponent("Variants/SortOrder+by.swift").path, "--format", "sql",
            "-c", "try AllActorsQuery().fetch(db)",
            "-c", "try AllMoviesQuery(ordering: .reverse).fetch(db)",
            "-c", "try AllActorsQuery(ordering: nil).fetch(db)",
            "-c", "let actor = try Actor.fetchOne(db, key: 3)",
            "-c", "try ActorMoviesQuery(actor: actor, ordering: .forward).fetch(db)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT * FROM "actors" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare ASC;
            SELECT * FROM "movies" ORDER BY "sortableTitle" COLLATE swiftLocalizedCaseInsensitiveCompare DESC;
            SELECT * FROM "actors" ORDER BY NULL;
            SELECT "movies".* FROM "movies" JOIN "movieActors" ON ("movieActors"."moviesId" = "movies"."id") AND ("movieActors"."actorsId" = 3) ORDER BY "movies"."sortableTitle" COLLATE swiftLocalizedCaseInsensitiveCompare ASC;

            """)
    }

    /// The rows nest under the keys GRDB gives: `actors` through the app's link table.
    func testTheMoviesAppsRows() throws {
        let result = try ArborProcess.run([
            try database(), "--load", Self.app.appendingPathComponent("Models").path, "--format", "json",
            "-c", "Actor.including(all: Actor.movies.select(Column(\"title\"))).filter(key: 3)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            [
            {"id":3,"name":"Marlon Brando","movies":[{"title":"The Score"},{"title":"Superman"},{"title":"The Island of Dr. Moreau"},{"title":"Apocalypse Now"},{"title":"The Godfather"}]}
            ]

            """)
    }
}
