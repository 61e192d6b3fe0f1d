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
/// closure or a key path is the whole argument, as Swift reads it: compiled against GRDB.
final class ClosureArgumentResolutionTests: XCTestCase {
    func testAKeyPathOrClosureAmongOtherTermsIsRefused() throws {
        let harness = try LanguageHarness.demo()
        let twoKeyPaths = harness.error(#"Book.order(\.year, \.title)"#)
        XCTAssertEqual(
            twoKeyPaths?.message,
            "GRDB's `order` takes a key path alone, not among other terms: Swift reads it as GRDB's closure parameter, which returns every term"
        )
        XCTAssertEqual(twoKeyPaths?.range, SourceRange(11, 17))
        XCTAssertEqual(twoKeyPaths?.suggestion, "return them all from one closure, as in `order { [$0.a, $0.b] }`")
        let closureAndColumn = harness.error(#"Book.select({ $0.title }, Column("year"))"#)
        XCTAssertEqual(closureAndColumn?.range, SourceRange(12, 24))
        XCTAssertTrue(closureAndColumn?.message.hasPrefix("GRDB's `select` takes a closure alone") ?? false)
        XCTAssertNotNil(harness.error(#"Book.annotated(with: \.year, \.title)"#))
        XCTAssertNotNil(harness.error(#"Author.books.max(\.year, \.id)"#))
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

    func testTheCompilerRefusesAKeyPathAmongTerms() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let source = """
            import GRDB
            struct Book: TableRecord { enum Columns { static let year = Column("year"); static let title = Column("title") } }
            _ = Book.order(\\.year, \\.title)
            """
        XCTAssertThrowsError(try GRDBCompilation.build(["KeyPaths": ["main.swift": source]])) { error in
            // The call's line, not the declarations'.
            XCTAssertTrue("\(error)".contains("main.swift:3:"), "\(error)")
        }
    }
}
