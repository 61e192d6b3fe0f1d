import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// App code that fetches to compute a value: `let wins = try query.fetchCount(db)` binds
/// the count, as Swift does, and so do value fetches (`String.fetchAll`, `fetchOne`) and
/// record fetches (`fetchAll`). The value is the one the same Swift computes against GRDB,
/// and `--format sql` prints the statements it ran, in GRDB's order.
final class BoundFetchResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE play(id INTEGER PRIMARY KEY, letters TEXT NOT NULL, outcome INTEGER NOT NULL, note TEXT);
        INSERT INTO play VALUES (1, 'QUA', 1, NULL), (2, 'QI', 0, 'close'), (3, 'ZA', 1, NULL), (4, 'QAT', 1, 'x');
        """

    // Modelled on a word game's statistics request: three counts of one query, then the
    // app's own struct built from them with its declared initializer.
    static let appCode = """
        struct Play: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var letters: String
            var outcome: Int
            var note: String?
        }
        struct Tally {
            let wins: Int
            let losses: Int
            let plays: Int
            let lastNote: String?
            init(wins: Int, losses: Int, plays: Int, lastNote: String? = nil) {
                self.wins = wins
                self.losses = losses
                self.plays = plays
                self.lastNote = lastNote
            }
        }
        struct TallyRequest {
            let letter: String?
            init(letter: String? = nil) {
                self.letter = letter
            }
            func fetchValue(_ db: Database) throws -> Tally {
                let query: QueryInterfaceRequest<Play>
                if let letter {
                    query = Play.all().filter(Column("letters").like("%\\(letter)%"))
                } else {
                    query = Play.all()
                }
                let wins = try query.filter(Column("outcome") == 1).fetchCount(db)
                let losses = try query.filter(Column("outcome") == 0).fetchCount(db)
                let plays = try query.order(Column("id")).fetchAll(db)
                let lastNote = try String.fetchOne(db, query.select(Column("note")).order(Column("id").desc))
                return .init(wins: wins, losses: losses, plays: plays.count, lastNote: lastNote)
            }
        }
        """

    func session() throws -> Session {
        let session = try Session(path: try TemporaryDatabase.make(Self.schema))
        let report = session.load(source: Self.appCode, name: "Tally.swift")
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
        return session
    }

    /// What the compiled code gives on the same rows, and the SELECTs GRDB ran for it.
    fileprivate func grdb(_ request: TallyRequest) throws -> (Tally, statements: [String]) {
        let queue = try DatabaseQueue(path: try TemporaryDatabase.make(Self.schema))
        return try queue.read { db in
            _ = try Row.fetchAll(db, Play.limit(0))  // the schema is read before tracing
            var statements: [String] = []
            db.trace(options: .profile) { event in
                if case .profile(let statement, _) = event, statement.sql.hasPrefix("SELECT") {
                    statements.append(statement.expandedSQL)
                }
            }
            defer { db.trace(options: [], nil) }
            return (try request.fetchValue(db), statements)
        }
    }

    func testCountsAndFetchedValuesAreBoundAsSwiftBindsThem() throws {
        let session = try session()
        for (text, request) in [
            (#"try TallyRequest(letter: "Q").fetchValue(db)"#, TallyRequest(letter: "Q")),
            ("try TallyRequest().fetchValue(db)", TallyRequest()),
        ] {
            let (tally, statements) = try grdb(request)
            guard case .computed(let description, let ran)? = session.run(text).last else {
                return XCTFail("\(text): \(session.run(text))")
            }
            XCTAssertEqual(
                description,
                "Tally(wins: \(tally.wins), losses: \(tally.losses), plays: \(tally.plays), lastNote: "
                    + (tally.lastNote.map { SQLValue.text($0).description } ?? "nil") + ")", text)
            XCTAssertEqual(ran, statements, text)
        }
    }

    func testAtThePromptAFetchOfManyStaysARequestShownAsRows() throws {
        let session = try session()
        _ = session.run(#"let plays = try Play.order(Column("id")).fetchAll(db)"#)
        guard case .rows(let result)? = session.run("plays").last else { return XCTFail() }
        XCTAssertEqual(result.rows.count, 4)
        _ = session.run("let count = try Play.fetchCount(db)")
        guard case .count(let count, _)? = session.run("count").last else { return XCTFail() }
        XCTAssertEqual(count, 4)
    }

    func testAFindThatFindsNothingStopsTheMethodWithGRDBsError() throws {
        let session = try session()
        _ = session.load(
            source: """
                extension Play {
                    static func first(_ db: Database, letters: String) throws -> Play {
                        let play = try Play.filter(Column("letters") == letters).fetchOne(db)
                        guard let play else { throw PlayMissing.none }
                        return play
                    }
                }
                enum PlayMissing: Error { case none }
                """, name: "First.swift")
        XCTAssertThrowsError(try grdbFirst("ZZZ"))
        let errors = try session.failure(#"try Play.first(db, letters: "ZZZ")"#)
        XCTAssertTrue(errors.first?.message.hasPrefix("the app's code throws PlayMissing.none") == true, "\(errors)")
        guard case .computed(let description, let ran)? = session.run(#"try Play.first(db, letters: "ZA")"#).last
        else { return XCTFail() }
        let (play, statements) = try grdbFirstTraced("ZA")
        XCTAssertEqual(description, #"Play(id: \#(play.id), letters: "ZA", outcome: 1, note: nil)"#)
        XCTAssertEqual(ran, statements)
    }

    private func grdbFirst(_ letters: String) throws -> Play { try grdbFirstTraced(letters).0 }

    private func grdbFirstTraced(_ letters: String) throws -> (Play, [String]) {
        let queue = try DatabaseQueue(path: try TemporaryDatabase.make(Self.schema))
        return try queue.read { db in
            _ = try Row.fetchAll(db, Play.limit(0))
            var statements: [String] = []
            db.trace(options: .profile) { event in
                if case .profile(let statement, _) = event, statement.sql.hasPrefix("SELECT") {
                    statements.append(statement.expandedSQL)
                }
            }
            defer { db.trace(options: [], nil) }
            return (try Play.first(db, letters: letters), statements)
        }
    }
}

// The same app code, compiled against GRDB.
private struct Play: Codable, FetchableRecord, TableRecord {
    var id: Int64
    var letters: String
    var outcome: Int
    var note: String?
}

private enum PlayMissing: Error { case none }

extension Play {
    fileprivate static func first(_ db: Database, letters: String) throws -> Play {
        let play = try Play.filter(Column("letters") == letters).fetchOne(db)
        guard let play else { throw PlayMissing.none }
        return play
    }
}

private struct Tally {
    let wins: Int
    let losses: Int
    let plays: Int
    let lastNote: String?
    init(wins: Int, losses: Int, plays: Int, lastNote: String? = nil) {
        self.wins = wins
        self.losses = losses
        self.plays = plays
        self.lastNote = lastNote
    }
}

private struct TallyRequest {
    let letter: String?
    init(letter: String? = nil) {
        self.letter = letter
    }
    func fetchValue(_ db: Database) throws -> Tally {
        let query: QueryInterfaceRequest<Play>
        if let letter {
            query = Play.all().filter(Column("letters").like("%\(letter)%"))
        } else {
            query = Play.all()
        }
        let wins = try query.filter(Column("outcome") == 1).fetchCount(db)
        let losses = try query.filter(Column("outcome") == 0).fetchCount(db)
        let plays = try query.order(Column("id")).fetchAll(db)
        let lastNote = try String.fetchOne(db, query.select(Column("note")).order(Column("id").desc))
        return .init(wins: wins, losses: losses, plays: plays.count, lastNote: lastNote)
    }
}
