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

/// What requests tell about themselves (`databaseTableName`, `Column.name`) and GRDB's type
/// erasure (`AnyFetchRequest`), against the same Swift compiled with GRDB.
final class IntrospectionMembersResolutionTests: XCTestCase {
    private func text(_ harness: LanguageHarness, _ source: String) throws -> String? {
        guard case .expression(.value(.text(let text)))? = try harness.run(source) else { return nil }
        return text
    }

    func testARequestAndAnAssociationNameTheirTable() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try text(harness, #"Book.filter(Column("year") > 1).databaseTableName"#), Work.all().databaseTableName)
        XCTAssertEqual(try text(harness, "Author.books.databaseTableName"), Writer.books.databaseTableName)
        XCTAssertEqual(try text(harness, #"Column("year").name"#), Column("year").name)
        XCTAssertEqual(
            harness.error(#"SQLRequest<Row>(sql: "SELECT 1").databaseTableName"#)?.message,
            "a raw SQL request (`SQLRequest`) has no table name")
    }

    func testAnyFetchRequestIsTheRequestItWraps() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"AnyFetchRequest(Book.filter(Column("year") > 1900).order(Column("title")))"#),
            try harness.grdbSQL(AnyFetchRequest(Work.filter(Column("year") > 1900).order(Column("title")))))
        let (count, _) = try harness.fetchCount(
            #"try AnyFetchRequest(Book.filter(Column("year") > 1900)).fetchCount(db)"#)
        let expected = try harness.traced { try AnyFetchRequest(Work.filter(Column("year") > 1900)).fetchCount($0) }.0
        XCTAssertEqual(count, expected)
    }
}
