import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// The `swift` format (docs/LANGUAGE.md §4.2): record types with their columns, the
/// associations used, a Decodable result type whose properties match the
/// association keys, and the request. The generated code was also compiled and
/// run against the demo with GRDB 7.10 (every request below decodes its rows).
final class SwiftCodeTests: XCTestCase {
    func swift(_ text: String, _ session: Session) throws -> String {
        SwiftCode.generate(try session.requestResult(text, fetch: false).plan, environment: session.environment)
    }

    func testAResultTypePerLevelWithTheAssociationKeysAndAnnotations() throws {
        let session = try Session(path: nil)
        let code = try swift(
            "Author.including(all: Author.books.including(optional: Book.translator)).annotated(with: Author.books.count)",
            session)
        XCTAssertTrue(
            code.hasSuffix(
                """
                struct BookInfo: Decodable, FetchableRecord {
                    var book: Book
                    var translator: Author?
                }

                struct AuthorInfo: Decodable, FetchableRecord {
                    var author: Author
                    var bookCount: Int
                    var books: [BookInfo]
                }

                let request = Author.including(all: Author.books.including(optional: Book.translator)).annotated(with: Author.books.count)
                let rows = try dbQueue.read { db in try AuthorInfo.fetchAll(db, request) }
                """), code)
        XCTAssertTrue(
            code.contains(
                """
                struct Author: Codable, FetchableRecord, TableRecord {
                    static let databaseTableName = "author"
                    static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
                    var id: Int64
                    var name: String
                    var birthYear: Int64?
                """), code)
        XCTAssertTrue(code.contains("struct Book: Codable, FetchableRecord, TableRecord {"), code)
    }

    func testRequiredToOneIsNotOptionalAndSelectionsAreProperties() throws {
        let session = try Session(path: nil)
        let code = try swift(
            "Book.including(required: Book.author).select(Column(\"title\"), Column(\"year\"))", session)
        XCTAssertTrue(
            code.contains(
                """
                struct BookInfo: Decodable, FetchableRecord {
                    var title: String
                    var year: Int64?
                    var author: Author
                }
                """), code)
    }

    func testARequestWithoutAssociationsFetchesItsRecords() throws {
        let session = try Session(path: nil)
        let code = try swift("Author.all()", session)
        XCTAssertFalse(code.contains("Info"), code)
        XCTAssertTrue(
            code.hasSuffix(
                "let request = Author.all()\nlet rows = try dbQueue.read { db in try request.fetchAll(db) }"),
            code)
    }

    func testNamesThatAreNotIdentifiersGetCodingKeys() throws {
        let session = try Session(
            path: try TemporaryDatabase.make(
                """
                CREATE TABLE "order item" (id INTEGER PRIMARY KEY, "unit price" REAL NOT NULL, "class" TEXT, "2nd" BLOB, "a.bId" INTEGER);
                """))
        let code = try swift("Table(\"order item\").all()", session)
        XCTAssertTrue(
            code.contains(
                """
                    var id: Int64
                    var unitPrice: Double
                    var `class`: String?
                    var _2nd: Data?
                    var aBId: Int64?

                    enum CodingKeys: String, CodingKey {
                        case id
                        case unitPrice = "unit price"
                        case `class`
                        case _2nd = "2nd"
                        case aBId = "a.bId"
                    }
                """), code)
    }

    func testOddAssociationNamesAreRawIdentifiers() throws {
        let session = try Session(
            path: try TemporaryDatabase.make(
                """
                CREATE TABLE "x.y" (id INTEGER PRIMARY KEY);
                CREATE TABLE z (id INTEGER PRIMARY KEY, "a.bId" INTEGER REFERENCES "x.y"(id));
                """))
        let code = try swift("Z.including(required: Z.`a.b`)", session)
        XCTAssertTrue(code.contains("    static let `a.b` = belongsTo("), code)
        XCTAssertTrue(code.contains("let request = Z.including(required: Z.`a.b`)"), code)
        XCTAssertTrue(code.contains("struct XY: Codable, FetchableRecord, TableRecord {"), code)
        XCTAssertTrue(code.contains("    var aB: XY\n"), code)
        XCTAssertTrue(code.contains("        case aB = \"a.b\"\n"), code)
    }

    func testInlineAssociationsStayInline() throws {
        let session = try Session(path: nil)
        let code = try swift(
            "Author.including(all: Author.hasMany(Book.self, using: ForeignKey([\"authorId\"])).forKey(\"works\"))",
            session)
        XCTAssertTrue(
            code.contains(
                "let request = Author.including(all: Author.hasMany(Book.self, using: ForeignKey([\"authorId\"])).forKey(\"works\"))"
            ), code)
        XCTAssertTrue(code.contains("    var works: [Book]\n"), code)
    }
}
