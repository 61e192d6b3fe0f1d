import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

// The demo's record types as the Good Practices guide declares them, compiled against
// GRDB, with the guide's request methods: the oracle for the SQL of each block.
private struct Author: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
    enum Columns {
        static let name = Column("name")
        static let country = Column("country")
    }
}
private struct Book: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Author.self, using: ForeignKey(["authorId"]))
}
extension DerivableRequest where RowDecoder == Author {
    fileprivate func orderByName() -> Self {
        let name = Author.Columns.name
        return order(name.collating(.localizedCaseInsensitiveCompare))
    }
    fileprivate func filter(country: String) -> Self {
        filter(Author.Columns.country == country)
    }
}
extension DerivableRequest where RowDecoder == Book {
    fileprivate func filter(authorCountry: String) -> Self {
        joining(required: Book.author.filter(country: authorCountry))
    }
}
extension QueryInterfaceRequest where RowDecoder == Author {
    fileprivate func havingBooks() -> QueryInterfaceRequest<Author> {
        having(Author.books.isEmpty == false)
    }
}

/// Every block of the Good Practices guide that reads data ("Define Record Requests",
/// "Compose Records", in `Tests/Fixtures/GoodPractices`, exact text) runs as written on
/// the demo database, loaded as files and pasted, and gives GRDB's SQL.
final class GoodPracticesTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/GoodPractices")

    static func block(_ number: String) throws -> String {
        let name = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(number + "-") }
        return try String(contentsOf: folder.appendingPathComponent(try XCTUnwrap(name)), encoding: .utf8)
    }

    func run(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) {
        for outcome in session.run(text, fetch: false) {
            if case .failure(let errors, _) = outcome { XCTFail("\(errors)\n\(text)", file: file, line: line) }
        }
    }

    /// The SQL of a name the blocks bound, as `--format sql` prints it.
    func sql(of name: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard case .rows(let result)? = session.run(name, fetch: false).last else {
            XCTFail("\(name) is not bound to a request: \(session.run(name, fetch: false))", file: file, line: line)
            return nil
        }
        return result.mainSQL
    }

    func grdb<T>(_ request: QueryInterfaceRequest<T>, single: Bool = false) throws -> String {
        try ParityChecking.grdbSQL(request, single: single)
    }

    func checkDefineRecordRequests(_ session: Session) throws {
        for block in ["04", "05", "07", "11"] { run(try Self.block(block), in: session) }
        XCTAssertEqual(sql(of: "sortedAuthors", in: session), try grdb(Author.all().orderByName()))
        XCTAssertEqual(sql(of: "frenchAuthors", in: session), try grdb(Author.all().filter(country: "France")))
        XCTAssertEqual(
            sql(of: "sortedSpanishAuthors", in: session), try grdb(Author.all().filter(country: "Spain").orderByName()))
        XCTAssertEqual(sql(of: "italianBooks", in: session), try grdb(Book.all().filter(authorCountry: "Italy")))
        XCTAssertEqual(
            sql(of: "sortedFrenchAuthorsHavingBooks", in: session),
            try grdb(Author.all().filter(country: "France").havingBooks().orderByName()))
        XCTAssertEqual(sql(of: "authors", in: session), try grdb(Author.all().orderByName()))
    }

    func testDefineRecordRequestsLoadedAsFiles() throws {
        let session = try Session(path: nil)
        let files = try ["01", "03", "05", "06"].map { number in
            try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasPrefix(number + "-") }
                .map { Self.folder.appendingPathComponent($0).path }
        }.flatMap { $0 }
        let report = try session.load(paths: files)
        // The guide's example of use (`try dbQueue.read { … }`) is top-level code: skipped, with a note.
        XCTAssertEqual(
            report.summary, "read 4 files: 0 record types, 0 associations, 1 column set, 4 request methods; 1 note")
        try checkDefineRecordRequests(session)
    }

    func testDefineRecordRequestsPasted() throws {
        let session = try Session(path: nil)
        for block in ["01", "03", "06"] { run(try Self.block(block), in: session) }
        try checkDefineRecordRequests(session)
    }

    /// `enum Columns: String, ColumnExpression` (block 02) serves the same requests.
    func testColumnsAsAStringEnum() throws {
        let session = try Session(path: nil)
        for block in ["02", "03", "11"] { run(try Self.block(block), in: session) }
        XCTAssertEqual(sql(of: "authors", in: session), try grdb(Author.all().orderByName()))
    }

    func testComposeRecords() throws {
        let session = try Session(path: nil)
        for block in ["01", "03", "10", "12"] { run(try Self.block(block), in: session) }
        XCTAssertEqual(sql(of: "authorInfos", in: session), try grdb(Author.annotated(with: Author.books.count)))
        XCTAssertEqual(
            sql(of: "authorships", in: session),
            try grdb(Book.including(required: Book.author.filter(country: "Colombia"))))
        XCTAssertEqual(
            sql(of: "authorInfo", in: session),
            try grdb(Author.filter(key: 123).including(all: Author.books), single: true))
        run(try Self.block("13"), in: session)
        XCTAssertEqual(
            sql(of: "bookInfo", in: session),
            try grdb(Book.filter(key: 123).including(required: Book.author), single: true))
    }

    /// Blocks 14–16: instance requests (`author.books`) on records fetched by key, and the
    /// app's plain structs built with their memberwise initializer.
    func testInstanceRequests() throws {
        let session = try Session(path: nil)
        for block in ["01", "14"] { run(try Self.block(block), in: session) }
        run(try Self.block("15"), in: session)
        guard case .description(let absent)? = session.run("authorInfo").last else { return XCTFail() }
        XCTAssertEqual(absent, "nil", "the demo has no author 123: the guard returns nil")
        run(try Self.block("16"), in: session)
        guard case .description(let bookInfo)? = session.run("bookInfo").last else { return XCTFail() }
        XCTAssertTrue(bookInfo.hasPrefix("BookInfo(book: Book(id: 123, authorId: 10, "), bookInfo)
        XCTAssertTrue(bookInfo.contains("author: Author(id: 10, name: \"Agatha Christie\""), bookInfo)
        run("let author = try Author.fetchOne(db, key: 10)", in: session)
        XCTAssertEqual(sql(of: "author.books", in: session), "SELECT * FROM \"book\" WHERE \"authorId\" = 10")
    }

    /// Block 09 declares `Author.books` and `Book.author` without a foreign key. The demo's
    /// `book` has two foreign keys to `author` (the Associations guide's `translatorId`), so
    /// GRDB itself stops on them ("ambiguous foreign key"); arbor says so, with the fix, and
    /// keeps the demo's declarations, which name the key.
    func testBlock09IsRejectedAsGRDBRejectsIt() throws {
        let session = try Session(path: nil)
        guard case .failure(let errors, _)? = session.run(try Self.block("09")).last else {
            return XCTFail("GRDB rejects these declarations on the demo's schema")
        }
        XCTAssertEqual(
            errors.map(\.message),
            [
                "`Author.books`: `book` has several foreign keys to `author`",
                "`Book.author`: `book` has several foreign keys to `author`",
            ])
    }
}
