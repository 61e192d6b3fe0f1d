import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A price app's query value, shaped like gem-ios's `Chain.assetId` (`AssetId(chain: self,
// tokenId: .none)`): an optional parameter given `.none`, Swift's `Optional.none`.
private struct Price: TableRecord {
    static let databaseTableName = "price"
    enum Columns {
        static let chain = Column("chain")
        static let tokenId = Column("tokenId")
    }
}

private struct PriceQuery {
    let chain: String
    let tokenId: String?

    static func native(_ chain: String) -> PriceQuery { PriceQuery(chain: chain, tokenId: .none) }

    func request() -> QueryInterfaceRequest<Price> {
        Price.filter(Price.Columns.chain == chain).filter(Price.Columns.tokenId == tokenId)
    }
}

/// `.none` given where an optional is declared (a parameter, an initializer's label) is
/// `nil`, as in Swift; before, arbor took it for a value of the wrapped type and refused it
/// ("expected a string, as the parameter is `String`").
final class OptionalNoneArgumentResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Price: TableRecord {
            static let databaseTableName = "price"
            enum Columns {
                static let chain = Column("chain")
                static let tokenId = Column("tokenId")
            }
        }

        struct PriceQuery {
            let chain: String
            let tokenId: String?

            init(chain: String, tokenId: String?) {
                self.chain = chain
                self.tokenId = tokenId
            }

            static func native(_ chain: String) -> PriceQuery { PriceQuery(chain: chain, tokenId: .none) }

            func request() -> QueryInterfaceRequest<Price> {
                Price.filter(Price.Columns.chain == chain).filter(Price.Columns.tokenId == tokenId)
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE price (id INTEGER PRIMARY KEY, chain TEXT, tokenId TEXT);
                INSERT INTO price VALUES (1, 'ethereum', NULL), (2, 'ethereum', 'usdc');
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Price.swift").map(\.error.message), [])
        return harness
    }

    func testNoneIsNilWhereAnOptionalIsDeclared() throws {
        let harness = try makeHarness()
        XCTAssertEqual(
            try harness.sql(#"PriceQuery(chain: "ethereum", tokenId: .none).request()"#),
            try harness.grdbSQL(PriceQuery(chain: "ethereum", tokenId: .none).request()))
        XCTAssertEqual(
            try harness.sql(#"PriceQuery.native("ethereum").request()"#),
            try harness.grdbSQL(PriceQuery.native("ethereum").request()))
        XCTAssertEqual(try harness.rowCount(#"PriceQuery.native("ethereum").request()"#), 1)
        XCTAssertEqual(
            try harness.sql(#"PriceQuery(chain: "ethereum", tokenId: "usdc").request()"#),
            try harness.grdbSQL(PriceQuery(chain: "ethereum", tokenId: "usdc").request()))
    }

    func testNoneIsStillRefusedWhereTheParameterIsNotOptional() throws {
        let harness = try makeHarness()
        let error = try XCTUnwrap(harness.error(#"PriceQuery(chain: .none, tokenId: nil).request()"#))
        XCTAssertEqual(error.message, "expected a string, as the parameter is `String`")
    }
}
