import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

private struct Track: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Artist.self, key: "author", using: ForeignKey(["authorId"]))
}
private struct Artist: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Track.self, key: "books", using: ForeignKey(["authorId"]))
    static let country = belongsTo(Land.self, key: "country", using: ForeignKey(["countryCode"]))
}
private struct Land: TableRecord { static let databaseTableName = "country" }

/// GRDB API that was refused or mistranslated (issue 10 item 7): arbor's SQL equals GRDB's.
final class RecordFetchParityTests: XCTestCase {
    func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, single: Bool = false, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try ParityChecking.assertSame(text, request, single: single, file: file, line: line)
    }

    func testAnExpressionsForKeyInAnnotated() throws {
        try assertSame(
            #"Author.annotated(with: Column("name").forKey("n"))"#, Artist.annotated(with: Column("name").forKey("n")))
        try assertSame(
            #"Author.annotated(with: (Column("birthYear") + 100).forKey("century")).annotated(with: Author.books.count)"#,
            Artist.annotated(with: (Column("birthYear") + 100).forKey("century")).annotated(with: Artist.books.count))
    }

    func testOrderingByAnAnnotationWithDetached() throws {
        try assertSame(
            #"Author.annotated(with: Author.books.count.forKey("bookCount")).including(optional: Author.country).order(Column("bookCount").detached.desc, Column("name"))"#,
            Artist.annotated(with: Artist.books.count.forKey("bookCount")).including(optional: Artist.country)
                .order(Column("bookCount").detached.desc, Column("name")))
    }

    func testFetchingByKeyAsRecordTypesDo() throws {
        try assertSame("Book.fetchOne(db, key: 9)", Track.filter(key: 9), single: true)
        try assertSame("Book.fetchOne(db, id: 9)", Track.filter(key: 9), single: true)
        try assertSame("Book.find(db, key: 9)", Track.filter(key: 9), single: true)
        try assertSame("Book.find(db, id: 9)", Track.filter(key: 9), single: true)
        try assertSame("Book.fetchAll(db, keys: [1, 2])", Track.filter(keys: [1, 2]))
        try assertSame(#"Book.fetchOne(db, key: ["id": 9])"#, Track.filter(key: ["id": 9]), single: true)
    }

    func testFindWithoutARowThrowsGRDBsRecordNotFound() throws {
        let session = try ParityChecking.session()
        guard case .failure(let errors, _)? = session.run("Book.find(db, key: 9999)").last else {
            return XCTFail("find of a missing key must fail")
        }
        XCTAssertEqual(errors.first?.message, "Key not found in table book: [id:9999]")
        XCTAssertEqual(errors.first?.range, SourceRange(0, 24))
        guard case .failure(let onRequest, _)? = session.run("Book.all().find(db, key: 1)").last else {
            return XCTFail("find is not a request method")
        }
        XCTAssertEqual(onRequest.first?.range, SourceRange(11, 15))
    }

    func testSelectAsAType() throws {
        // `Int?`: the demo has books without a year, which an `Int` request fails to fetch
        // (SelectAsTypeTests), and the statement is made as it runs.
        try assertSame(#"Book.select(Column("year"), as: Int?.self)"#, Track.select(Column("year"), as: Int?.self))
        try assertSame(
            #"Book.all().select(sql: "year + ?", arguments: [1], as: Int?.self)"#,
            Track.all().select(sql: "year + ?", arguments: [1], as: Int?.self))
        try assertSame(
            #"Book.select(literal: "title || \("!")", as: String.self)"#,
            Track.select(literal: "title || \("!")", as: String.self))
    }
}
