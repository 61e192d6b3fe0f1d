import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Work: TableRecord {
    static let databaseTableName = "book"
    enum Columns {
        static let title = Column("title")
        static let year = Column("year")
    }
}

/// Key paths that go on past the column (`\.year.desc`): Swift's key path as a function of
/// GRDB's `DatabaseComponents`, compiled against GRDB here for the expected SQL.
final class KeyPathModifierResolutionTests: XCTestCase {
    func testAKeyPathMayEndInAnOrderingOrAFunction() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(try harness.sql(#"Book.order(\.year.desc)"#), try harness.grdbSQL(Work.order(\.year.desc)))
        XCTAssertEqual(
            try harness.sql(#"Book.order(\.year.ascNullsLast)"#),
            try harness.grdbSQL(Work.order(\.year.ascNullsLast)))
        XCTAssertEqual(
            try harness.sql(#"Book.select(\.title.lowercased)"#), try harness.grdbSQL(Work.select(\.title.lowercased)))
        XCTAssertEqual(
            harness.error(#"Book.order(\.year.descending)"#)?.message,
            "a key path names one column and GRDB's members of it, as in `\\.name` or `\\.score.desc`")
    }
}
