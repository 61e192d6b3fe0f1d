import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborLanguage

private struct Work: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Writer.self, key: "author", using: ForeignKey(["authorId"]))
}
private struct Writer: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Work.self, key: "books", using: ForeignKey(["authorId"]))
}

/// GRDB declares `reversed()`, `unordered()`, `distinct()`, `with(_:)` and `forKey(_:)` on
/// associations and aggregates themselves: the registry names those declarations, and each
/// gives GRDB's statements, compiled against GRDB here.
final class AssociationMembersParityResolutionTests: XCTestCase {
    func testAssociationRefinementsGiveGRDBsStatements() throws {
        let harness = try LanguageHarness.demo()
        let year = Column("year")
        let cases: [(String, QueryInterfaceRequest<Writer>)] = [
            (
                #"Author.including(all: Author.books.order(Column("year")).reversed())"#,
                Writer.including(all: Writer.books.order(year).reversed())
            ),
            (
                #"Author.including(required: Author.books.order(Column("year")).reversed())"#,
                Writer.including(required: Writer.books.order(year).reversed())
            ),
            (
                #"Author.including(all: Author.books.order(Column("year")).unordered())"#,
                Writer.including(all: Writer.books.order(year).unordered())
            ),
            (
                "Author.including(all: Author.books.distinct())",
                Writer.including(all: Writer.books.distinct())
            ),
            (
                #"Author.including(all: Author.books.forKey("works"))"#,
                Writer.including(all: Writer.books.forKey("works"))
            ),
            (
                #"Author.annotated(with: Author.books.count.forKey("workCount"))"#,
                Writer.annotated(with: Writer.books.count.forKey("workCount"))
            ),
        ]
        for (text, request) in cases {
            let (_, expected) = try harness.traced { try Row.fetchAll($0, request) }
            XCTAssertEqual(try harness.fetched(text).statements, expected, text)
        }
        let toOne = #"Book.including(required: Book.author.forKey("writer"))"#
        let (_, expected) = try harness.traced {
            try Row.fetchAll($0, Work.including(required: Work.author.forKey("writer")))
        }
        XCTAssertEqual(try harness.fetched(toOne).statements, expected)
    }

    func testTableExistsIsTheRecordTypesExists() throws {
        let harness = try LanguageHarness.demo()
        guard case .fetch(let plan, .exists)? = try harness.run(#"try Table("book").exists(db, key: 1)"#) else {
            return XCTFail("`Table(\"book\").exists(db, key:)` is not an `exists` fetch")
        }
        XCTAssertEqual(try harness.sql(of: plan), try harness.grdbSQL(Table("book").filter(key: 1)))
        let served = GRDBAPI.members(named: "exists", kind: .method).flatMap(\.symbols)
        XCTAssertTrue(served.contains("Table.exists(_:key:)"), "\(served)")
    }
}
