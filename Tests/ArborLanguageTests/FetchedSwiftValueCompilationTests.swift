import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// Swift applied to a fetched result, compiled against GRDB for real (`ARBOR_COMPILE_GRDB=1`):
/// the program runs each statement on the same rows and prints its value and the statements
/// GRDB ran; arbor must give the same value and run the same SQL. The compiler refuses a
/// member the record type lacks with the words arbor gives.
final class FetchedSwiftValueCompilationTests: XCTestCase {
    static let schema = """
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL, isActive BOOLEAN NOT NULL);
        INSERT INTO player VALUES (1, 'Ann', 120, 1), (2, 'Bob', 9, 0), (3, 'Cy', 115, 1);
        """

    static let appCode = """
        import GRDB
        struct Player: Codable, FetchableRecord, TableRecord, Identifiable {
            var id: Int64
            var name: String
            var score: Int
            var isActive: Bool
        }
        extension Player {
            static func leaderName(_ db: Database) throws -> String {
                try Player.order(Column("score").desc).fetchOne(db)?.name ?? "none"
            }
        }
        """

    /// Each statement, and how its value prints (as Swift's `print` writes it, and arbor's tests read it).
    static let statements: [(swift: String, arbor: @Sendable (Value?) -> String?)] = [
        (#"try Player.fetchOne(db, id: 9)?.name ?? "none""#, text),
        (#"try Player.filter(Column("score") > 10).fetchAll(db).map(\.name)"#, texts),
        ("try Player.leaderName(db)", text),
        ("try Player.fetchAll(db).filter { $0.isActive }.count", integer),
    ]

    static func text(_ value: Value?) -> String? {
        guard case .expression(.value(.text(let text)))? = value else { return nil }
        return text
    }

    static func texts(_ value: Value?) -> String? {
        guard case .array(let elements)? = value else { return nil }
        let texts = elements.compactMap(text)
        guard texts.count == elements.count else { return nil }
        return "[" + texts.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    static func integer(_ value: Value?) -> String? {
        guard case .expression(.value(.integer(let integer)))? = value else { return nil }
        return String(integer)
    }

    /// One line a statement: its value, a tab, and the SELECTs it ran joined by " | ".
    static var program: String {
        let runs = statements.enumerated().map { index, statement in
            """
                log.statements = []
                let value\(index) = \(statement.swift)
                print("\\(value\(index))\\t" + log.statements.joined(separator: " | "))

            """
        }.joined()
        return appCode + """

            final class Log: @unchecked Sendable { var statements: [String] = [] }
            let log = Log()
            let queue = try DatabaseQueue()
            try queue.write { try $0.execute(sql: \"\"\"
            \(schema)
            \"\"\") }
            try queue.read { db in
                db.trace(options: .statement) { event in
                    guard case .statement(let statement) = event, statement.expandedSQL.hasPrefix("SELECT"),
                        !statement.expandedSQL.contains("sqlite_")
                    else { return }
                    log.statements.append(statement.expandedSQL)
                }
            \(runs)
            }

            """
    }

    func testArborGivesTheValuesAndRunsTheStatementsOfCompiledSwift() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let built = try GRDBCompilation.build(["FetchedValues": ["main.swift": Self.program]])
        let run = try GRDBCompilation.run(built.appendingPathComponent("FetchedValues"), [])
        XCTAssertEqual(run.status, 0, run.text)
        let lines = run.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, Self.statements.count, run.text)

        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).map(\.error.message), [])
        let log = StatementLog()
        harness.database.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                guard case .statement(let statement) = event, statement.expandedSQL.hasPrefix("SELECT"),
                    !statement.expandedSQL.contains("sqlite_")
                else { return }
                log.statements.append(statement.expandedSQL)
            }
        }
        for (statement, line) in zip(Self.statements, lines) {
            log.statements = []
            let value = statement.arbor(try harness.run(statement.swift))
            XCTAssertEqual("\(value ?? "no value")\t" + log.statements.joined(separator: " | "), line, statement.swift)
        }
    }

    func testTheCompilerRefusesAMemberTheRecordLacksAsArborDoes() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let statement = "try Player.fetchOne(db)?.nmae"
        let harness = try LanguageHarness(schema: Self.schema)
        harness.load(Self.appCode)
        let message = try XCTUnwrap(harness.lastError(statement)).message
        let refused =
            Self.appCode + """

                let queue = try DatabaseQueue()
                try queue.read { db in _ = \(statement) }

                """
        XCTAssertThrowsError(try GRDBCompilation.build(["Refused": ["main.swift": refused]])) { error in
            XCTAssertTrue("\(error)".contains("error: \(message)"), "\(error)")
        }
    }

    /// The statements a trace sees, on the database's thread.
    private final class StatementLog: @unchecked Sendable {
        var statements: [String] = []
    }
}
