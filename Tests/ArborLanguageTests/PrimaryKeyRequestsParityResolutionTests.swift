import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Player: TableRecord, Identifiable {
    static let databaseTableName = "player"
    var id: Int64
}
private struct Country: TableRecord { static let databaseTableName = "country" }
private struct Citizenship: TableRecord { static let databaseTableName = "citizenship" }
private struct Note: TableRecord { static let databaseTableName = "note" }

/// `selectID()`, `selectPrimaryKey(as:)` and `groupByPrimaryKey()`: the SQL of the same
/// Swift compiled against GRDB here, on an INTEGER key, a TEXT key, a composite key and
/// a table without a declared key.
final class PrimaryKeyRequestsParityResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
        CREATE TABLE country(code TEXT NOT NULL PRIMARY KEY, name TEXT);
        CREATE TABLE citizenship(citizenId INTEGER, countryCode TEXT, PRIMARY KEY (citizenId, countryCode));
        CREATE TABLE note(body TEXT);
        INSERT INTO player VALUES (1, 'Arthur', 100), (2, 'Barbara', 200);
        """

    func testSelectIDAndSelectPrimaryKey() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(try harness.sql("Player.selectID()"), try harness.grdbSQL(Player.selectID()))
        XCTAssertEqual(
            try harness.sql(#"Player.filter(Column("score") > 150).selectID()"#),
            try harness.grdbSQL(Player.filter(Column("score") > 150).selectID()))
        XCTAssertEqual(
            try harness.sql("Country.all().selectPrimaryKey(as: String.self)"),
            try harness.grdbSQL(Country.all().selectPrimaryKey(as: String.self)))
        XCTAssertEqual(
            try harness.sql("Citizenship.all().selectPrimaryKey(as: Row.self)"),
            try harness.grdbSQL(Citizenship.all().selectPrimaryKey(as: Row.self)))
        XCTAssertEqual(
            try harness.sql("Note.selectPrimaryKey(as: Int64.self)"),
            try harness.grdbSQL(Note.selectPrimaryKey(as: Int64.self)))
        // The ids fetch as values of the key's type, as GRDB's `QueryInterfaceRequest<Int64>`.
        XCTAssertEqual(try harness.plan("Player.selectID()").valueType?.name, "Int64")
    }

    func testSelectIDOfACompositeKeyIsRefusedBeforeGRDBStops() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let error = try XCTUnwrap(harness.error("Citizenship.all().selectID()"))
        XCTAssertEqual(
            error.message,
            "GRDB's `selectID()` needs a single-column primary key; `citizenship` has 2 columns: citizenId, countryCode"
        )
        XCTAssertEqual(error.range, SourceRange(18, 26))
    }

    func testGroupByPrimaryKey() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        for (text, request) in [
            ("Player.all().groupByPrimaryKey()", Player.all().groupByPrimaryKey())
        ] {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(request), text)
        }
        XCTAssertEqual(
            try harness.sql("Country.all().groupByPrimaryKey()"),
            try harness.grdbSQL(Country.all().groupByPrimaryKey()))
        XCTAssertEqual(
            try harness.sql("Citizenship.all().groupByPrimaryKey()"),
            try harness.grdbSQL(Citizenship.all().groupByPrimaryKey()))
        XCTAssertEqual(
            try harness.sql("Note.all().groupByPrimaryKey()"), try harness.grdbSQL(Note.all().groupByPrimaryKey()))
        XCTAssertEqual(
            harness.error("Player.groupByPrimaryKey()")?.message,
            "`groupByPrimaryKey` is not available on a table; call it on a request, as in `Player.all().groupByPrimaryKey(…)`"
        )
    }
}
