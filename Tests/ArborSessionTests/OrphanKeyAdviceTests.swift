import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// A column named like a key (`ArtistId`) whose values name no parent row (issue
/// 21, item 2's remainder): the migration that adds its foreign key must deal with
/// them first, or GRDB's foreign key check at the end of the migration refuses it.
/// A nullable key is set to NULL first (the row stays); a NOT NULL one gets no
/// migration: its rows are listed, for the user to delete or to give parents.
final class OrphanKeyAdviceTests: XCTestCase {
    static let schema = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL, ArtistId INTEGER);
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT NOT NULL, AlbumId INTEGER NOT NULL);
        CREATE TABLE Label (LabelId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Contract (ContractId INTEGER PRIMARY KEY, LabelId INTEGER, ArtistId INTEGER);
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO Album VALUES (1, 'Let There Be Rock', 1), (2, 'Balls to the Wall', 9), (3, 'Lost', 12);
        INSERT INTO Track VALUES (1, 'Go Down', 1), (2, 'Gone', 7), (3, 'Whole Lotta Rosie', 1);
        INSERT INTO Label VALUES (1, 'Atlantic');
        INSERT INTO Contract VALUES (1, 1, 1), (2, 1, 2);
        """

    func testNullableOrphanKeysAreSetToNullFirst() throws {
        let path = try TemporaryDatabase.make(Self.schema)
        let session = try Session(path: path)
        let album = try XCTUnwrap(try session.advice(table: "Album").first { $0.rule == .keyWithoutForeignKey })
        XCTAssertTrue(
            album.what.contains("2 rows of Album name no Artist row (ArtistId = 9; ArtistId = 12)"), album.what)
        XCTAssertTrue(album.what.contains("sets those keys to NULL first"), album.what)
        let migration = try XCTUnwrap(album.migration)
        // The data first, then the rebuild that adds the key; not NOT NULL (the keys become NULL).
        let update = try XCTUnwrap(migration.range(of: #"UPDATE \"Album\" SET \"ArtistId\" = NULL"#), migration)
        let rebuild = try XCTUnwrap(migration.range(of: #"CREATE TABLE \"new_Album\""#), migration)
        XCTAssertLessThan(update.lowerBound, rebuild.lowerBound)
        XCTAssertFalse(migration.contains(#"\"ArtistId\" INTEGER NOT NULL"#), migration)

        try AdviceMigrationRunner.apply(try session.adviseText("Album"), to: path)
        let after = try DatabaseQueue(path: path).read { db in
            (
                try Row.fetchAll(db, sql: "SELECT AlbumId, Title, ArtistId FROM Album ORDER BY AlbumId"),
                try db.foreignKeys(on: "Album").map(\.destinationTable)
            )
        }
        // Every row stays; the keys that named nothing are NULL; the foreign key is there.
        XCTAssertEqual(
            after.0,
            [
                ["AlbumId": 1, "Title": "Let There Be Rock", "ArtistId": 1],
                ["AlbumId": 2, "Title": "Balls to the Wall", "ArtistId": nil],
                ["AlbumId": 3, "Title": "Lost", "ArtistId": nil],
            ])
        XCTAssertEqual(after.1, ["Artist"])
        let left = try Session(path: path).advice(table: "Album").map(\.rule)
        XCTAssertFalse(left.contains(.keyWithoutForeignKey), "\(left)")
        XCTAssertFalse(left.contains(.foreignKeyViolation), "\(left)")
    }

    /// Without the data fix, GRDB's migrator refuses the rebuild: what the test
    /// above guards against is real.
    func testTheRebuildAloneFailsGRDBsForeignKeyCheck() throws {
        let path = try TemporaryDatabase.make(Self.schema)
        let migration = try XCTUnwrap(
            try Session(path: path).advice(table: "Album").first { $0.rule == .keyWithoutForeignKey }?.migration)
        let withoutData = migration.components(separatedBy: "\n").filter { !$0.contains("UPDATE") }
            .joined(separator: "\n")
        XCTAssertNotEqual(withoutData, migration)
        XCTAssertThrowsError(try AdviceMigrationRunner.apply(withoutData, to: path)) { error in
            XCTAssertTrue("\(error)".contains("FOREIGN KEY"), "\(error)")
        }
    }

    func testNotNullOrphanKeysGetNoMigrationAndAreListed() throws {
        let path = try TemporaryDatabase.make(Self.schema)
        let session = try Session(path: path)
        let track = try XCTUnwrap(try session.advice(table: "Track").first { $0.rule == .keyWithoutForeignKey })
        XCTAssertNil(track.migration)
        XCTAssertFalse(track.isInSharedMigration)
        XCTAssertTrue(track.what.contains("1 row of Track names no Album row (AlbumId = 7)"), track.what)
        XCTAssertTrue(track.what.contains("AlbumId can not be NULL"), track.what)
        // The statement that lists them runs and finds them.
        let select = try XCTUnwrap(
            track.what.components(separatedBy: "`").first { $0.hasPrefix("SELECT * FROM") }, track.what)
        let orphans = try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: select) }
        XCTAssertEqual(orphans.map { $0["TrackId"] as Int64? }, [2])
        // The declaration still makes the association work now.
        XCTAssertNotNil(track.declaration)
    }

    /// Every migration `:advise` prints, applied in order through GRDB, passes its
    /// foreign key check; what is left is the advice without a migration, and the
    /// rows are all there.
    func testEveryPrintedMigrationPassesTheForeignKeyCheck() throws {
        let path = try TemporaryDatabase.make(Self.schema)
        let counts =
            "SELECT (SELECT count(*) FROM Album), (SELECT count(*) FROM Track), (SELECT count(*) FROM Contract)"
        let before = try DatabaseQueue(path: path).read { try Row.fetchOne($0, sql: counts) }
        let session = try Session(path: path)
        let titles = try AdviceMigrationRunner.apply(try session.adviseText(), to: path)
        XCTAssertTrue(titles.contains { $0.hasPrefix("Add the foreign key Album.ArtistId") }, "\(titles)")
        // Contract's keys name rows: their foreign keys come with NOT NULL, as before.
        XCTAssertTrue(titles.contains { $0.contains("Contract") }, "\(titles)")
        for advice in try Session(path: path).advice() where advice.migration != nil {
            try AdviceMigrationRunner.apply(try Session(path: path).adviseText(advice.table), to: path)
        }
        let left = try Session(path: path).advice()
        XCTAssertEqual(
            left.filter { $0.rule == .keyWithoutForeignKey }.map { $0.table.lowercased() }, ["track"],
            "\(left.map(\.what))")
        XCTAssertTrue(left.allSatisfy { $0.migration == nil }, "\(left.map(\.what))")
        let after = try DatabaseQueue(path: path).read { db in
            (try Row.fetchOne(db, sql: counts), try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"))
        }
        XCTAssertEqual(after.0, before)
        XCTAssertEqual(after.1, [])
        let contract = try DatabaseQueue(path: path).read { try $0.columns(in: "Contract") }
        XCTAssertEqual(contract.filter { $0.name != "ContractId" }.map(\.isNotNull), [true, true])
    }
}
