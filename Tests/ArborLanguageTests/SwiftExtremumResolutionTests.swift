import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A sync queue's request method, shaped like CrisisCleanup/crisiscleanup-ios's: the
// attempts bound is `max(1, maxAttempts)` of two `Int`s, which Swift's standard library
// computes (GRDB's several-value `max` takes an SQL expression first).
private struct Change: TableRecord {
    static let databaseTableName = "change"
    enum Columns: String, ColumnExpression { case id, siteId, attempts }
}

extension DerivableRequest<Change> {
    fileprivate func retryable(_ siteId: Int64, _ maxAttempts: Int) -> Self {
        filter(Change.Columns.siteId == siteId && Change.Columns.attempts <= max(1, maxAttempts))
    }
    fileprivate func capped(_ cap: Int) -> Self {
        filter(Change.Columns.attempts < min(cap, 5, 9))
    }
    fileprivate func atLeastOne() -> Self {
        select(max(Change.Columns.attempts, 1))
    }
}

/// `max`/`min` of plain values are Swift's (the result goes into the SQL); with an SQL
/// expression first they are GRDB's `MAX(…)`/`MIN(…)`.
final class SwiftExtremumResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Change: TableRecord {
            static let databaseTableName = "change"
            enum Columns: String, ColumnExpression { case id, siteId, attempts }
        }

        extension DerivableRequest<Change> {
            func retryable(_ siteId: Int64, _ maxAttempts: Int) -> Self {
                filter(Change.Columns.siteId == siteId && Change.Columns.attempts <= max(1, maxAttempts))
            }
            func capped(_ cap: Int) -> Self {
                filter(Change.Columns.attempts < min(cap, 5, 9))
            }
            func atLeastOne() -> Self {
                select(max(Change.Columns.attempts, 1))
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE change (id INTEGER PRIMARY KEY, siteId INTEGER NOT NULL, attempts INTEGER NOT NULL);
                INSERT INTO change VALUES (1, 1, 0), (2, 1, 3), (3, 1, 4), (4, 2, 1);
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Change.swift").map(\.error.message), [])
        return harness
    }

    func testSwiftValuesGiveGRDBsSQL() throws {
        let harness = try makeHarness()
        func row<T>(_ request: QueryInterfaceRequest<T>) -> QueryInterfaceRequest<Row> {
            request.asRequest(of: Row.self)
        }
        let cases: [(text: String, grdb: QueryInterfaceRequest<Row>, rows: Int)] = [
            ("Change.all().retryable(1, 3)", row(Change.all().retryable(1, 3)), 2),
            ("Change.all().retryable(1, 0)", row(Change.all().retryable(1, 0)), 1),
            ("Change.all().capped(4)", row(Change.all().capped(4)), 3),
            ("Change.all().atLeastOne()", row(Change.all().atLeastOne()), 4),
        ]
        for (text, grdb, count) in cases {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(grdb), text)
            XCTAssertEqual(try harness.rowCount(text), count, text)
        }
    }

    func testSwiftsMaxOfNumbersAndStrings() throws {
        let harness = try makeHarness()
        XCTAssertEqual(
            try harness.sql("Change.filter(Change.Columns.attempts <= max(2, 7, 4))"),
            try harness.grdbSQL(Change.filter(Change.Columns.attempts <= max(2, 7, 4))))
        XCTAssertEqual(
            try harness.sql("Change.filter(Change.Columns.attempts > min(2.5, 1))"),
            try harness.grdbSQL(Change.filter(Change.Columns.attempts > min(2.5, 1))))
        XCTAssertEqual(
            try harness.sql("Change.filter(Change.Columns.siteId == max(\"a\", \"b\"))"),
            try harness.grdbSQL(Change.filter(Change.Columns.siteId == max("a", "b"))))
    }

    func testAValueBeforeAColumnIsRefusedAsSwiftDoes() throws {
        let harness = try makeHarness()
        let error = try XCTUnwrap(harness.error("Change.filter(Change.Columns.attempts <= max(1, Change.Columns.id))"))
        XCTAssertTrue(error.message.hasPrefix("Swift's `max` compares values of one type"), error.message)
        XCTAssertNotNil(error.range)
    }
}
