import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// Swift applied to a fetched result (`try Player.fetchAll(db).map(\.name)`,
/// `try Player.fetchOne(db)?.name ?? "none"`, `if try Player.fetchCount(db) > 0`): the fetch
/// runs and Swift goes on with the value GRDB returns, each record's properties decoded into
/// their declared types. Each value is compared with the same Swift compiled against GRDB
/// here (the private types below), on the same rows.
final class FetchedSwiftValueTests: XCTestCase {
    static let schema = """
        CREATE TABLE player(
          id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL, isActive BOOLEAN NOT NULL,
          joinedAt DATETIME, teamId INTEGER, kind TEXT NOT NULL);
        INSERT INTO player VALUES
          (1, 'Ann', 120, 1, '2024-05-01 10:00:00.000', 7, 'pro'),
          (2, 'Bob', 9, 0, NULL, NULL, 'amateur'),
          (3, 'Cy', 115, 1, '2023-01-02 03:04:05.000', 7, 'pro'),
          (4, 'Dee', 40, 1, NULL, 8, 'amateur');
        """

    static let appCode = """
        import GRDB
        struct Player: Codable, FetchableRecord, TableRecord, Identifiable {
            enum Kind: String, Codable { case pro, amateur }
            var id: Int64
            var name: String
            var score: Int
            var isActive: Bool
            var joinedAt: Date?
            var teamId: Int64?
            var kind: Kind
        }
        extension Player {
            static func leaderName(_ db: Database) throws -> String {
                try Player.order(Column("score").desc).fetchOne(db)?.name ?? "none"
            }
            static func activeNames(_ db: Database) throws -> [String] {
                try Player.fetchAll(db).filter { $0.isActive }.map(\\.name)
            }
            static func hasPlayers(_ db: Database) throws -> Bool {
                if try Player.fetchCount(db) > 0 { return true }
                return false
            }
            static func totalActiveScore(_ db: Database) throws -> Int {
                var total = 0
                for player in try Player.fetchAll(db) where player.isActive {
                    total += player.score
                }
                return total
            }
            static func firstAmateurName(_ db: Database) throws -> String {
                for player in try Player.order(Column("id")).fetchAll(db) {
                    if player.kind == .amateur { return player.name }
                }
                return "none"
            }
            static func highScorers(_ db: Database) throws -> QueryInterfaceRequest<Player> {
                let ids = try Player.fetchAll(db).filter { $0.score > 100 }.map(\\.id)
                return Player.filter(ids: ids).order(Column("name"))
            }
        }
        """

    private func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).map(\.error.message), [])
        return harness
    }

    /// GRDB's own answer for `body`, on the harness's rows.
    private func grdb<T>(_ harness: LanguageHarness, _ body: (Database) throws -> T) throws -> T {
        try harness.database.read(body)
    }

    private func texts(_ value: Value?, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard case .array(let elements)? = value else {
            XCTFail("expected an array, got \(value?.kindName ?? "nothing")", file: file, line: line)
            return []
        }
        return elements.compactMap { element in
            if case .expression(.value(.text(let text))) = element { return text }
            XCTFail("expected a string, got \(element.kindName)", file: file, line: line)
            return nil
        }
    }

    func testMapOfAFetchGivesEachRecordsProperty() throws {
        let harness = try harness()
        let expected = try grdb(harness) { db in try Player.fetchAll(db).map(\.name) }
        XCTAssertEqual(texts(try harness.run(#"try Player.fetchAll(db).map(\.name)"#)), expected)
        XCTAssertEqual(texts(try harness.run("try Player.fetchAll(db).map { $0.name }")), expected)
    }

    /// GRDB decodes `isActive` (stored 1) as a `Bool`, `joinedAt` (text) as a `Date`, `kind`
    /// (text) as the app's enum case.
    func testPropertiesTakeTheirDeclaredTypes() throws {
        let harness = try harness()
        let ann = try XCTUnwrap(try grdb(harness) { db in try Player.fetchOne(db, id: 1) })
        guard
            case .expression(.value(.bool(let isActive)))? = try harness.run("try Player.fetchOne(db, id: 1)?.isActive")
        else { return XCTFail("a Bool") }
        XCTAssertEqual(isActive, ann.isActive)
        guard case .swift(.date(let joinedAt))? = try harness.run("try Player.fetchOne(db, id: 1)?.joinedAt") else {
            return XCTFail("a Date")
        }
        XCTAssertEqual(joinedAt, ann.joinedAt)
        guard case .swift(.enumCase(let kind))? = try harness.run("try Player.fetchOne(db, id: 1)?.kind") else {
            return XCTFail("a case of Player.Kind")
        }
        XCTAssertEqual(kind.type, "Player.Kind")
        XCTAssertEqual(kind.name, ann.kind.rawValue)
        guard case .expression(.value(.integer(let score)))? = try harness.run("try Player.fetchOne(db, id: 1)?.score")
        else { return XCTFail("an Int") }
        XCTAssertEqual(score, Int64(ann.score))
        // A NULL of an optional property is nil.
        guard case .expression(.value(.null))? = try harness.run("try Player.fetchOne(db, id: 2)?.joinedAt") else {
            return XCTFail("nil")
        }
    }

    func testOptionalChainingMapAndNilCoalescing() throws {
        let harness = try harness()
        let missing = try grdb(harness) { db in try Player.fetchOne(db, id: 99)?.name ?? "none" }
        guard
            case .expression(.value(.text(let none)))? = try harness.run(
                #"try Player.fetchOne(db, id: 99)?.name ?? "none""#)
        else { return XCTFail("the default") }
        XCTAssertEqual(none, missing)
        let mapped = try grdb(harness) { db in try Player.fetchOne(db, id: 3).map { $0.name } }
        guard
            case .expression(.value(.text(let name)))? = try harness.run(
                "try Player.fetchOne(db, id: 3).map { $0.name }")
        else { return XCTFail("the name") }
        XCTAssertEqual(name, mapped)
        XCTAssertTrue(try harness.run("try Player.fetchOne(db, id: 99).map { $0.name }")?.isNil == true)
    }

    func testSwiftsArrayMembersOnFetchedRecords() throws {
        let harness = try harness()
        let players = try grdb(harness) { db in try Player.fetchAll(db) }
        func integer(_ text: String) throws -> Int64? {
            guard case .expression(.value(.integer(let value)))? = try harness.run(text) else { return nil }
            return value
        }
        XCTAssertEqual(try integer("try Player.fetchAll(db).count"), Int64(players.count))
        XCTAssertEqual(
            try integer("try Player.fetchAll(db).filter { $0.score > 10 }.count"),
            Int64(players.filter { $0.score > 10 }.count))
        XCTAssertEqual(try integer("try Player.fetchAll(db).first?.id"), players.first?.id)
        XCTAssertEqual(try integer("try Player.fetchAll(db).last?.score"), players.last.map { Int64($0.score) })
        guard case .expression(.value(.bool(false)))? = try harness.run("try Player.fetchAll(db).isEmpty") else {
            return XCTFail("not empty")
        }
        XCTAssertEqual(
            texts(try harness.run(#"try Player.fetchAll(db).sorted { $0.score > $1.score }.map(\.name)"#)),
            players.sorted { $0.score > $1.score }.map(\.name))
        XCTAssertEqual(
            texts(try harness.run(#"try Player.fetchAll(db).sorted(by: { $0.name > $1.name }).map(\.name)"#)),
            players.sorted(by: { $0.name > $1.name }).map(\.name))
        guard case .array(let teams)? = try harness.run("try Player.fetchAll(db).compactMap { $0.teamId }") else {
            return XCTFail("an array")
        }
        XCTAssertEqual(teams.compactMap(\.knownValue), players.compactMap(\.teamId).map(SQLValue.integer))
        XCTAssertEqual(
            try integer("try Player.fetchAll(db).first(where: { !$0.isActive })?.id"),
            players.first(where: { !$0.isActive })?.id)
        guard
            case .expression(.value(.bool(let anyAmateur)))? = try harness.run(
                "try Player.fetchAll(db).contains(where: { $0.kind == .amateur })")
        else { return XCTFail("a Bool") }
        XCTAssertEqual(anyAmateur, players.contains(where: { $0.kind == .amateur }))
        guard case .array(let distinctTeams)? = try harness.run(#"Set(try Player.fetchAll(db).map(\.teamId))"#) else {
            return XCTFail("a set")
        }
        XCTAssertEqual(distinctTeams.count, Set(players.map(\.teamId)).count)
        guard
            case .dictionary(let byTeam)? = try harness.run(
                #"Dictionary(grouping: try Player.fetchAll(db), by: \.kind)"#)
        else { return XCTFail("a dictionary") }
        let grouped = Dictionary(grouping: players, by: \.kind)
        XCTAssertEqual(byTeam.count, grouped.count)
        for (kind, members) in grouped {
            let key = Value.swift(
                .enumCase(EnumCaseValue(type: "Player.Kind", name: kind.rawValue, rawValue: .text(kind.rawValue))))
            guard case .array(let held)? = byTeam[key] else { return XCTFail("the group of \(kind)") }
            XCTAssertEqual(held.count, members.count)
        }
    }

    /// A request method's body runs Swift on its fetches as the compiled method does; the
    /// request it builds from them is GRDB's.
    func testMethodBodiesRunSwiftOnTheirFetches() throws {
        let harness = try harness()
        guard case .expression(.value(.text(let leader)))? = try harness.run("try Player.leaderName(db)") else {
            return XCTFail("the leader's name")
        }
        XCTAssertEqual(leader, try grdb(harness) { try Player.leaderName($0) })
        XCTAssertEqual(
            texts(try harness.run("try Player.activeNames(db)")), try grdb(harness) { try Player.activeNames($0) })
        guard case .expression(.value(.bool(let hasPlayers)))? = try harness.run("try Player.hasPlayers(db)") else {
            return XCTFail("a Bool")
        }
        XCTAssertEqual(hasPlayers, try grdb(harness) { try Player.hasPlayers($0) })
        let expected = try grdb(harness) { try Player.highScorers($0) }
        XCTAssertEqual(try harness.sql("try Player.highScorers(db)"), try harness.grdbSQL(expected))
    }

    /// `for player in try Player.fetchAll(db) where … { … }`: the body runs for each record, a
    /// `return` inside ends the method.
    func testForInRunsItsBodyForEachFetchedRecord() throws {
        let harness = try harness()
        guard case .expression(.value(.integer(let total)))? = try harness.run("try Player.totalActiveScore(db)") else {
            return XCTFail("the sum")
        }
        XCTAssertEqual(total, Int64(try grdb(harness) { try Player.totalActiveScore($0) }))
        guard case .expression(.value(.text(let name)))? = try harness.run("try Player.firstAmateurName(db)") else {
            return XCTFail("the name returned from inside the loop")
        }
        XCTAssertEqual(name, try grdb(harness) { try Player.firstAmateurName($0) })
    }

    func testAMemberTheRecordLacksIsTheCompilersError() throws {
        let harness = try harness()
        let text = "try Player.fetchOne(db)?.nmae"
        let error = try XCTUnwrap(harness.lastError(text))
        XCTAssertEqual(error.message, "value of type 'Player' has no member 'nmae'")
        XCTAssertEqual(error.suggestion, "did you mean `name`?")
        let start = try XCTUnwrap(text.range(of: "nmae")).lowerBound.utf16Offset(in: text)
        XCTAssertEqual(error.range, SourceRange(start, start + 4))
    }

    /// Nothing follows: the fetch stays a request (streamed a window at a time), fetched by nobody yet.
    func testAFetchThatNothingFollowsStaysARequest() throws {
        let harness = try harness()
        guard case .fetch(let plan, .all)? = try harness.run("try Player.fetchAll(db)") else {
            return XCTFail("the fetch itself")
        }
        XCTAssertEqual(plan.table, "player")
        try harness.run("let players = try Player.fetchAll(db)")
        guard case .fetch? = try harness.run("players") else {
            return XCTFail("a bound fetch stays a request at the prompt")
        }
    }
}

// The same app code, compiled against GRDB.
private struct Player: Codable, FetchableRecord, TableRecord, Identifiable {
    enum Kind: String, Codable { case pro, amateur }
    var id: Int64
    var name: String
    var score: Int
    var isActive: Bool
    var joinedAt: Date?
    var teamId: Int64?
    var kind: Kind
}

extension Player {
    static func leaderName(_ db: Database) throws -> String {
        try Player.order(Column("score").desc).fetchOne(db)?.name ?? "none"
    }
    static func activeNames(_ db: Database) throws -> [String] {
        try Player.fetchAll(db).filter { $0.isActive }.map(\.name)
    }
    static func hasPlayers(_ db: Database) throws -> Bool {
        if try Player.fetchCount(db) > 0 { return true }
        return false
    }
    static func totalActiveScore(_ db: Database) throws -> Int {
        var total = 0
        for player in try Player.fetchAll(db) where player.isActive {
            total += player.score
        }
        return total
    }
    static func firstAmateurName(_ db: Database) throws -> String {
        for player in try Player.order(Column("id")).fetchAll(db) {
            if player.kind == .amateur { return player.name }
        }
        return "none"
    }
    static func highScorers(_ db: Database) throws -> QueryInterfaceRequest<Player> {
        let ids = try Player.fetchAll(db).filter { $0.score > 100 }.map(\.id)
        return Player.filter(ids: ids).order(Column("name"))
    }
}
