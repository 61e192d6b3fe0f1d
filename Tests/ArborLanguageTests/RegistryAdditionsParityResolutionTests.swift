import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Work: TableRecord { static let databaseTableName = "book" }
private struct Writer: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Work.self, key: "books", using: ForeignKey(["authorId"]))
}

/// GRDB API added to the registry as entries, each giving the SQL of the same Swift
/// compiled against GRDB here.
final class RegistryAdditionsParityResolutionTests: XCTestCase {
    func testGroupAndHavingTakeSQL() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.all().group(sql: "authorId").having(sql: "COUNT(*) > ?", arguments: [1])"#),
            try harness.grdbSQL(
                Work.all().group(sql: "authorId").having(sql: "COUNT(*) > ?", arguments: [1])))
        // GRDB stops the process on a joined association with a GROUP BY: refused before it.
        XCTAssertEqual(
            harness.error(#"Author.joining(required: Author.books.group(sql: "year"))"#)?.message,
            "GRDB can not join `Author.books` with a GROUP BY: only `including(all:)` accepts it")
    }

    func testArraysConcatenateAsInSwift() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.select([Column("id")] + [Column("title"), Column("year")])"#),
            try harness.grdbSQL(Work.select([Column("id")] + [Column("title"), Column("year")])))
    }

    func testAnAssociationsAllIsItself() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql("Author.including(all: Author.books.all())"),
            try harness.grdbSQL(Writer.including(all: Writer.books.all())))
    }
}

extension RegistryAdditionsParityResolutionTests {
    func testARequestsExistsIsAnSQLExpression() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Author.filter(Book.filter(Column("year") > 2000).exists())"#),
            try harness.grdbSQL(Writer.filter(Work.filter(Column("year") > 2000).exists())))
        XCTAssertEqual(
            try harness.sql(#"Author.filter(!Book.all().exists())"#),
            try harness.grdbSQL(Writer.filter(!Work.all().exists())))
    }
}

extension RegistryAdditionsParityResolutionTests {
    func testAggregateFunctionsTakeAFilter() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Book.select(sum(Column("year"), filter: Column("year") > 1900))"#),
            try harness.grdbSQL(Work.select(sum(Column("year"), filter: Column("year") > 1900))))
        XCTAssertEqual(
            try harness.sql(
                #"Book.select(average(Column("year"), filter: Column("authorId") == 1), max(Column("year"), filter: Column("year") < 2000))"#
            ),
            try harness.grdbSQL(
                Work.select(
                    average(Column("year"), filter: Column("authorId") == 1),
                    max(Column("year"), filter: Column("year") < 2000))))
        XCTAssertEqual(
            try harness.sql(
                #"Book.all().group(Column("authorId")).having(total(Column("year"), filter: Column("year") > 0) > 1000)"#
            ),
            try harness.grdbSQL(
                Work.all().group(Column("authorId")).having(total(Column("year"), filter: Column("year") > 0) > 1000)))
        // The filter is an expression of the request's table: a misspelled column is located.
        XCTAssertEqual(
            harness.error(#"Book.select(sum(Column("year"), filter: Column("yaer") > 1))"#)?.message,
            "table `book` has no column `yaer`")
    }
}
