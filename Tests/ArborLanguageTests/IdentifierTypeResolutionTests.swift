import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// An inferred record type's `id` has the Swift type of its primary key's
/// affinity (LANGUAGE.md §1); `filter(id:)`, `filter(ids:)`, `fetchOne(db, id:)`
/// and `find(db, id:)` take that type, and another is the compiler's type error
/// (`Country.filter(id: 1)` on a text key made `WHERE "code" = 1`).
final class IdentifierTypeResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE measure(value REAL PRIMARY KEY);
        CREATE TABLE note(body TEXT);
        INSERT INTO country VALUES ('FR', 'France');
        """

    func testTheIdentifierTypes() throws {
        let schema = try LanguageHarness(schema: Self.schema).schema
        XCTAssertEqual(schema.table(named: "country")?.identifierSwiftType, "String")
        XCTAssertEqual(schema.table(named: "measure")?.identifierSwiftType, "Double")
        XCTAssertEqual(schema.table(named: "note")?.identifierSwiftType, "Int64")
    }

    func testAValueOfTheRightTypeGivesGRDBsSQL() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        struct Country: TableRecord, Identifiable { var id: String }
        XCTAssertEqual(try harness.sql(#"Country.filter(id: "FR")"#), try harness.grdbSQL(Country.filter(id: "FR")))
        struct Measure: TableRecord, Identifiable { var id: Double }
        // An integer literal is a Double where one is expected.
        XCTAssertEqual(try harness.sql("Measure.filter(id: 2)"), try harness.grdbSQL(Measure.filter(id: 2)))
        struct Note: TableRecord, Identifiable { var id: Int64 }
        XCTAssertEqual(try harness.sql("Note.filter(ids: [1, 2])"), try harness.grdbSQL(Note.filter(ids: [1, 2])))
    }

    func testAValueOfAnotherTypeIsTheCompilersError() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let int = try XCTUnwrap(harness.error("Country.filter(id: 1)"))
        XCTAssertEqual(int.message, "cannot convert value of type 'Int' to expected argument type 'String'")
        XCTAssertEqual(int.range, SourceRange(19, 20))
        XCTAssertEqual(int.suggestion, "`Country.ID` is `String`, the type of its primary key")
        XCTAssertEqual(
            harness.error(#"Note.filter(ids: [1, "x"])"#)?.message,
            "cannot convert value of type 'String' to expected element type 'Int64'")
        XCTAssertEqual(
            harness.error("try Note.fetchOne(db, id: 1.5)")?.message,
            "cannot convert value of type 'Double' to expected argument type 'Int64'")
        XCTAssertEqual(
            harness.error("Note.filter(id: nil)")?.message,
            "'nil' is not compatible with expected argument type 'Int64'")
        // `key:` takes any value, as GRDB's does.
        XCTAssertNil(harness.error("Country.filter(key: 1)"))
    }
}
