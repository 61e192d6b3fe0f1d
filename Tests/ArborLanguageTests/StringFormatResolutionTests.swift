import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

// A wallet app's asset key, shaped like gem-ios's `AssetId.identifier`: Foundation's
// `String(format:)` builds the key a request filters on.
private struct Holding: TableRecord {
    static let databaseTableName = "holding"
    enum Columns {
        static let assetId = Column("assetId")
    }
}

private struct AssetKey {
    let chain: String
    let tokenId: String?

    var identifier: String {
        if let tokenId { return String(format: "%@_%@", chain, tokenId) }
        return String(format: "%@", chain)
    }

    func holdings() -> QueryInterfaceRequest<Holding> {
        Holding.filter(Holding.Columns.assetId == identifier)
    }
}

/// `String(format:)` with `%@` (a string), `%d`/`%ld` (an integer) and `%%` gives
/// Foundation's string; another specifier, or an argument of another type (a number for
/// `%@` stops the app), is refused by name.
final class StringFormatResolutionTests: XCTestCase {
    static let model = """
        import Foundation
        import GRDB

        struct Holding: TableRecord {
            static let databaseTableName = "holding"
            enum Columns {
                static let assetId = Column("assetId")
            }
        }

        struct AssetKey {
            let chain: String
            let tokenId: String?

            var identifier: String {
                if let tokenId { return String(format: "%@_%@", chain, tokenId) }
                return String(format: "%@", chain)
            }

            func holdings() -> QueryInterfaceRequest<Holding> {
                Holding.filter(Holding.Columns.assetId == identifier)
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE holding (id INTEGER PRIMARY KEY, assetId TEXT);
                INSERT INTO holding VALUES (1, 'ethereum'), (2, 'ethereum_0xdac1');
                """)
        XCTAssertEqual(harness.load(Self.model, name: "AssetKey.swift").map(\.error.message), [])
        return harness
    }

    func testFormatsAsFoundationDoes() throws {
        let harness = try makeHarness()
        XCTAssertEqual(
            try harness.sql(#"AssetKey(chain: "ethereum", tokenId: "0xdac1").holdings()"#),
            try harness.grdbSQL(AssetKey(chain: "ethereum", tokenId: "0xdac1").holdings()))
        XCTAssertEqual(
            try harness.sql(#"AssetKey(chain: "ethereum", tokenId: nil).holdings()"#),
            try harness.grdbSQL(AssetKey(chain: "ethereum", tokenId: nil).holdings()))
        XCTAssertEqual(try harness.rowCount(#"AssetKey(chain: "ethereum", tokenId: nil).holdings()"#), 1)
        XCTAssertEqual(
            try harness.sql(#"Holding.filter(Holding.Columns.assetId == String(format: "%@-%ld%%-%d", "x", 7, 42))"#),
            try harness.grdbSQL(Holding.filter(Holding.Columns.assetId == String(format: "%@-%ld%%-%d", "x", 7, 42))))
    }

    func testOtherSpecifiersAndMismatchesAreRefused() throws {
        let harness = try makeHarness()
        XCTAssertEqual(
            harness.error(#"Holding.filter(Holding.Columns.assetId == String(format: "%.2f", 1.5))"#)?.message,
            "arbor formats `%@`, `%d`, `%i` and `%%` in `String(format:)`, not `%.`")
        XCTAssertEqual(
            harness.error(#"Holding.filter(Holding.Columns.assetId == String(format: "%d", "x"))"#)?.message,
            "`%d` formats an integer, not a `String`")
        XCTAssertEqual(
            harness.error(#"Holding.filter(Holding.Columns.assetId == String(format: "%@_%@", "x"))"#)?.message,
            "`String(format:)` has fewer arguments than its format's specifiers")
        XCTAssertEqual(
            harness.error(#"Holding.filter(Holding.Columns.assetId == String(format: "%@", 7))"#)?.message,
            "`%@` formats a string (an object), not an `Int`")
    }
}
