import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A collectibles app's records, shaped like gemwalletcom/gem-ios's: a link table is
// named after its owner's table (`Item.databaseTableName + "_links"`), and the owner
// has many links.
private struct Item: TableRecord {
    static let databaseTableName = "items"
    static let links = hasMany(ItemLink.self)
    enum Columns { static let id = Column("id") }
}
private struct ItemLink: TableRecord {
    static let databaseTableName = Item.databaseTableName + "_links"
    enum Columns { static let owner = Column("owner") }
}

/// A `databaseTableName` written as a concatenation of strings and other types'
/// `databaseTableName`s is the string Swift computes.
final class TableNameConcatenationResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Item: TableRecord {
            static let databaseTableName = "items"
            static let links = hasMany(ItemLink.self)
            enum Columns { static let id = Column("id") }
        }
        struct ItemLink: TableRecord {
            static let databaseTableName = Item.databaseTableName + "_links"
            enum Columns { static let owner = Column("owner") }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE items (id TEXT PRIMARY KEY);
                CREATE TABLE items_links (id INTEGER PRIMARY KEY, itemId TEXT NOT NULL REFERENCES items(id), owner TEXT);
                INSERT INTO items VALUES ('a'), ('b');
                INSERT INTO items_links VALUES (1, 'a', 'x'), (2, 'a', 'y');
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Item.swift").map(\.error.message), [])
        return harness
    }

    func testTheConcatenatedNameIsSwiftsString() throws {
        XCTAssertEqual(ItemLink.databaseTableName, "items_links")
        let harness = try makeHarness()
        XCTAssertEqual(
            try harness.sql("ItemLink.filter(ItemLink.Columns.owner == \"x\")"),
            try harness.grdbSQL(ItemLink.filter(ItemLink.Columns.owner == "x")))
    }

    func testTheAssociationToTheConcatenatedTableGivesGRDBsSQL() throws {
        let harness = try makeHarness()
        let text = "Item.joining(required: Item.links).filter(Item.Columns.id == \"a\")"
        XCTAssertEqual(
            try harness.sql(text),
            try harness.grdbSQL(Item.joining(required: Item.links).filter(Item.Columns.id == "a")))
        XCTAssertEqual(try harness.rowCount(text), 2)
    }
}
