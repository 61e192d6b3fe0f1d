import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// A record fetched in app code goes through its type's own `init(row:)`, as GRDB decodes it:
/// the properties the initializer computes (`bonus`, from the row's `score`) are what the app
/// reads next, in a request method's body and at the prompt. A type without one holds the
/// row's columns. Compared with the same Swift compiled against GRDB here, on the same rows.
final class RowInitializerBindingTests: XCTestCase {
    static let schema = """
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
        INSERT INTO player VALUES (1, 'Ann', 120), (2, 'Bob', 90), (3, 'Cy', 115);
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        INSERT INTO team VALUES (1, 'Reds');
        CREATE TABLE coach(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        INSERT INTO coach VALUES (1, 'Dee');
        CREATE TABLE visit(id INTEGER PRIMARY KEY, at DATE NOT NULL);
        INSERT INTO visit VALUES (7, '2024-05-01 10:00:00.000');
        """

    static let appCode = """
        import GRDB
        struct Player: FetchableRecord, TableRecord {
            var id: Int64
            var name: String
            var score: Int
            var bonus: Int
            init(row: Row) throws {
                id = row["id"]
                name = row[Column("name")]
                score = row["score"]
                bonus = self.score >= 100 && score > 0 ? 10 : 1
            }
        }
        extension Player {
            static func nearLeader(_ db: Database) throws -> QueryInterfaceRequest<Player> {
                guard let leader = try Player.order(Column("score").desc).fetchOne(db) else { return Player.none() }
                return Player.filter(Column("score") >= leader.score - leader.bonus)
            }
        }
        struct Team: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var name: String
        }
        struct Coach: FetchableRecord, TableRecord {
            var id: Int64
            var name: String
            var badge: String
        }
        extension Coach {
            init(row: Row) throws {
                self.init(id: row["id"], name: row["name"], badge: row["id"] == 1 ? "head" : "assistant")
            }
        }
        struct Visit: FetchableRecord, TableRecord {
            var id: Int64
            var at: Date
        }
        extension Visit {
            init(row: Row) throws { self.init(id: row["id"], at: row["at"]) }
        }
        """

    private func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).map(\.error.message), [])
        return harness
    }

    func testTheInitializerComputesWhatTheBodyReads() throws {
        let harness = try harness()
        let expected = try harness.database.read { db in try Player.nearLeader(db) }
        XCTAssertEqual(try harness.sql("try Player.nearLeader(db)"), try harness.grdbSQL(expected))
    }

    func testTheBoundRecordHoldsWhatTheInitializerAssigned() throws {
        let harness = try harness()
        try harness.run("let leader = try Player.order(Column(\"score\").desc).fetchOne(db)")
        let leader = try XCTUnwrap(
            try harness.database.read { db in try Player.order(Column("score").desc).fetchOne(db) })
        guard case .expression(.value(.integer(let bonus)))? = try harness.run("leader.bonus") else {
            return XCTFail("the bonus the initializer computed")
        }
        XCTAssertEqual(bonus, Int64(leader.bonus))
        guard case .expression(.value(.text(let name)))? = try harness.run("leader.name") else {
            return XCTFail("the name read with `row[Column(\"name\")]`")
        }
        XCTAssertEqual(name, leader.name)
        // A type without `init(row:)` holds its columns.
        try harness.run("let team = try Team.fetchOne(db)")
        guard case .expression(.value(.text("Reds")))? = try harness.run("team.name") else {
            return XCTFail("the team's name column")
        }
        // `self.init(…)` in an `init(row:)` declared in an extension: the memberwise initializer.
        let coach = try XCTUnwrap(try harness.database.read { db in try Coach.fetchOne(db) })
        try harness.run("let coach = try Coach.fetchOne(db)")
        guard case .expression(.value(.text(let badge)))? = try harness.run("coach.badge") else {
            return XCTFail("the badge the initializer gave")
        }
        XCTAssertEqual(badge, coach.badge)
    }

    /// GRDB converts a row's value to the type asked (`row["at"]` as a `Date`, from text);
    /// arbor's `row[…]` does not, so that init is not run: the record holds the row's columns.
    func testAnInitializerArborCanNotRunLeavesTheColumns() throws {
        let harness = try harness()
        try harness.run("let visit = try Visit.fetchOne(db)")
        guard case .expression(.value(.integer(7)))? = try harness.run("visit.id") else {
            return XCTFail("the visit's id column")
        }
    }
}

// The same app code, compiled against GRDB.
private struct Player: FetchableRecord, TableRecord {
    var id: Int64
    var name: String
    var score: Int
    var bonus: Int
    init(row: Row) throws {
        id = row["id"]
        name = row[Column("name")]
        score = row["score"]
        bonus = self.score >= 100 && score > 0 ? 10 : 1
    }
}

extension Player {
    fileprivate static func nearLeader(_ db: Database) throws -> QueryInterfaceRequest<Player> {
        guard let leader = try Player.order(Column("score").desc).fetchOne(db) else { return Player.none() }
        return Player.filter(Column("score") >= leader.score - leader.bonus)
    }
}

private struct Coach: FetchableRecord, TableRecord {
    var id: Int64
    var name: String
    var badge: String
}

extension Coach {
    init(row: Row) throws {
        self.init(id: row["id"], name: row["name"], badge: row["id"] == 1 ? "head" : "assistant")
    }
}
