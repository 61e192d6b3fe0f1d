import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// `:explain` flags a full scan of a table that a statement filters, with the
/// index that makes it a search; the printed migration, run, clears the note.
final class ScanWarningTests: XCTestCase {
    func explain(_ request: String, path: String) throws -> String {
        let session = try Session(path: path)
        guard case .commandOutput(let text)? = session.run(":explain " + request).last else {
            XCTFail("no output")
            return ""
        }
        return text
    }

    func testAFilteredScanIsFlaggedUntilTheIndexExists() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
            INSERT INTO player VALUES (1, 'Arthur', 100), (2, 'Barbara', 200);
            """)
        XCTAssertEqual(
            try explain("Player.filter(Column(\"score\") > 150)", path: path),
            """
            SELECT * FROM "player" WHERE "score" > 150;
            QUERY PLAN
            `--SCAN player
            note: full scan of `player`, which this statement filters on `score`: an index makes it a search
              CREATE INDEX "index_player_on_score" ON "player"("score");
              migrator.registerMigration("index_player_on_score") { db in
                  try db.create(index: "index_player_on_score", on: "player", columns: ["score"])
              }
            """)
        // No filter, no note: reading every row is what the statement asks.
        XCTAssertFalse(try explain("Player.all()", path: path).contains("note:"))
        XCTAssertFalse(try explain("Player.filter(key: 1)", path: path).contains("note:"))

        // The migration the note prints, as an app would run it.
        var migrator = DatabaseMigrator()
        migrator.registerMigration("index_player_on_score") { db in
            try db.create(index: "index_player_on_score", on: "player", columns: ["score"])
        }
        try migrator.migrate(try DatabaseQueue(path: path))
        let after = try explain("Player.filter(Column(\"score\") > 150)", path: path)
        XCTAssertTrue(after.contains("SEARCH player USING INDEX index_player_on_score (score>?)"), after)
        XCTAssertFalse(after.contains("note:"), after)
    }
}
