import ArborCore
import ArborTestSupport
import GRDB
import XCTest

// Static record types, as an app using GRDB would declare them for the demo library.
private struct Author: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
    static let country = belongsTo(Country.self, key: "country")
    static let paintings = hasMany(Painting.self, key: "paintings")
}
private struct Book: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Author.self, key: "author", using: ForeignKey(["authorId"]))
    static let library = belongsTo(Library.self, key: "library")
    static let prizes = hasMany(Prize.self, key: "prizes")
    static let bookTags = hasMany(BookTag.self, key: "bookTags")
    static let tags = hasMany(Tag.self, through: bookTags, using: BookTag.tag, key: "tags")
    static let returnAddress = hasOne(Address.self, through: library, using: Library.address)
}
private struct Country: TableRecord {
    static let databaseTableName = "country"
    static let demographics = hasOne(Demographics.self, key: "demographics")
}
private struct Demographics: TableRecord { static let databaseTableName = "demographics" }
private struct Painting: TableRecord { static let databaseTableName = "painting" }
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

/// The SQL arbor prints equals the SQL GRDB generates for the same Swift code.
final class GRDBParityResolutionTests: XCTestCase, DemoLanguageParity {
    var demo: LanguageHarness?

    func testRequestForms() throws {
        try assertSame("Author.all()", Author.all())
        try assertSame("Author.including(all: Author.books)", Author.including(all: Author.books))
        try assertSame("Book.including(required: Book.author)", Book.including(required: Book.author))
        try assertSame(
            "Book.including(optional: Book.author.including(optional: Author.country))",
            Book.including(optional: Book.author.including(optional: Author.country)))
        try assertSame(
            "Book.joining(required: Book.author.filter(Column(\"name\") == \"Ada\"))",
            Book.joining(required: Book.author.filter(Column("name") == "Ada")))
        try assertSame(
            "Book.filter(Column(\"year\") >= 1900 && Column(\"price\") != nil).order(Column(\"title\").desc)",
            Book.filter(Column("year") >= 1900 && Column("price") != nil).order(Column("title").desc))
        try assertSame(
            "Book.filter(Column(\"title\").like(\"%the%\")).limit(5, offset: 10)",
            Book.filter(Column("title").like("%the%")).limit(5, offset: 10))
        try assertSame(
            "Book.filter([1, 2, 3].contains(Column(\"id\")))", Book.filter([1, 2, 3].contains(Column("id"))))
        try assertSame("Book.filter(Column(\"kind\") == nil)", Book.filter(Column("kind") == nil))
        try assertSame("Book.select(Column(\"id\"), Column(\"title\"))", Book.select(Column("id"), Column("title")))
        try assertSame("Author.annotated(with: Author.books.count)", Author.annotated(with: Author.books.count))
        try assertSame("Author.having(Author.books.count >= 2)", Author.having(Author.books.count >= 2))
        try assertSame(
            "Author.annotated(with: Author.books.max(Column(\"year\")), Author.books.min(Column(\"year\")))",
            Author.annotated(with: Author.books.max(Column("year")), Author.books.min(Column("year"))))
        try assertSame(
            "Author.annotated(with: Author.books.sum(Column(\"price\")) ?? 0)",
            Author.annotated(with: Author.books.sum(Column("price")) ?? 0))
        try assertSame("Author.having(Author.books.isEmpty)", Author.having(Author.books.isEmpty))
        try assertSame(
            "Author.annotated(with: Author.books.average(Column(\"score\")).forKey(\"avg\"))",
            Author.annotated(with: Author.books.average(Column("score")).forKey("avg")))
        try assertSame("Book.including(all: Book.tags)", Book.including(all: Book.tags))
        try assertSame("Book.including(optional: Book.returnAddress)", Book.including(optional: Book.returnAddress))
        try assertSame(
            "Country.including(optional: Country.demographics)", Country.including(optional: Country.demographics))
        try assertSame(
            "Author.including(all: Author.books.filter(Column(\"year\") > 2000).forKey(\"recentBooks\"))",
            Author.including(all: Author.books.filter(Column("year") > 2000).forKey("recentBooks")))
        try assertSame("Book.filter(key: 1)", Book.filter(key: 1))
        try assertSame("Book.filter(keys: [1, 2])", Book.filter(keys: [1, 2]))
        try assertSame("Book.orderByPrimaryKey()", Book.orderByPrimaryKey())
        try assertSame(
            "Book.filter(Column(\"title\") == \"x\" || Column(\"year\") < 1900 + 1)",
            Book.filter(Column("title") == "x" || Column("year") < 1900 + 1))
        try assertSame("Book.filter(!(Column(\"year\") > 2000))", Book.filter(!(Column("year") > 2000)))
        try assertSame(
            "Author.filter(Column(\"name\").collating(.nocase) == \"ada\")",
            Author.filter(Column("name").collating(.nocase) == "ada"))
        try assertSame(
            "Book.filter((1900...2000).contains(Column(\"year\")))",
            Book.filter((1900...2000).contains(Column("year"))))
        try assertSame(
            "Book.filter(length(Column(\"title\")) > 10).order(abs(Column(\"price\")))",
            Book.filter(length(Column("title")) > 10).order(abs(Column("price"))))
        try assertSame(
            "Book.joining(optional: Book.author.aliased(TableAlias(name: \"a\")))",
            Book.joining(optional: Book.author.aliased(TableAlias(name: "a"))))
        try assertSame("Book.including(required: author)", Book.including(required: Book.author))
        try assertSame(
            "Author.filter(Column(\"birthYear\") == nil || Column(\"name\") != \"x\").annotated(with: books.count)",
            Author.filter(Column("birthYear") == nil || Column("name") != "x").annotated(with: Author.books.count))
    }

    /// A `let` made by the user shadows an association of the same name, as in
    /// Swift: `author[Column("name")]` is the alias, not `Book.author`.
    func testAUserBindingShadowsAnAssociationName() throws {
        let harness = try harness()
        XCTAssertEqual(harness.results("let author = TableAlias()").count, 1)
        let text = "Book.joining(required: Book.author.aliased(author)).filter(author[Column(\"name\")] == \"Ada\")"
        let author = TableAlias()
        XCTAssertEqual(
            try harness.sql(text),
            try harness.grdbSQL(
                Book.joining(required: Book.author.aliased(author)).filter(author[Column("name")] == "Ada")))
        XCTAssertNotNil(harness.lastError("Book.including(required: author)"), "an alias is not an association")
    }
}
