import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A field-work app's records, shaped like CrisisCleanup/crisiscleanup-ios's: each model
// file names its record's columns through a top-level `fileprivate typealias`, which the
// file's request methods use.
private struct Site: TableRecord {
    static let databaseTableName = "site"
    enum Columns: String, ColumnExpression { case id, regionId, networkId, updatedAt }
}
private typealias SiteColumns = Site.Columns

extension DerivableRequest<Site> {
    fileprivate func inRegion(_ regionId: Int64) -> Self {
        filter(SiteColumns.regionId == regionId)
    }
    fileprivate func synced() -> Self {
        filter(SiteColumns.networkId > 0).order(SiteColumns.updatedAt.desc)
    }
}

extension Site {
    fileprivate static func selectNetworkId() -> QueryInterfaceRequest<Site> {
        select(SiteColumns.networkId)
    }
}

/// A type alias declared at a file's top level names its type in the file's request
/// methods and static helpers (arbor does not keep Swift's `fileprivate` to the file).
final class TopLevelTypeAliasResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Site: TableRecord {
            static let databaseTableName = "site"
            enum Columns: String, ColumnExpression { case id, regionId, networkId, updatedAt }
        }
        fileprivate typealias SiteColumns = Site.Columns

        extension DerivableRequest<Site> {
            func inRegion(_ regionId: Int64) -> Self {
                filter(SiteColumns.regionId == regionId)
            }
            func synced() -> Self {
                filter(SiteColumns.networkId > 0).order(SiteColumns.updatedAt.desc)
            }
        }

        extension Site {
            static func selectNetworkId() -> QueryInterfaceRequest<Site> {
                select(SiteColumns.networkId)
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        try LanguageHarness(
            schema: """
                CREATE TABLE site (id INTEGER PRIMARY KEY, regionId INTEGER NOT NULL, networkId INTEGER NOT NULL, updatedAt TEXT);
                INSERT INTO site VALUES (1, 7, 10, '2024-01-02'), (2, 7, -1, '2024-01-03'), (3, 8, 12, '2024-01-01');
                """)
    }

    func testTheFileLoadsWithoutNotes() throws {
        let harness = try makeHarness()
        let diagnostics = harness.load(Self.model, name: "Site.swift")
        XCTAssertEqual(diagnostics.map(\.error.message), [])
    }

    func testMethodsNamingTheTopLevelAliasGiveGRDBsSQL() throws {
        let harness = try makeHarness()
        harness.load(Self.model, name: "Site.swift")
        func row<T>(_ request: QueryInterfaceRequest<T>) -> QueryInterfaceRequest<Row> {
            request.asRequest(of: Row.self)
        }
        let cases: [(text: String, grdb: QueryInterfaceRequest<Row>, rows: Int)] = [
            ("Site.all().inRegion(7)", row(Site.all().inRegion(7)), 2),
            ("Site.all().inRegion(7).synced()", row(Site.all().inRegion(7).synced()), 1),
            ("Site.selectNetworkId()", row(Site.selectNetworkId()), 3),
            ("Site.filter(SiteColumns.id == 3)", row(Site.filter(SiteColumns.id == 3)), 1),
        ]
        for (text, grdb, count) in cases {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(grdb), text)
            XCTAssertEqual(try harness.rowCount(text), count, text)
        }
    }

    func testAnAliasToAnUnknownTypeIsStillUnknown() throws {
        let harness = try makeHarness()
        harness.load(Self.model + "\nprivate typealias Missing = Nowhere.Columns\n", name: "Site.swift")
        let error = try XCTUnwrap(harness.error("Site.filter(Missing.id == 1)"))
        XCTAssertTrue(error.message.contains("Nowhere") || error.message.contains("Missing"), error.message)
        XCTAssertNotNil(error.range)
    }
}
