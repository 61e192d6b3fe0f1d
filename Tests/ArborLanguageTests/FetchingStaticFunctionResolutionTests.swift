import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborLanguage

private struct Work: TableRecord { static let databaseTableName = "book" }

/// App code that fetches in a static function given `db`, and SQL literals returned where
/// `SQLRequest` is declared: the SQL of the same Swift compiled against GRDB here.
final class FetchingStaticFunctionResolutionTests: XCTestCase {
    static let models = #"""
        extension Book {
            static func fetchRecent(_ db: Database, since year: Int) throws -> [Book] {
                try Book.filter(Column("year") > year).order(Column("year")).fetchAll(db)
            }
            static func published(in year: Int) -> SQLRequest<Row> {
                """
                SELECT title FROM book WHERE year = \(year)
                """
            }
            static func titles() -> SQLRequest<String> { "SELECT title FROM book ORDER BY title" }
        }
        """#

    func testAStaticFunctionGivenDbRunsItsFetch() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertTrue(harness.load(Self.models, name: "Book+Fetch.swift").filter { $0.severity == .error }.isEmpty)
        XCTAssertEqual(
            try harness.sql("try Book.fetchRecent(db, since: 1900)"),
            try harness.grdbSQL(Work.filter(Column("year") > 1900).order(Column("year"))))
    }

    func testAStringLiteralReturnedAsSQLRequestBindsItsInterpolations() throws {
        let harness = try LanguageHarness.demo()
        harness.load(Self.models, name: "Book+Fetch.swift")
        let year = 1925
        let request: SQLRequest<Row> = """
            SELECT title FROM book WHERE year = \(year)
            """
        XCTAssertEqual(try harness.sql("try Book.published(in: 1925).fetchAll(db)"), try harness.grdbSQL(request))
        let titles: SQLRequest<String> = "SELECT title FROM book ORDER BY title"
        XCTAssertEqual(try harness.sql("try Book.titles().fetchAll(db)"), try harness.grdbSQL(titles))
        // Bound as an argument, not spliced into the text as Swift's interpolation would.
        guard case .fetch(let plan, _)? = try harness.run("try Book.published(in: 1925).fetchAll(db)") else {
            return XCTFail("a fetch")
        }
        XCTAssertEqual(plan.rawSQL?.pieces.contains(.expression(.value(.integer(1925)))), true)
    }
}
