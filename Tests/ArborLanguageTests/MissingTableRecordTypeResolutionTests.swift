import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A wallet app whose code keeps a record type no migration creates a table for (a feature
// left for later, its `create(db:)` commented out), with an association to it: the Swift
// compiler and GRDB accept both, and the app runs as long as no request uses them.
private struct Wallet: TableRecord {
    static let databaseTableName = "wallets"
    static let quotes = hasMany(Quote.self)
    enum Columns { static let name = Column("name") }
}

private struct Quote: TableRecord {
    static let databaseTableName = "market_quotes"
    static let wallet = belongsTo(Wallet.self)
}

/// A `databaseTableName` that names no table of the database is a located note, not a load
/// error: the other types' statements run with exit status 0, with GRDB's SQL. A statement
/// that uses the type, or an association to it, fails as GRDB fails on it.
final class MissingTableRecordTypeResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Wallet: TableRecord {
            static let databaseTableName = "wallets"
            static let quotes = hasMany(Quote.self)
            enum Columns { static let name = Column("name") }
        }

        struct Quote: TableRecord {
            static let databaseTableName = "market_quotes"
            static let wallet = belongsTo(Wallet.self)
        }
        """

    static let schema = """
        CREATE TABLE wallets (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO wallets VALUES (1, 'main');
        """

    static let missing = #"`Quote.databaseTableName` is "market_quotes": no table or view has this name"#

    func testTheDeclarationIsANoteAndTheOtherRequestsRunWithGRDBsSQL() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(Self.model, name: "Wallet.swift")
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
        XCTAssertTrue(
            diagnostics.contains {
                $0.severity == .note && $0.error.message == "\(Self.missing): statements that use `Quote` fail"
            }, "\(diagnostics.map(\.error.message))")
        XCTAssertTrue(
            diagnostics.contains {
                $0.severity == .note && $0.error.message == "skipped `Wallet.quotes`: \(Self.missing)"
            },
            "\(diagnostics.map(\.error.message))")
        XCTAssertEqual(
            try harness.sql(#"Wallet.filter(Wallet.Columns.name == "main")"#),
            try harness.grdbSQL(Wallet.filter(Wallet.Columns.name == "main")))
        XCTAssertEqual(try harness.rowCount("Wallet.all()"), 1)
    }

    func testAStatementThatUsesTheTypeFailsAsGRDBDoes() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        _ = harness.load(Self.model, name: "Wallet.swift")
        // GRDB: SQLite has no such table, for the type's requests and for the association's.
        XCTAssertThrowsError(try harness.grdbSQL(Quote.all()))
        XCTAssertThrowsError(try harness.traced { try Row.fetchAll($0, Wallet.including(all: Wallet.quotes)) })
        // Located on the member the statement asks of the type.
        for (statement, member) in [
            ("Quote.all()", "all"), ("try Quote.fetchCount(db)", "fetchCount"), ("Quote.filter(sql: \"1\")", "filter"),
        ] {
            let error = try XCTUnwrap(harness.error(statement), statement)
            XCTAssertEqual(error.message, Self.missing, statement)
            let start = try XCTUnwrap(statement.range(of: ".\(member)(")).lowerBound.utf16Offset(in: statement) + 1
            XCTAssertEqual(error.range, SourceRange(start, start + member.count), statement)
        }
        let association = try XCTUnwrap(harness.error("Wallet.including(all: Wallet.quotes)"))
        XCTAssertEqual(association.message, "`Wallet.quotes` could not be declared: \(Self.missing)")
    }

    func testAMemberTableRecordDoesNotOfferIsStillRefusedByItsName() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        _ = harness.load(Self.model, name: "Wallet.swift")
        let error = try XCTUnwrap(harness.error("Quote.Kind"))
        XCTAssertEqual(error.message, "`Quote` has no static member `Kind`")
    }
}
