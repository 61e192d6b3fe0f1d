import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// Every static function of the app's types is callable, as in Swift, not only those that
/// build a request: a summary type without a table returning an `SQLRequest` given `db`, a
/// helper returning a plain value used in a filter. Compared with the same Swift compiled
/// against GRDB here.
final class StaticHelperResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, aisleId INTEGER);
        CREATE TABLE aisle(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        """

    // Modelled on a shopping-list app: a decoded summary of a join, fetched with raw SQL by a
    // static `all(_ db:)`, and a label helper.
    static let appCode = #"""
        struct Item: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var name: String
            var aisleId: Int64?
            static func label(for id: Int64) -> String { "item \(id)" }
        }
        struct CartLine: FetchableRecord, Decodable {
            var itemName: String
            var aisleName: String?
            static func all(_ db: Database) -> SQLRequest<CartLine> {
                """
                SELECT item.name AS itemName, aisle.name AS aisleName
                FROM item LEFT JOIN aisle ON aisle.id = item.aisleId
                ORDER BY aisle.name
                """
            }
        }
        """#

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testAStaticFunctionOfATypeWithoutATableGivenDb() throws {
        let harness = try harness()
        let (_, statements) = try harness.traced { db in try CartLine.all(db).fetchAll(db) }
        XCTAssertEqual(try harness.sql("try CartLine.all(db).fetchAll(db)"), statements.first)
    }

    func testAStaticHelperReturningAValue() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Item.filter(Column("name") == Item.label(for: 3))"#),
            try harness.grdbSQL(Item.filter(Column("name") == Item.label(for: 3))))
        // Its labels are checked as Swift checks them.
        XCTAssertNotNil(harness.error(#"Item.filter(Column("name") == Item.label(3))"#))
    }
}

// The same app code, compiled against GRDB.
private struct Item: Codable, FetchableRecord, TableRecord {
    var id: Int64
    var name: String
    var aisleId: Int64?
    static func label(for id: Int64) -> String { "item \(id)" }
}

private struct CartLine: FetchableRecord, Decodable {
    var itemName: String
    var aisleName: String?
    static func all(_ db: Database) -> SQLRequest<CartLine> {
        """
        SELECT item.name AS itemName, aisle.name AS aisleName
        FROM item LEFT JOIN aisle ON aisle.id = item.aisleId
        ORDER BY aisle.name
        """
    }
}
