import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

// The record types of a small app, compiled here as the app compiles them, and
// given to arbor as the same text (`declarations`).
private struct Team: TableRecord {
    static let databaseTableName = "team"
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
    static let players = hasMany(Player.self)
    static let compactPlayers = hasMany(CompactPlayer.self)
    static let awards = hasMany(Award.self, through: players, using: Player.awards)
}
// Swift 6 refuses a non-Sendable `static let`, which an app in Swift 5 mode writes
// (`declarations` does): here it is a computed `static var`, which selects the same.
private struct Player: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] {
        [AllColumns(), Column.rowID, length(Column("name")).forKey("nameLength")]
    }
    static let team = belongsTo(Team.self)
    static let awards = hasMany(Award.self)
}
/// Another type of the player table, which selects other columns (and not its key).
private struct CompactPlayer: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [Column("name"), (Column("score") * 2).forKey("doubled")] }
    static let team = belongsTo(Team.self)
}
private struct Award: TableRecord {
    static let databaseTableName = "award"
    static var databaseSelection: [any SQLSelectable] {
        [.allColumns(excluding: ["id"]), SQL("upper(title)").sqlExpression.forKey("shout")]
    }
    static let player = belongsTo(Player.self)
    static let team = hasOne(Team.self, through: player, using: Player.team)
}

// Shaped like a bowling app's models found on GitHub: namespaced record types, a
// summary type that borrows another type's table name and columns.
private enum Roster {
    struct DatabaseModel: TableRecord {
        static let databaseTableName = "team"
        enum Columns {
            static let id = Column("id")
            static let name = Column("name")
            static let city = Column("city")
        }
    }
    struct Summary: TableRecord {
        static let databaseTableName = Roster.DatabaseModel.databaseTableName
        static var databaseSelection: [any SQLSelectable] {
            [Roster.DatabaseModel.Columns.id, Roster.DatabaseModel.Columns.name]
        }
        static let players = hasMany(Player.self, using: ForeignKey(["teamId"]))
        static func withPlayerCount() -> QueryInterfaceRequest<Summary> {
            Summary.all().annotated(with: players.count.forKey("playerCount"))
        }
    }
}

private let declarations = """
    struct Team: TableRecord {
        static let databaseTableName = "team"
        static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
        static let players = hasMany(Player.self)
        static let compactPlayers = hasMany(CompactPlayer.self)
        static let awards = hasMany(Award.self, through: players, using: Player.awards)
    }
    struct Player: TableRecord {
        static let databaseTableName = "player"
        static let databaseSelection: [any SQLSelectable] = [
            AllColumns(), Column.rowID, length(Column("name")).forKey("nameLength"),
        ]
        static let team = belongsTo(Team.self)
        static let awards = hasMany(Award.self)
    }
    struct CompactPlayer: TableRecord {
        static let databaseTableName = "player"
        static let databaseSelection: [any SQLSelectable] = [Column("name"), (Column("score") * 2).forKey("doubled")]
        static let team = belongsTo(Team.self)
    }
    struct Award: TableRecord {
        static let databaseTableName = "award"
        static var databaseSelection: [any SQLSelectable] {
            [.allColumns(excluding: ["id"]), SQL("upper(title)").sqlExpression.forKey("shout")]
        }
        static let player = belongsTo(Player.self)
        static let team = hasOne(Team.self, through: player, using: Player.team)
    }
    """

/// A record type's `databaseSelection` is what GRDB's requests of the type select, and
/// what an association to it selects: arbor's SQL is GRDB's for the same Swift code.
final class DatabaseSelectionTests: XCTestCase {
    static let schema = """
        CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
        CREATE TABLE player (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE award (id INTEGER PRIMARY KEY, playerId INTEGER REFERENCES player(id), title TEXT);
        INSERT INTO team VALUES (1, 'Reds', 'Paris'), (2, 'Blues', 'Lyon');
        INSERT INTO player VALUES (1, 1, 'Ann', 10), (2, 1, 'Bob', 20), (3, 2, 'Cy', 5);
        INSERT INTO award VALUES (1, 1, 'MVP'), (2, 1, 'Rookie'), (3, 3, 'Fair play');
        """

    /// A session on the schema with `text` loaded as the app's code.
    func session(loading text: String = declarations) throws -> (Session, LoadReport) {
        let session = try Session(path: TemporaryDatabase.make(Self.schema))
        let directory = try TemporaryItems.folder("arbor-selection")
        let file = directory.appendingPathComponent("Models.swift").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return (session, try session.load(paths: [file]))
    }

    /// Every statement GRDB runs to fetch `request` as rows: the main one, then the prefetches.
    func grdbStatements<T>(_ request: QueryInterfaceRequest<T>, in session: Session) throws -> [String] {
        let recorder = StatementRecorder()
        return try session.database.read { db in
            db.trace(options: .profile) { recorder.record($0) }
            defer { db.trace(options: [], nil) }
            _ = try Row.fetchAll(db, request.asRequest(of: Row.self))
            return recorder.statements.map(\.sql)
        }
    }

    /// Arbor's statements for `text` are GRDB's for `request`, prefetches included.
    func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, in session: Session,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try session.requestResult(text)
        XCTAssertEqual(
            result.statements.map(\.sql), try grdbStatements(request, in: session), text, file: file, line: line)
    }

    func testTheDeclarationsLoadWithoutANote() throws {
        let (_, report) = try session()
        XCTAssertEqual(report.diagnostics.count, 0, report.renderedDiagnostics.joined(separator: "\n"))
    }

    func testARequestOfTheTypeStartsWithItsSelection() throws {
        let (session, _) = try session()
        try assertSame("Team.all()", Team.all(), in: session)
        try assertSame("Player.all()", Player.all(), in: session)
        try assertSame("CompactPlayer.all()", CompactPlayer.all(), in: session)
        try assertSame("Award.all()", Award.all(), in: session)
        try assertSame(
            "Player.filter(Column(\"score\") > 5).order(Column(\"name\"))",
            Player.filter(Column("score") > 5).order(Column("name")), in: session)
        try assertSame("Player.filter(key: 2)", Player.filter(key: 2), in: session)
        // `Table` has no record type: all columns.
        try assertSame("Table(\"player\").all()", Table("player").all(), in: session)
        guard case .rows(let fetched)? = session.run("CompactPlayer.fetchOne(db, key: 1)").last else {
            return XCTFail("no row")
        }
        XCTAssertEqual(fetched.mainSQL, #"SELECT "name", "score" * 2 AS "doubled" FROM "player" WHERE "id" = 1"#)
        // A record's request for an association selects the destination's selection.
        let outcomes = session.run("let ann = try Player.fetchOne(db, key: 1)\nann.request(for: Player.team)")
        guard case .rows(let team)? = outcomes.last else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(team.mainSQL, #"SELECT "id", "name" FROM "team" WHERE "id" = 1"#)
        let result = try session.requestResult("Player.all()")
        XCTAssertEqual(result.mainSQL, #"SELECT *, "rowid", LENGTH("name") AS "nameLength" FROM "player""#)
    }

    func testTwoTypesOfOneTableSelectTheirOwnColumns() throws {
        let (session, _) = try session()
        guard case .rows(let player)? = session.run("Player.all()").last,
            case .rows(let compact)? = session.run("CompactPlayer.all()").last
        else { return XCTFail("no rows") }
        XCTAssertEqual(compact.mainSQL, #"SELECT "name", "score" * 2 AS "doubled" FROM "player""#)
        XCTAssertNotEqual(player.mainSQL, compact.mainSQL)
        XCTAssertEqual(compact.rows.map(\.names), Array(repeating: ["name", "doubled"], count: 3))
        XCTAssertEqual(compact.rows.first?.values, ["Ann".databaseValue, 20.databaseValue])
    }

    func testAJoinedIncludeSelectsTheDestinationsSelection() throws {
        let (session, _) = try session()
        try assertSame("Player.including(required: Player.team)", Player.including(required: Player.team), in: session)
        try assertSame(
            "CompactPlayer.including(optional: CompactPlayer.team)",
            CompactPlayer.including(optional: CompactPlayer.team), in: session)
        try assertSame("Award.including(required: Award.player)", Award.including(required: Award.player), in: session)
        let result = try session.requestResult("CompactPlayer.including(required: CompactPlayer.team)")
        XCTAssertEqual(
            result.mainSQL,
            #"SELECT "player"."name", "player"."score" * 2 AS "doubled", "team"."id", "team"."name" FROM "player" JOIN "team" ON "team"."id" = "player"."teamId""#
        )
        guard case .toOne(let team?)? = result.rows.first?.children.first?.value else {
            return XCTFail("no team under the first player")
        }
        XCTAssertEqual(team.names, ["id", "name"])
        XCTAssertEqual(team.values, [1.databaseValue, "Reds".databaseValue])
    }

    func testAPrefetchSelectsTheDestinationsSelectionAndGroupsRowsWithoutTheirKey() throws {
        let (session, _) = try session()
        try assertSame("Team.including(all: Team.players)", Team.including(all: Team.players), in: session)
        try assertSame(
            "Team.including(all: Team.compactPlayers)", Team.including(all: Team.compactPlayers), in: session)
        try assertSame(
            "Team.including(all: Team.players.including(all: Player.awards))",
            Team.including(all: Team.players.including(all: Player.awards)), in: session)
        // CompactPlayer selects neither its key nor its team's: GRDB's grdb_teamId groups the rows.
        let result = try session.requestResult("Team.including(all: Team.compactPlayers)")
        XCTAssertEqual(
            result.statements.last?.sql,
            #"SELECT "name", "score" * 2 AS "doubled", "teamId" AS "grdb_teamId" FROM "player" WHERE "teamId" IN (1, 2)"#
        )
        let players = result.rows.map { row -> [String] in
            guard case .toMany(let children)? = row.children.first?.value else { return [] }
            return children.map { "\($0.values[0])" }
        }
        XCTAssertEqual(players, [["\"Ann\"", "\"Bob\""], ["\"Cy\""]])
    }

    func testAThroughAssociationSelectsItsTargetsSelection() throws {
        let (session, _) = try session()
        try assertSame("Team.including(all: Team.awards)", Team.including(all: Team.awards), in: session)
        try assertSame("Award.including(required: Award.team)", Award.including(required: Award.team), in: session)
        let result = try session.requestResult("Award.including(required: Award.team)")
        XCTAssertEqual(
            result.mainSQL,
            #"SELECT "award"."playerId", "award"."title", upper(title) AS "shout", "team"."id", "team"."name" FROM "award" JOIN "player" ON "player"."id" = "award"."playerId" JOIN "team" ON "team"."id" = "player"."teamId""#
        )
    }

    func testSelectReplacesTheSelectionAndAnnotatedAppendsToIt() throws {
        let (session, _) = try session()
        try assertSame("Player.select(Column(\"name\"))", Player.select(Column("name")), in: session)
        try assertSame(
            "Team.including(all: Team.players.select(Column(\"id\"), Column(\"teamId\")))",
            Team.including(all: Team.players.select(Column("id"), Column("teamId"))), in: session)
        try assertSame(
            "CompactPlayer.select(Player.databaseSelection)", CompactPlayer.select(Player.databaseSelection),
            in: session)
        try assertSame(
            "Player.annotated(with: (Column(\"score\") + 1).forKey(\"next\"))",
            Player.annotated(with: (Column("score") + 1).forKey("next")), in: session)
        try assertSame(
            "Team.annotated(with: Team.players.count)", Team.annotated(with: Team.players.count), in: session)
        try assertSame(
            "Player.annotated(withRequired: Player.team)", Player.annotated(withRequired: Player.team), in: session)
        try assertSame(
            "Team.including(required: Team.players.annotated(with: Column(\"score\").forKey(\"points\")))",
            Team.including(required: Team.players.annotated(with: Column("score").forKey("points"))), in: session)
        guard
            case .rows(let result)? = session.run("Player.annotated(with: (Column(\"score\") + 1).forKey(\"next\"))")
                .last
        else { return XCTFail("no rows") }
        XCTAssertEqual(
            result.mainSQL, #"SELECT *, "rowid", LENGTH("name") AS "nameLength", "score" + 1 AS "next" FROM "player""#)
    }

    func testAnAliasedExpressionOfTheSelectionIsAColumnOfTheRows() throws {
        let (session, _) = try session()
        try assertSame(
            "Player.filter(Column(\"nameLength\") > 2)", Player.filter(Column("nameLength") > 2), in: session)
        let result = try session.requestResult("CompactPlayer.order(Column(\"doubled\").desc)")
        XCTAssertEqual(result.rows.map { $0.values[1] }, [40.databaseValue, 20.databaseValue, 10.databaseValue])
    }

    func testAnInferredAssociationSelectsItsDestinationTypesSelection() throws {
        // No association declared: the convention's `Player.team` stands for `belongsTo(Team.self)`.
        let (session, report) = try session(
            loading: """
                struct Team: TableRecord {
                    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
                }
                """)
        XCTAssertEqual(report.diagnostics.count, 0)
        try assertSame(
            "Player.including(required: Player.team)",
            Table("player").including(required: Table("player").belongsTo(Team.self)), in: session)
    }

    func testAPrefetchNeedsTheParentsKeyWhichTheSelectionMayLeaveOut() throws {
        let (session, _) = try session(
            loading: """
                struct Team: TableRecord {
                    static var databaseSelection: [any SQLSelectable] { [Column("name")] }
                    static let players = hasMany(Player.self)
                }
                """)
        guard case .failure(let errors, _)? = session.run("Team.including(all: Team.players)").last else {
            return XCTFail("a prefetch without the parents' key ran")
        }
        XCTAssertEqual(
            errors.first?.message,
            "`including(all: Team.players)` needs the column id of `team` in the selection, which `Team.databaseSelection` leaves out"
        )
        XCTAssertEqual(errors.first?.suggestion, "add `Column(\"id\")` to `Team.databaseSelection` or `select`")
        // `.allColumns(excluding:)` keeps the key unless it names it.
        guard
            case .rows(let result)? = session.run(
                "Team.select(.allColumns(excluding: [\"name\"])).including(all: Team.players)"
            ).last
        else { return XCTFail("no rows") }
        XCTAssertEqual(result.mainSQL, #"SELECT "id", "city" FROM "team""#)
    }

    func testASelectionArborCanNotReadIsALocatedNoteAndSelectsAllColumns() throws {
        let (session, report) = try session(
            loading: """
                struct Award: TableRecord {
                    static let databaseTableName = "award"
                    static let databaseSelection: [any SQLSelectable] = [Column("title")] + [Column("id")]
                }
                struct Team: TableRecord {
                    static let databaseSelection: [any SQLSelectable] = [Column("nmae")]
                }
                """)
        // `[…] + […]` is Swift's array concatenation: read (GRDB selects both columns).
        XCTAssertEqual(report.diagnostics.map(\.severity), [.note])
        let rendered = report.renderedDiagnostics
        XCTAssertEqual(rendered.count, 1)
        XCTAssertTrue(
            rendered.last?.contains(
                "Models.swift:6:65: note: skipped `Team.databaseSelection`: table `team` has no column `nmae`: arbor's requests of `Team` select all columns"
            ) == true, rendered.last ?? "")
        guard case .rows(let award)? = session.run("Award.all()").last,
            case .rows(let team)? = session.run("Team.all()").last
        else { return XCTFail("no rows") }
        XCTAssertEqual(award.mainSQL, #"SELECT "title", "id" FROM "award""#)
        XCTAssertEqual(team.mainSQL, #"SELECT * FROM "team""#)
    }

    /// Model code as a real app writes it: a namespaced summary type with another
    /// type's table name and columns, `nonisolated(unsafe)`, and a request method.
    func testANamespacedSummaryTypeSelectsItsColumns() throws {
        let (session, report) = try session(
            loading: declarations + """

                enum Roster {
                    struct DatabaseModel: Codable, TableRecord {
                        static let databaseTableName = "team"
                        enum Columns {
                            static let id = Column(CodingKeys.id)
                            static let name = Column(CodingKeys.name)
                            static let city = Column(CodingKeys.city)
                        }
                        var id: Int64
                        var name: String
                        var city: String?
                    }
                    struct Summary: Codable, FetchableRecord {
                        var id: Int64
                        var name: String
                    }
                }
                extension Roster.Summary: TableRecord {
                    public static let databaseTableName = Roster.DatabaseModel.databaseTableName
                    nonisolated(unsafe) public static let databaseSelection: [any SQLSelectable] = [
                        Roster.DatabaseModel.Columns.id,
                        Roster.DatabaseModel.Columns.name,
                    ]
                    static let players = hasMany(Player.self, using: ForeignKey(["teamId"]))
                    static func withPlayerCount() -> QueryInterfaceRequest<Roster.Summary> {
                        Roster.Summary.all().annotated(with: players.count.forKey("playerCount"))
                    }
                }
                """)
        XCTAssertEqual(report.diagnostics.count, 0, report.renderedDiagnostics.joined(separator: "\n"))
        try assertSame("Roster.Summary.all()", Roster.Summary.all(), in: session)
        try assertSame("Roster.Summary.withPlayerCount()", Roster.Summary.withPlayerCount(), in: session)
        try assertSame(
            "Roster.Summary.including(all: Roster.Summary.players)",
            Roster.Summary.including(all: Roster.Summary.players), in: session)
        let result = try session.requestResult("Roster.Summary.all()")
        XCTAssertEqual(result.mainSQL, #"SELECT "id", "name" FROM "team""#)
    }

    /// `\(columnsOf: Player.self)` in raw SQL is the type's selection, qualified as GRDB qualifies it.
    func testColumnsOfInRawSQLIsTheTypesSelection() throws {
        let (session, _) = try session()
        func grdb(_ request: SQLRequest<Row>) throws -> String {
            try session.database.read { db in try request.makePreparedRequest(db, forSingleResult: false).statement.sql
            }
        }
        let cases: [(String, SQLRequest<Row>)] = [
            (#"SELECT \(columnsOf: Player.self) FROM player"#, "SELECT \(columnsOf: Player.self) FROM player"),
            (
                #"SELECT \(columnsOf: Award.self, tableAlias: "a") FROM award a"#,
                "SELECT \(columnsOf: Award.self, tableAlias: "a") FROM award a"
            ),
        ]
        for (text, request) in cases {
            let result = try session.requestResult("try SQLRequest<Row>(\"\(text)\").fetchAll(db)")
            XCTAssertEqual(result.mainSQL, try grdb(request), text)
        }
        guard
            case .rows(let team)? = session.run(
                #"try Row.fetchAll(db, SQLRequest("SELECT \(columnsOf: Team.self) FROM team"))"#
            ).last
        else {
            return XCTFail("team")
        }
        XCTAssertEqual(team.mainSQL, try grdb("SELECT \(columnsOf: Team.self) FROM team"))
        XCTAssertEqual(team.mainSQL, #"SELECT "team"."id", "team"."name" FROM team"#)
    }
}
