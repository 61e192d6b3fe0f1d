import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// A hasMany-through list is capped per parent like a direct one, and gives the
/// rows GRDB's prefetch gives.
final class CappedThroughTests: XCTestCase {
    /// Artist 1 has 120 tracks over three albums (one track on two of its albums'
    /// playlists twice, as a link table may), artist 2 two, artist 3 none.
    func session() throws -> Session {
        let directory = try TemporaryItems.folder("arbor")
        let path = directory.appendingPathComponent("music.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
                    CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), name TEXT);
                    INSERT INTO artist VALUES (1, 'Many'), (2, 'Few'), (3, 'None');
                    INSERT INTO album VALUES (1, 1, 'A'), (2, 1, 'B'), (3, 1, 'C'), (4, 2, 'D');
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120)
                    INSERT INTO track SELECT 1000 - i, 1 + i % 3, 'T' || i FROM n;
                    INSERT INTO track VALUES (5, 4, 'x'), (6, 4, 'y');
                    """)
        }
        try queue.close()
        let session = try Session(path: path)
        _ = session.run(
            "extension Artist { static let tracks = hasMany(Track.self, through: Artist.albums, using: Album.tracks) }")
        return session
    }

    func testAThroughListIsCappedCountedAndPagedLikeTheOthers() throws {
        let session = try session()
        let plan = try requestPlan("Artist.including(all: Artist.tracks)", session)
        let whole = try session.request(plan, range: nil, single: false, fetch: true).rows
        let window = try WindowedResult(session: session, plan: plan, windowSize: 10, childCap: 50)
        let rows = try window.rows(in: 0..<10)
        XCTAssertEqual(firstColumnIDs(rows), [1, 2, 3])

        guard let many = rows.first?.children.first, case .toMany(let first) = many.value else {
            return XCTFail("no tracks")
        }
        XCTAssertEqual(many.key, "tracks")
        XCTAssertEqual(many.totalCount, 120)
        XCTAssertTrue(many.isTruncated)
        // The first page, in the tracks' key order.
        XCTAssertEqual(firstColumnIDs(first), Array(880...929).map(Int64.init))
        // The few are fetched whole, as GRDB's prefetch gives them; none is none.
        guard case .toMany(let few)? = rows[1].children.first?.value,
            case .toMany(let fewWhole)? = whole[1].children.first?.value
        else { return XCTFail() }
        XCTAssertEqual(firstColumnIDs(few), [5, 6])
        XCTAssertEqual(firstColumnIDs(few), firstColumnIDs(fewWhole))
        XCTAssertEqual(rows[1].children.first?.totalCount, 2)
        XCTAssertEqual(rows[2].children.first?.totalCount, 0)

        // ↵ for more: the rest, and then the list holds GRDB's rows.
        XCTAssertEqual(try window.loadMoreChildren(ofRow: 0, key: "tracks"), 70)
        guard case .toMany(let all)? = window.cachedRow(at: 0)?.children.first?.value,
            case .toMany(let allWhole)? = whole[0].children.first?.value
        else { return XCTFail() }
        XCTAssertEqual(Set(firstColumnIDs(all)), Set(firstColumnIDs(allWhole)))
        XCTAssertEqual(all.count, 120)
        // The statements say what they were for.
        let labels = window.log.snapshot.statements.map(\.label)
        XCTAssertEqual(
            labels,
            [
                "window 1", "window 1 · count tracks",
                // The few: their parents again, and GRDB's prefetch for them.
                "window 1 · tracks", "window 1 · tracks · prefetch",
                "window 1 · tracks of artist 1", "more tracks of artist 1",
            ])
        // The columns of a child are those of GRDB's prefetched rows, bookkeeping aside.
        XCTAssertEqual(all.first?.names, ["id", "albumId", "name"])
    }

    func testAThroughAssociationWithRawSQLIsNotCapped() throws {
        let session = try session()
        let plan = try requestPlan(
            "Artist.including(all: Artist.tracks.filter(sql: \"name LIKE 'T%'\"))", session)
        XCTAssertTrue(CappedChildren.split(plan, schema: session.environment.schema).targets.isEmpty)
        let capped = try requestPlan(
            "Artist.including(all: Artist.tracks.filter(Column(\"name\").like(\"T%\")))", session)
        XCTAssertEqual(CappedChildren.split(capped, schema: session.environment.schema).targets.count, 1)
    }
}
