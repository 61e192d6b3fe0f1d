import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `:advise` on databases shaped like the music store and the film-rental samples
/// (issue 21, item 2): one migration per table, ranked by what the advice costs the
/// app, the demoted rules folded, and every migration it prints, applied in order
/// through GRDB's `DatabaseMigrator` on a copy of the database, leaves no advice of
/// its kind behind.
final class AdviceMigrationsClearTests: XCTestCase {
    private func rules(_ advice: [Advice]) -> [String] { advice.map { "\($0.rule.name) \($0.table)" } }

    /// The tables each rebuild of `text` makes (`CREATE TABLE "new_X"`, quotes escaped
    /// or not), with repeats.
    private func rebuiltTables(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\\\"", with: "\"").components(separatedBy: "CREATE TABLE \"new_").dropFirst()
            .compactMap { $0.components(separatedBy: "\"").first }
    }

    func testMusicStoreAdviceIsRankedGroupedAndFolded() throws {
        let path = try MusicStoreFixture.make()
        let session = try Session(path: path)
        let advice = try session.advice()
        // The index (a scan) first; Track's two nullable keys one piece of advice, in the
        // table's one migration; the eleven table names last.
        XCTAssertEqual(
            rules(advice).prefix(3),
            ["unindexedForeignKey Track", "nullableForeignKey Track", "nullableForeignKey Customer"])
        XCTAssertEqual(advice.dropFirst(3).map(\.rule), Array(repeating: .tableName, count: 11))
        XCTAssertNotNil(advice[0].migration)
        XCTAssertNil(advice[1].migration)
        XCTAssertTrue(advice[1].isInSharedMigration)
        XCTAssertTrue(advice[1].what.hasPrefix("Track.AlbumId, Track.GenreId allow NULL"), advice[1].what)

        let text = try session.adviseText()
        XCTAssertTrue(text.hasPrefix("Track: the foreign key Track(GenreId) → Genre has no index"), text)
        XCTAssertEqual(rebuiltTables(text), ["Track", "Customer"])
        // Eleven renames fold into one note, after the advice the app pays for.
        XCTAssertEqual(text.components(separatedBy: "is not singular camelCase").count, 1)
        XCTAssertTrue(text.contains("11 table names are not singular camelCase (Artist, Album,"), text)
        XCTAssertLessThan(
            try XCTUnwrap(text.range(of: "Customer.SupportRepId allows NULL")).lowerBound,
            try XCTUnwrap(text.range(of: "11 table names")).lowerBound)
        // One table: nothing folded.
        XCTAssertTrue(try session.adviseText("Album").contains("the table name Album is not singular camelCase"))
    }

    func testMusicStoreMigrationsAppliedInOrderLeaveNoAdvice() throws {
        let path = try MusicStoreFixture.make()
        let tracks = try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: "SELECT * FROM Track") }
        let text = try Session(path: path).adviseText()
        let titles = try AdviceMigrationRunner.apply(text, to: path)
        XCTAssertEqual(titles.count, 2, "\(titles)")
        // What `:advise` printed is fixed; only the folded table names are left.
        XCTAssertEqual(Set(try Session(path: path).advice().map(\.rule)), [.tableName])
        let after = try DatabaseQueue(path: path).read { db in
            (
                try Row.fetchAll(db, sql: "SELECT * FROM Track"),
                try db.columns(in: "Track").filter { ["AlbumId", "GenreId"].contains($0.name) }.map(\.isNotNull),
                try db.indexes(on: "Track").map(\.columns)
            )
        }
        XCTAssertEqual(after.0, tracks)
        XCTAssertEqual(after.1, [true, true])
        XCTAssertTrue(after.2.contains(["GenreId"]) && after.2.contains(["AlbumId"]), "\(after.2)")
        // Then the renames, as `:advise TABLE` prints each: no advice at all.
        let session = try Session(path: path)
        for advice in try session.advice() {
            try AdviceMigrationRunner.apply(try session.adviseText(advice.table), to: path)
        }
        XCTAssertEqual(rules(try Session(path: path).advice()), [])
    }

    func testFilmRentalMigrationsAppliedInOrderLeaveOnlyAdviceWithoutMigration() throws {
        let path = try FilmRentalFixture.make()
        let session = try Session(path: path)
        let advice = try session.advice()
        XCTAssertEqual(
            rules(advice),
            [
                "unindexedForeignKey rental", "severalForeignKeys film", "nullableForeignKey payment",
                "tableName film_actor", "tableName film_category", "viewPrimaryKey customer_list",
                "viewPrimaryKey film_list", "viewPrimaryKey staff_list", "viewPrimaryKey sales_by_store",
                "viewPrimaryKey sales_by_film_category",
            ])
        let text = try session.adviseText()
        XCTAssertTrue(text.contains("5 views have no primary key (customer_list, film_list,"), text)
        XCTAssertEqual(text.components(separatedBy: "has no primary key").count, 1, text)
        let titles = try AdviceMigrationRunner.apply(text, to: path)
        XCTAssertEqual(titles, ["Index rental.staff_id", "Make payment.rental_id NOT NULL"])
        // Every rename too, one table at a time, as `:advise TABLE` prints it.
        for table in ["film_actor", "film_category"] {
            try AdviceMigrationRunner.apply(try Session(path: path).adviseText(table), to: path)
        }
        let left = try Session(path: path).advice()
        XCTAssertEqual(Set(left.map(\.rule)), [.severalForeignKeys, .viewPrimaryKey])
        XCTAssertTrue(left.allSatisfy { $0.migration == nil })
        // The views that read the rebuilt and renamed tables still run.
        let totals = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM sales_by_film_category ORDER BY category")
        }
        XCTAssertEqual(totals.count, 2)
    }

    /// A table with several fixes: a primary key, a foreign key, a NOT NULL column and
    /// a dangling key, all in one migration, the dangling row deleted (not set to NULL
    /// in a column the same migration makes NOT NULL).
    func testSeveralFixesOfOneTableMakeOneMigration() throws {
        let path = try TemporaryDatabase.make(
            """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Song (Name TEXT NOT NULL, GenreId INTEGER REFERENCES Genre(GenreId), ArtistId INTEGER);
            INSERT INTO Genre VALUES (1, 'Rock');
            INSERT INTO Artist VALUES (1, 'AC/DC');
            INSERT INTO Song VALUES ('Go Down', 1, 1), ('Lost', 9, 1);
            """)
        let session = try Session(path: path)
        let text = try session.adviseText("Song")
        XCTAssertEqual(rebuiltTables(text), ["Song"])
        XCTAssertEqual(
            Set(try session.advice(table: "Song").map(\.rule)),
            [
                .foreignKeyViolation, .keyWithoutForeignKey, .unindexedForeignKey, .nullableForeignKey,
                .missingPrimaryKey, .tableName,
            ])
        XCTAssertTrue(text.contains("DELETE FROM \\\"Song\\\""), text)
        try AdviceMigrationRunner.apply(text.components(separatedBy: "Song: the table name").first ?? "", to: path)
        XCTAssertEqual(Set(try Session(path: path).advice(table: "Song").map(\.rule)), [.tableName])
        let names = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT Name FROM Song") }
        XCTAssertEqual(names, ["Go Down"])
    }
}
