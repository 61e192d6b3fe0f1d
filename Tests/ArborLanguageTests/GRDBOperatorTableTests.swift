import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborLanguage

private struct Work: TableRecord { static let databaseTableName = "book" }
private struct Writer: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Work.self, key: "books", using: ForeignKey(["authorId"]))
}

/// Every operator of the registry's table gives the SQL GRDB gives, on expressions and on
/// association aggregates, compiled against GRDB here; an operator GRDB lacks is refused.
final class GRDBOperatorTableTests: XCTestCase {
    private let year = Column("year")

    /// Each infix entry, written as the user types it and as GRDB compiles it.
    private var infixCases: [(spelling: String, arbor: String, grdb: QueryInterfaceRequest<Work>)] {
        [
            ("==", #"Column("year") == 1"#, Work.select(year == 1)),
            ("!=", #"Column("year") != 1"#, Work.select(year != 1)),
            ("===", #"Column("title") === "A""#, Work.select(Column("title") === "A")),
            ("!==", #"Column("title") !== "A""#, Work.select(Column("title") !== "A")),
            ("<", #"Column("year") < 1"#, Work.select(year < 1)),
            ("<=", #"Column("year") <= 1"#, Work.select(year <= 1)),
            (">", #"Column("year") > 1"#, Work.select(year > 1)),
            (">=", #"Column("year") >= 1"#, Work.select(year >= 1)),
            ("&&", #"Column("year") > 1 && Column("year") < 3"#, Work.select(year > 1 && year < 3)),
            ("||", #"Column("year") < 1 || Column("year") > 3"#, Work.select(year < 1 || year > 3)),
            ("+", #"Column("year") + 1"#, Work.select(year + 1)),
            ("-", #"Column("year") - 1"#, Work.select(year - 1)),
            ("*", #"Column("year") * 2"#, Work.select(year * 2)),
            ("/", #"Column("year") / 2"#, Work.select(year / 2)),
            ("??", #"Column("year") ?? 0"#, Work.select(year ?? 0)),
        ]
    }

    func testEveryInfixOperatorGivesGRDBsSQL() throws {
        let harness = try LanguageHarness.demo()
        let binary = GRDBAPI.operators.filter { if case .binary = $0.builds { true } else { false } }
        XCTAssertEqual(Set(binary.map(\.spelling)), Set(infixCases.map(\.spelling)), "a case for each entry")
        for (spelling, arbor, grdb) in infixCases {
            XCTAssertEqual(try harness.sql("Book.select(\(arbor))"), try harness.grdbSQL(grdb), spelling)
        }
    }

    func testPrefixOperatorsAndAggregatesGiveGRDBsSQL() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(try harness.sql(#"Book.select(-Column("year"))"#), try harness.grdbSQL(Work.select(-year)))
        XCTAssertEqual(
            try harness.sql(#"Book.filter(!(Column("year") > 1))"#), try harness.grdbSQL(Work.filter(!(year > 1))))
        XCTAssertEqual(
            try harness.sql("Author.having(Author.books.count * 2 >= 4 || !Author.books.isEmpty)"),
            try harness.grdbSQL(Writer.having(Writer.books.count * 2 >= 4 || !Writer.books.isEmpty)))
        XCTAssertEqual(
            try harness.sql("Author.annotated(with: -Author.books.count)"),
            try harness.grdbSQL(Writer.annotated(with: -Writer.books.count)))
    }

    func testAnOperatorGRDBLacksIsRefused() throws {
        let harness = try LanguageHarness.demo()
        let error = harness.error(#"Book.select(Column("year") % 2)"#)
        XCTAssertEqual(error?.message, "GRDB has no `%` operator on requests' expressions")
        XCTAssertEqual(error?.range, SourceRange(12, 30))
    }

    func testEveryEntryNamesGRDBOperatorsOfItsSpelling() {
        for op in GRDBAPI.operators {
            XCTAssertFalse(op.symbols.isEmpty, op.spelling)
            for symbol in op.symbols {
                XCTAssertTrue(symbol.contains(".\(op.spelling)("), "`\(op.spelling)` serves `\(symbol)`")
            }
        }
    }
}
