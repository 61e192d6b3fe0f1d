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

/// Where GRDB takes a closure (`order(_ orderings: (DatabaseComponents) throws -> …)`), a
/// closure is the whole argument, as Swift reads it: compiled against GRDB.
final class ClosureArgumentResolutionTests: XCTestCase {
    func testAClosureAmongOtherTermsIsRefused() throws {
        let harness = try LanguageHarness.demo()
        let closureAndColumn = harness.error(#"Book.select({ $0.title }, Column("year"))"#)
        XCTAssertEqual(
            closureAndColumn?.message,
            "GRDB's `select` takes a closure alone, not among other terms: Swift reads it as GRDB's closure parameter, which returns every term"
        )
        XCTAssertEqual(closureAndColumn?.range, SourceRange(12, 24))
        XCTAssertEqual(
            closureAndColumn?.suggestion, "return them all from one closure, as in `select { [$0.a, $0.b] }`")
        XCTAssertNotNil(harness.error(#"Book.order({ $0.year }, { $0.title })"#))
        XCTAssertNotNil(harness.error(#"Book.annotated(with: { $0.year }, Column("title"))"#))
    }

    /// The association guides list key paths (`select(\.$name, \.$country)`): kept, each a column.
    func testKeyPathsInAListAreColumns() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.order(\.year, \.title)"#),
            try harness.grdbSQL(Work.order(Column("year"), Column("title"))))
    }

    func testOneClosureWithLabelledArgumentsStillRuns() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.order { [$0.year, $0.title] }"#),
            try harness.grdbSQL(Work.order { [$0.year, $0.title] }))
        XCTAssertEqual(try harness.sql(#"Book.order(\.year)"#), try harness.grdbSQL(Work.order(\.year)))
        XCTAssertEqual(
            try harness.sql(#"Book.select(\.title, as: String.self)"#),
            try harness.grdbSQL(Work.select(\.title, as: String.self)))
    }

    func testTheCompilerRefusesAClosureAmongTerms() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let source = """
            import GRDB
            struct Book: TableRecord { enum Columns { static let year = Column("year"); static let title = Column("title") } }
            _ = Book.select({ $0.title }, Column("year"))
            """
        XCTAssertThrowsError(try GRDBCompilation.build(["Closures": ["main.swift": source]])) { error in
            // The call's line, not the declarations'.
            XCTAssertTrue("\(error)".contains("main.swift:3:"), "\(error)")
        }
    }
}
