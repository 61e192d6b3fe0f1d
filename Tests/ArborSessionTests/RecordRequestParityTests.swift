import ArborCore
import ArborTestSupport
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

// Record types as an app declares them to call `record.request(for:)` on the demo
// library: `EncodableRecord` with the properties the tests give values to.
private struct Author: TableRecord, EncodableRecord, FetchableRecord, Codable {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
    static let country = belongsTo(Country.self, key: "country")
    var id: Int64
    var name: String
}
private struct Book: TableRecord, EncodableRecord, FetchableRecord, Codable {
    static let databaseTableName = "book"
    static let author = belongsTo(Author.self, key: "author", using: ForeignKey(["authorId"]))
    static let library = belongsTo(Library.self, key: "library")
    static let prizes = hasMany(Prize.self, key: "prizes")
    static let bookTags = hasMany(BookTag.self, key: "bookTags")
    static let tags = hasMany(Tag.self, through: bookTags, using: BookTag.tag, key: "tags")
    static let returnAddress = hasOne(Address.self, through: library, using: Library.address)
    var id: Int64
    var authorId: Int64?
    var libraryId: Int64?
    var title: String
    var awards: Int64
}
private struct Country: TableRecord, EncodableRecord, Encodable {
    static let databaseTableName = "country"
    static let demographics = hasOne(Demographics.self, key: "demographics")
    var code: String
    var name: String
}
private struct Demographics: TableRecord { static let databaseTableName = "demographics" }
private struct Prize: TableRecord { static let databaseTableName = "prize" }
private struct Tag: TableRecord { static let databaseTableName = "tag" }
private struct BookTag: TableRecord {
    static let databaseTableName = "bookTag"
    static let tag = belongsTo(Tag.self, key: "tag")
}
private struct Library: TableRecord {
    static let databaseTableName = "library"
    static let address = hasOne(Address.self, key: "address")
}
private struct Address: TableRecord { static let databaseTableName = "address" }

// A composite foreign key, and a foreign key to the rowid of a table without a declared key.
private let keysSchema = """
    PRAGMA foreign_keys = OFF;
    CREATE TABLE parent (a INTEGER NOT NULL, b TEXT NOT NULL, name TEXT, PRIMARY KEY (a, b));
    CREATE TABLE child (id INTEGER PRIMARY KEY, parentA INTEGER, parentB TEXT,
      FOREIGN KEY (parentA, parentB) REFERENCES parent(a, b));
    CREATE TABLE owner (name TEXT);
    CREATE TABLE pet (id INTEGER PRIMARY KEY, ownerId INTEGER REFERENCES owner(rowid));
    INSERT INTO parent VALUES (1, 'x', 'p1');
    INSERT INTO child VALUES (1, 1, 'x'), (2, 1, NULL);
    INSERT INTO owner VALUES ('o');
    INSERT INTO pet VALUES (1, 1);
    """
private struct Parent: TableRecord, EncodableRecord, Encodable {
    static let databaseTableName = "parent"
    static let children = hasMany(Child.self)
    var a: Int64
    var b: String
}
private struct Child: TableRecord, EncodableRecord, Encodable {
    static let databaseTableName = "child"
    static let parent = belongsTo(Parent.self)
    var id: Int64
    var parentA: Int64?
    var parentB: String?
}
private struct Owner: TableRecord, EncodableRecord, Encodable {
    static let databaseTableName = "owner"
    static let pets = hasMany(Pet.self)
    var name: String?
}
private struct Pet: TableRecord { static let databaseTableName = "pet" }

// A record type whose properties are not named as its columns: `CodingKeys` map them.
private let writtenBookDeclaration = """
    struct WrittenBook: Codable, EncodableRecord, TableRecord {
        static let databaseTableName = "book"
        static let writer = belongsTo(Author.self, using: ForeignKey(["authorId"]))
        var id: Int64?
        var writerId: Int64?
        var title: String
        enum CodingKeys: String, CodingKey {
            case id
            case writerId = "authorId"
            case title
        }
    }
    """
private struct WrittenBook: Codable, EncodableRecord, TableRecord {
    static let databaseTableName = "book"
    static let writer = belongsTo(Author.self, using: ForeignKey(["authorId"]))
    var id: Int64?
    var writerId: Int64?
    var title: String
    enum CodingKeys: String, CodingKey {
        case id
        case writerId = "authorId"
        case title
    }
}

/// `record.request(for:)` gives the SQL GRDB gives for the same Swift code, for
/// every kind of association and key, and for records built or fetched.
final class RecordRequestParityTests: XCTestCase {
    /// Arbor's main statement for the last of `statements`, and GRDB's for `request`.
    func assertSame<T>(
        _ statements: [String], _ request: (Database) throws -> QueryInterfaceRequest<T>, in session: Session,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var outcomes: [Outcome] = []
        for statement in statements { outcomes += session.run(statement, fetch: false) }
        guard case .rows(let result)? = outcomes.last else {
            return XCTFail("\(statements): \(outcomes)", file: file, line: line)
        }
        let expected = try session.database.read { db in
            let prepared = try request(db).makePreparedRequest(db, forSingleResult: false)
            guard let expanded = sqlite3_expanded_sql(prepared.statement.sqliteStatement) else { return "" }
            defer { sqlite3_free(expanded) }
            return String(cString: expanded)
        }
        XCTAssertEqual(result.mainSQL, expected, statements.joined(separator: "; "), file: file, line: line)
    }

    func testEveryKindOfAssociationFromAMemberwiseRecord() throws {
        let session = try ParityChecking.session()
        let book = Book(id: 1, authorId: 2, libraryId: 3, title: "x", awards: 0)
        let bookText = #"Book(id: 1, authorId: 2, libraryId: 3, title: "x", awards: 0)"#
        try assertSame(
            [#"Author(id: 1, name: "x").request(for: Author.books)"#],
            { _ in Author(id: 1, name: "x").request(for: Author.books) }, in: session)
        try assertSame([bookText + ".request(for: Book.author)"], { _ in book.request(for: Book.author) }, in: session)
        try assertSame(
            [#"Country(code: "FR", name: "France").request(for: Country.demographics)"#],
            { _ in Country(code: "FR", name: "France").request(for: Country.demographics) }, in: session)
        try assertSame([bookText + ".request(for: Book.tags)"], { _ in book.request(for: Book.tags) }, in: session)
        try assertSame(
            [bookText + ".request(for: Book.returnAddress)"], { _ in book.request(for: Book.returnAddress) },
            in: session)
    }

    func testRefinedAssociationAndRefinedRequest() throws {
        let session = try ParityChecking.session()
        try assertSame(
            [
                #"Author(id: 3, name: "x").request(for: Author.books.filter(Column("year") > 1900).order(Column("title"))).including(required: Book.library).limit(2)"#
            ],
            { _ in
                Author(id: 3, name: "x")
                    .request(for: Author.books.filter(Column("year") > 1900).order(Column("title")))
                    .including(required: Book.library).limit(2)
            }, in: session)
        try assertSame(
            [
                #"Author(id: 3, name: "x").request(for: Author.books.including(all: Book.prizes)).filter(Column("year") < 2000)"#
            ],
            { _ in
                Author(id: 3, name: "x").request(for: Author.books.including(all: Book.prizes))
                    .filter(Column("year") < 2000)
            }, in: session)
        try assertSame(
            [#"Author(id: 3, name: "x").request(for: Author.books.forKey("written")).reversed()"#],
            { _ in Author(id: 3, name: "x").request(for: Author.books.forKey("written")).reversed() }, in: session)
    }

    func testANullKeyFetchesNothingAsGRDBDoes() throws {
        let session = try ParityChecking.session()
        let book = Book(id: 1, authorId: nil, libraryId: nil, title: "x", awards: 0)
        try assertSame(
            [#"Book(id: 1, title: "x", awards: 0).request(for: Book.author)"#], { _ in book.request(for: Book.author) },
            in: session)
        try assertSame(
            [#"Book(id: 1, title: "x", awards: 0).request(for: Book.returnAddress)"#],
            { _ in book.request(for: Book.returnAddress) }, in: session)
        XCTAssertEqual(
            try session.request(
                XCTUnwrap(plan(#"Book(id: 1, title: "x", awards: 0).request(for: Book.author)"#, session)),
                range: nil, single: false, fetch: true
            ).mainSQL, #"SELECT * FROM "author" WHERE 0"#)
    }

    func testAFetchedRecord() throws {
        let session = try Session(path: nil)
        try assertSame(
            ["let author = try Author.filter(id: 3).fetchOne(db)", "author.request(for: Author.books)"],
            { db in
                guard let author = try Author.fetchOne(db, key: 3) else { throw ArborError("no author 3") }
                return author.request(for: Author.books)
            }, in: session)
        try assertSame(
            [
                #"let book = try Book.filter(Column("title") == "Ruy Blas").fetchOne(db)"#,
                "book!.request(for: Book.tags).order(Column(\"name\"))",
            ],
            { db in
                guard let book = try Book.filter(Column("title") == "Ruy Blas").fetchOne(db) else {
                    throw ArborError("no Ruy Blas")
                }
                return book.request(for: Book.tags).order(Column("name"))
            }, in: session)
    }

    func testCompositeAndRowIDKeys() throws {
        let session = try Session(path: TemporaryDatabase.make(keysSchema))
        try assertSame(
            [#"Child(id: 1, parentA: 1, parentB: "x").request(for: Child.parent)"#],
            { _ in Child(id: 1, parentA: 1, parentB: "x").request(for: Child.parent) }, in: session)
        try assertSame(
            [#"Parent(a: 1, b: "x").request(for: Parent.children)"#],
            { _ in Parent(a: 1, b: "x").request(for: Parent.children) }, in: session)
        // One NULL column of a composite key: SQLite matches no parent, nor does GRDB.
        try assertSame(
            [#"Child(id: 2, parentA: 1).request(for: Child.parent)"#],
            { _ in Child(id: 2, parentA: 1, parentB: nil).request(for: Child.parent) }, in: session)
        // The rowid is no property of the record: GRDB reads it as NULL.
        try assertSame(
            [#"Owner(name: "o").request(for: Owner.pets)"#], { _ in Owner(name: "o").request(for: Owner.pets) },
            in: session)
        try assertSame(
            ["let child = try Child.filter(id: 1).fetchOne(db)", "child.request(for: Child.parent)"],
            { _ in Child(id: 1, parentA: 1, parentB: "x").request(for: Child.parent) }, in: session)
    }

    func plan(_ text: String, _ session: Session) -> RequestPlan? {
        guard case .rows(let result)? = session.run(text, fetch: false).last else { return nil }
        return result.plan
    }

    func testADeclaredRecordTypesPropertiesAndCodingKeys() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(session.run(writtenBookDeclaration).count, 1)
        try assertSame(
            [#"WrittenBook(writerId: 2, title: "x").request(for: WrittenBook.writer)"#],
            { _ in WrittenBook(id: nil, writerId: 2, title: "x").request(for: WrittenBook.writer) }, in: session)
        try assertSame(
            [#"WrittenBook(id: 7, title: "x").request(for: WrittenBook.writer)"#],
            { _ in WrittenBook(id: 7, writerId: nil, title: "x").request(for: WrittenBook.writer) }, in: session)
    }
}
