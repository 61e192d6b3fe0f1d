import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Work: TableRecord { static let databaseTableName = "book" }
private struct Writer: TableRecord { static let databaseTableName = "author" }

/// `joined(operator:)`, GRDB's bitwise operators, `julianDay`/`dateTime` and a
/// subquery that uses its outer request's alias: each gives the SQL of the same Swift
/// compiled against GRDB here, or the refusal of what Swift does not compile.
final class OperatorsAndDatesParityResolutionTests: XCTestCase {
    func testJoinedOperatorFlattensAsGRDB() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(
                #"Book.select([Column("year"), Column("awards"), 1000.databaseValue].joined(operator: .add))"#),
            try harness.grdbSQL(
                Work.select([Column("year"), Column("awards"), 1000.databaseValue].joined(operator: .add))))
        XCTAssertEqual(
            try harness.sql(
                #"Book.select([Column("title"), " ".databaseValue, Column("kind")].joined(operator: .concat))"#),
            try harness.grdbSQL(
                Work.select([Column("title"), " ".databaseValue, Column("kind")].joined(operator: .concat))))
        XCTAssertEqual(
            try harness.sql(
                #"Book.filter { [$0.year > 1900, $0.kind == "novel", $0.price != nil].joined(operator: .and) }"#),
            try harness.grdbSQL(
                Work.filter(
                    [Column("year") > 1900, Column("kind") == "novel", Column("price") != nil].joined(operator: .and))))
        XCTAssertEqual(
            try harness.sql(#"Book.filter([Column("year") < 1800, Column("year") > 2000].joined(operator: .or))"#),
            try harness.grdbSQL(Work.filter([Column("year") < 1800, Column("year") > 2000].joined(operator: .or))))
        // No operand: GRDB's neutral value; one operand: itself.
        let none: [any SQLSpecificExpressible] = []
        XCTAssertEqual(
            try harness.sql(#"Book.select([].joined(operator: .multiply))"#),
            try harness.grdbSQL(Work.select(none.joined(operator: .multiply))))
        XCTAssertEqual(
            try harness.sql(#"Book.select([Column("year")].joined(operator: .bitwiseOr))"#),
            try harness.grdbSQL(Work.select([Column("year")].joined(operator: .bitwiseOr))))
        XCTAssertEqual(
            harness.error(#"Book.select([Column("year")].joined(operator: .minus))"#)?.message,
            "`joined(operator:)` takes one of GRDB's associative operators")
    }

    func testBitwiseOperatorsAreGRDBs() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.select((Column("awards") & 2).forKey("flag"))"#),
            try harness.grdbSQL(Work.select((Column("awards") & 2).forKey("flag"))))
        XCTAssertEqual(
            try harness.sql(
                #"Book.filter(Column("awards") | 1 == 3).select(Column("awards") << 2, 8 >> Column("awards"))"#),
            try harness.grdbSQL(
                Work.filter(Column("awards") | 1 == 3).select(Column("awards") << 2, 8 >> Column("awards"))))
        XCTAssertEqual(
            try harness.sql(#"Book.select(~Column("awards"))"#), try harness.grdbSQL(Work.select(~Column("awards"))))
        // Two Swift integers: Swift computes them.
        XCTAssertEqual(
            try harness.sql(#"Book.filter(Column("awards") == (6 & 3) | 1 << 3)"#),
            try harness.grdbSQL(Work.filter(Column("awards") == (6 & 3) | 1 << 3)))
        XCTAssertEqual(
            try harness.sql(#"Book.filter(Column("awards") == ~5)"#),
            try harness.grdbSQL(Work.filter(Column("awards") == ~5)))
        // Not on association aggregates, not on Swift reals.
        XCTAssertEqual(
            harness.error(#"Author.annotated(with: Author.books.count & 1)"#)?.message,
            "GRDB has no `&` operator on association aggregates")
        XCTAssertEqual(
            harness.error(#"Book.filter(Column("awards") == 1.5 & 2)"#)?.message,
            "`&` of two Swift values takes integers, not a real number")
    }

    func testDateFunctionsTakeGRDBsModifiers() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.select(julianDay(Column("publishDate"), .startOfYear))"#),
            try harness.grdbSQL(Work.select(julianDay(Column("publishDate"), .startOfYear))))
        XCTAssertEqual(
            try harness.sql(
                #"Book.select(dateTime(Column("publishDate"), .day(1), .second(1.5), .weekday(0), .localTime))"#),
            try harness.grdbSQL(
                Work.select(dateTime(Column("publishDate"), .day(1), .second(1.5), .weekday(0), .localTime))))
        XCTAssertEqual(
            try harness.sql(#"Book.filter(julianDay(Column("publishDate")) > 2451545)"#),
            try harness.grdbSQL(Work.filter(julianDay(Column("publishDate")) > 2_451_545)))
        XCTAssertEqual(
            harness.error(#"Book.select(julianDay(Column("publishDate"), "start of year"))"#)?.message,
            "`julianDay` takes GRDB's date modifiers (`SQLDateModifier`)")
    }

    func testACorrelatedSubqueryUsesTheOuterAlias() throws {
        let harness = try LanguageHarness.demo()
        let writer = TableAlias()
        XCTAssertEqual(
            try harness.sql(
                """
                let writer = TableAlias<Author>()
                Author.aliased(writer).filter(Book.filter { $0.authorId == writer.id }.exists())
                """),
            try harness.grdbSQL(
                Writer.aliased(writer).filter(Work.filter(Column("authorId") == writer[Column("id")]).exists())))
        let named = TableAlias(name: "w")
        XCTAssertEqual(
            try harness.sql(
                """
                let w = TableAlias<Author>(name: "w")
                Author.aliased(w).filter(!Book.filter { $0.translatorId == w.id }.exists())
                """),
            try harness.grdbSQL(
                Writer.aliased(named).filter(!Work.filter(Column("translatorId") == named[Column("id")]).exists())))
        // An alias attached nowhere is still refused.
        XCTAssertEqual(
            harness.error(
                """
                let nowhere = TableAlias<Author>()
                Author.filter(Book.filter { $0.authorId == nowhere.id }.exists())
                """)?.message,
            "a TableAlias is used in an expression but never attached with `aliased(_:)`")
    }
}
