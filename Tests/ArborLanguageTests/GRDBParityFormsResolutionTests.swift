import ArborCore
import ArborTestSupport
import GRDB
import XCTest

// Record types with `Columns`, so that closures (`{ $0.title }`) and key paths compile.
private struct Writer: TableRecord {
    static let databaseTableName = "author"
    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let birthYear = Column("birthYear")
    }
    static let books = hasMany(Work.self, key: "books", using: ForeignKey(["authorId"]))
    static let country = belongsTo(Nation.self, key: "country")
}
private struct Work: TableRecord {
    static let databaseTableName = "book"
    enum Columns {
        static let id = Column("id")
        static let title = Column("title")
        static let year = Column("year")
        static let price = Column("price")
        static let kind = Column("kind")
    }
    static let author = belongsTo(Writer.self, key: "author", using: ForeignKey(["authorId"]))
    static let prizes = hasMany(Award.self, key: "prizes")
}
private struct Nation: TableRecord { static let databaseTableName = "country" }
private struct Award: TableRecord { static let databaseTableName = "prize" }
private struct TeamRecord: TableRecord {
    static let databaseTableName = "team"
    static let playerRoles = hasMany(RoleRecord.self, key: "playerRoles").order(Column("position"))
    static let players = hasMany(PlayerRecord.self, through: playerRoles, using: RoleRecord.player, key: "players")
}
private struct RoleRecord: TableRecord {
    static let databaseTableName = "playerRole"
    static let player = belongsTo(PlayerRecord.self, key: "player")
}
private struct PlayerRecord: TableRecord { static let databaseTableName = "player" }

/// One request per request form: arbor's SQL equals GRDB's for the same Swift code,
/// on the demo in memory (one per test).
final class GRDBParityFormsResolutionTests: XCTestCase, DemoLanguageParity {
    var demo: LanguageHarness?

    func testFilters() throws {
        try assertSame("Book.filter(id: 3)", Work.filter(key: 3))
        try assertSame("Book.filter(ids: [3, 4])", Work.filter(keys: [3, 4]))
        try assertSame(
            "Book.filter(sql: \"year > ? AND kind = ?\", arguments: [1900, \"novel\"])",
            Work.filter(sql: "year > ? AND kind = ?", arguments: [1900, "novel"]))
        try assertSame("Book.filter { $0.year > 1900 }", Work.filter { $0.year > 1900 })
        try assertSame("Book.filter { book in book.title == \"x\" }", Work.filter { $0.title == "x" })
        try assertSame("Book.none()", Work.none())
        try assertSame(
            "Book.filter(Column(\"title\").collating(.rtrim) == \"x\" && Column(\"kind\").collating(.binary) != \"y\")",
            Work.filter(Column("title").collating(.rtrim) == "x" && Column("kind").collating(.binary) != "y"))
        try assertSame(
            "Book.filter((1900...2000).contains(Column(\"year\")))", Work.filter((1900...2000).contains(Column("year")))
        )
        // GRDB has no public `between`: Swift would not compile it.
        let between = try XCTUnwrap(try harness().error("Book.filter(Column(\"year\").between(1900, 2000))"))
        XCTAssertEqual(between.message, "GRDB has no `between`: a range contains the value")
        XCTAssertEqual(between.range, SourceRange(27, 34))
        XCTAssertEqual(
            between.suggestion, "write `(lower...upper).contains(Column(\"x\"))`, which GRDB turns into `BETWEEN`")
        try assertSame(
            "Book.filter((1900..<2000).contains(Column(\"year\")))", Work.filter((1900..<2000).contains(Column("year")))
        )
        try assertSame("Book.filter(Column(\"price\") ?? 0 > 10)", Work.filter(Column("price") ?? 0 > 10))
        try assertSame("Book.filter(-Column(\"price\") < -10)", Work.filter(-Column("price") < -10))
        try assertSame("Book.filter(Column(\"price\") * 2 / 3 - 1 >= 4)", Work.filter(Column("price") * 2 / 3 - 1 >= 4))
        try assertSame("Book.filter(Column(\"kind\") === nil)", Work.filter(Column("kind") === nil))
    }

    func testOrderings() throws {
        try assertSame("Book.order(sql: \"title DESC\")", Work.order(sql: "title DESC"))
        try assertSame("Book.order(\\.year)", Work.order(\.year))
        try assertSame("Book.order { $0.price.descNullsFirst }", Work.order { $0.price.descNullsFirst })
        try assertSame(
            "Book.order(Column(\"price\").ascNullsLast, Column(\"title\"))",
            Work.order(Column("price").ascNullsLast, Column("title")))
        try assertSame("Book.order(Column(\"year\")).reversed()", Work.order(Column("year")).reversed())
        try assertSame("Book.order(Column(\"year\")).unordered()", Work.order(Column("year")).unordered())
        try assertSame("Book.all().orderByPrimaryKey().reversed()", Work.all().orderByPrimaryKey().reversed())
        try assertSame(
            "Book.order(Column(\"year\")).order(Column(\"title\"))", Work.order(Column("year")).order(Column("title")))
    }

    func testSelections() throws {
        try assertSame("Book.select(sql: \"id, title\")", Work.select(sql: "id, title"))
        try assertSame("Book.select(Column(\"title\")).distinct()", Work.select(Column("title")).distinct())
        try assertSame(
            "Book.select(Column(\"kind\"), count(Column(\"id\")).forKey(\"n\")).group(Column(\"kind\")).having(count(Column(\"id\")) > 10)",
            Work.select(Column("kind"), count(Column("id")).forKey("n")).group(Column("kind")).having(
                count(Column("id")) > 10))
        try assertSame(
            "Book.select(length(Column(\"title\")), Column(\"title\").lowercased, Column(\"title\").uppercased, count(distinct: Column(\"kind\")), cast(Column(\"price\"), as: .integer))",
            Work.select(
                length(Column("title")), Column("title").lowercased, Column("title").uppercased,
                count(distinct: Column("kind")), cast(Column("price"), as: .integer)))
        try assertSame("Book.select(AllColumns(), Column(\"year\") + 1)", Work.select(AllColumns(), Column("year") + 1))
        try assertSame("Book.limit(3).asRequest(of: BookInfo.self)", Work.limit(3))
    }

    func testAssociations() throws {
        try assertSame(
            "Book.annotated(withRequired: Book.author.select(Column(\"name\").forKey(\"authorName\")))",
            Work.annotated(withRequired: Work.author.select(Column("name").forKey("authorName"))))
        try assertSame(
            "Book.annotated(withOptional: Book.author.select(Column(\"name\")))",
            Work.annotated(withOptional: Work.author.select(Column("name"))))
        try assertSame(
            "Book.including(optional: Book.author.forKey(\"writer\"))",
            Work.including(optional: Work.author.forKey("writer")))
        try assertSame("Team.including(all: Team.players)", TeamRecord.including(all: TeamRecord.players))
        // Refinement rules: one key joined twice merges, required wins, filters are ANDed.
        try assertSame(
            "Book.including(optional: Book.author).joining(required: Book.author.filter(Column(\"birthYear\") > 1800))",
            Work.including(optional: Work.author).joining(required: Work.author.filter(Column("birthYear") > 1800)))
        try assertSame(
            "Book.joining(optional: Book.author.order(Column(\"name\"))).including(optional: Book.author.order(Column(\"birthYear\")).select(Column(\"id\")))",
            Work.joining(optional: Work.author.order(Column("name"))).including(
                optional: Work.author.order(Column("birthYear")).select(Column("id"))))
    }

    func testAliases() throws {
        try assertSame(
            "let a = TableAlias()\nBook.joining(required: Book.author.aliased(a)).filter(a[Column(\"name\")] == \"x\")",
            {
                let a = TableAlias()
                return Work.joining(required: Work.author.aliased(a)).filter(a[Column("name")] == "x")
            }())
        try assertSame(
            "let b = TableAlias(name: \"b\")\nBook.aliased(b).joining(required: Book.author.filter(Column(\"birthYear\") < b[Column(\"year\")]))",
            {
                let b = TableAlias(name: "b")
                return Work.aliased(b).joining(required: Work.author.filter(Column("birthYear") < b[Column("year")]))
            }())
        try assertSame(
            "let a = TableAlias()\nBook.joining(optional: Book.author.aliased(a)).filter(!a.exists)",
            {
                let a = TableAlias()
                return Work.joining(optional: Work.author.aliased(a)).filter(!a.exists)
            }())
    }

    func testAggregateOperators() throws {
        try assertSame(
            "Author.having(Author.books.count >= 1 && !Author.books.isEmpty || Author.books.max(Column(\"year\")) == nil)",
            Writer.having(Writer.books.count >= 1 && !Writer.books.isEmpty || Writer.books.max(Column("year")) == nil))
        try assertSame(
            "Author.annotated(with: (Author.books.count * 2 + 1).forKey(\"score\"), (-Author.books.sum(Column(\"price\"))).forKey(\"neg\"))",
            Writer.annotated(
                with: (Writer.books.count * 2 + 1).forKey("score"), (-Writer.books.sum(Column("price"))).forKey("neg")))
        try assertSame(
            "Author.annotated(with: Author.books.total(Column(\"price\")) / Author.books.count)",
            Writer.annotated(with: Writer.books.total(Column("price")) / Writer.books.count))
        try assertSame(
            "Author.annotated(with: Author.books.filter(Column(\"year\") > 1900).forKey(\"modernBooks\").count)",
            Writer.annotated(with: Writer.books.filter(Column("year") > 1900).forKey("modernBooks").count))
        try assertSame(
            "Author.annotated(with: abs(Author.books.min(Column(\"year\"))).forKey(\"x\"), cast(Author.books.average(Column(\"price\")), as: .integer))",
            Writer.annotated(
                with: abs(Writer.books.min(Column("year"))).forKey("x"),
                cast(Writer.books.average(Column("price")), as: .integer)))
    }

    func testFetchForms() throws {
        try assertSame("Book.filter(Column(\"year\") > 2000).fetchAll()", Work.filter(Column("year") > 2000))
        try assertSame("Book.order(Column(\"title\")).fetchOne()", Work.order(Column("title")), single: true)
        try assertSame("Book.filter(key: 1).fetchOne(db)", Work.filter(key: 1), single: true)
        let count = try harness().fetchCount("Book.filter(Column(\"year\") > 2000).fetchCount()").count
        let expected = try harness().database.read { db in try Work.filter(Column("year") > 2000).fetchCount(db) }
        XCTAssertEqual(count, expected)
        XCTAssertGreaterThan(count, 0)
    }
}
