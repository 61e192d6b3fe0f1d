import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// Methods of the app's enums, Foundation's `SortOrder` extended by the app, optional chaining
/// on nil, explicit initializers and IdentifiedArray wrappers: the movies app's four query
/// structs (Tests/Fixtures/RealApps/MoviesGRDBTCA, MIT) resolve, and give GRDB's SQL.
final class EnumMethodResolutionTests: XCTestCase {
    static var app: URL {
        LanguageHarness.repository.appendingPathComponent("Tests/Fixtures/RealApps/MoviesGRDBTCA")
    }

    /// The movies database (its schema and rows) in memory, with the app's models and its
    /// `SortOrder.by(_:)` helper loaded.
    func movies() throws -> LanguageHarness {
        let schema = try String(contentsOf: Self.app.appendingPathComponent("schema.sql"), encoding: .utf8)
        let harness = try LanguageHarness(schema: schema)
        let models = Self.app.appendingPathComponent("Models")
        let files = try FileManager.default.contentsOfDirectory(atPath: models.path).sorted()
            .map { models.appendingPathComponent($0) }
        try harness.load(files: files + [Self.app.appendingPathComponent("Variants/SortOrder+by.swift")])
        return harness
    }

    func sql(_ text: String, in harness: LanguageHarness, file: StaticString = #filePath, line: UInt = #line)
        -> String?
    {
        do {
            return try harness.sql(text)
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
            return nil
        }
    }

    func testTheMoviesAppsQueryStructsGiveGRDBsSQL() throws {
        let harness = try movies()
        XCTAssertNoThrow(try harness.run("let actor = try Actor.fetchOne(db, key: 3)"))
        XCTAssertNoThrow(try harness.run("let movie = try Movie.fetchOne(db, key: 1)"))
        let title = Column("sortableTitle").collating(.localizedCaseInsensitiveCompare)
        let name = Column("name").collating(.localizedCaseInsensitiveCompare)
        let actorMovies = Table("movies").joining(
            required: Table("movies").hasMany(Table("movieActors"), using: ForeignKey(["moviesId"]))
                .filter(Column("actorsId") == 3))
        let movieActors = Table("actors").joining(
            required: Table("actors").hasMany(Table("movieActors"), using: ForeignKey(["actorsId"]))
                .filter(Column("moviesId") == 1))
        // `ordering:` as written, and what GRDB orders by for it (nil: `ORDER BY NULL`).
        let orderings: [(String, SQLOrdering?, SQLOrdering?)] = [
            ("", title.asc, name.asc), ("ordering: .forward", title.asc, name.asc),
            ("ordering: .reverse", title.desc, name.desc), ("ordering: nil", nil, nil),
        ]
        for (argument, movieOrder, actorOrder) in orderings {
            let separator = argument.isEmpty ? "" : ", "
            XCTAssertEqual(
                sql("try AllMoviesQuery(\(argument)).fetch(db)", in: harness),
                try harness.grdbSQL(Table("movies").all().order(movieOrder)))
            XCTAssertEqual(
                sql("try AllActorsQuery(\(argument)).fetch(db)", in: harness),
                try harness.grdbSQL(Table("actors").all().order(actorOrder)))
            XCTAssertEqual(
                sql("try ActorMoviesQuery(actor: actor\(separator)\(argument)).fetch(db)", in: harness),
                try harness.grdbSQL(actorMovies.order(movieOrder)))
            XCTAssertEqual(
                sql("try MovieActorsQuery(movie: movie\(separator)\(argument)).fetch(db)", in: harness),
                try harness.grdbSQL(movieActors.order(actorOrder)))
        }
        XCTAssertEqual(
            try harness.grdbSQL(Table("actors").all().order(nil as SQLOrdering?)),
            #"SELECT * FROM "actors" ORDER BY NULL"#)
    }

    func testTheAppsDatabaseReaderHelpersAndWrongCalls() throws {
        let harness = try movies()
        // A case with its type, and a method of Foundation's enum the app extends.
        XCTAssertEqual(
            sql(#"Actor.all().order(SortOrder.reverse.by(Actor.Columns.name))"#, in: harness),
            #"SELECT * FROM "actors" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare DESC"#)
        let labels = harness.error("AllActorsQuery(order: .forward)")
        XCTAssertEqual(labels?.message, "`AllActorsQuery(order:)` matches no initializer of `AllActorsQuery`")
        XCTAssertEqual(labels?.suggestion, "it declares `init(ordering: SortOrder? = …)`")
        XCTAssertEqual(labels?.range, SourceRange(15, 20))
        let method = harness.error("SortOrder.forward.by(column: Actor.Columns.name)")
        XCTAssertEqual(method?.message, "`by(column:)` does not match the arguments of `SortOrder.by`")
        XCTAssertEqual(method?.range, SourceRange(18, 20))
        let noCase = harness.error("AllActorsQuery(ordering: .backward)")
        XCTAssertEqual(noCase?.message, "`SortOrder` has no case `backward`")
    }

    /// Shaped like a budgeting app's `Transaction.Ordering` (not committable), on the demo's
    /// `book` table: an enum with Int raw values nested in a record type, its method choosing a
    /// column with `switch self` and a direction with the ternary operator.
    static let budgetFile = """
        import GRDB

        enum OrderDirection { case ascending, descending }

        extension Book {
            enum Ordering: Int, CaseIterable {
                case byTitle, byYear, byId

                func getOrdering(_ direction: OrderDirection = .ascending) -> SQLOrdering {
                    var column: Column
                    switch self {
                    case .byTitle: column = Column("title")
                    case .byYear: column = Column("year")
                    case .byId: column = Column("id")
                    }
                    return direction == .ascending ? column.asc : column.desc
                }

                var isByTitle: Bool { self == .byTitle }
            }
        }

        extension DerivableRequest<Book> {
            func ordered(by ordering: Book.Ordering, direction: OrderDirection) -> Self {
                order(ordering.getOrdering(direction))
            }

            func ofKinds(_ kinds: [Book.Kind]) -> Self {
                filter(kinds.map(\\.rawValue).contains(Column("kind")))
            }
        }

        extension Book {
            enum Kind: String { case novel, poems }
        }
        """

    func testAnEnumsMethodOnACaseAndOnAParameterTypedAsTheEnum() throws {
        let harness = try LanguageHarness.demo()
        let diagnostics = harness.load(Self.budgetFile, name: "Transaction.swift")
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
        let book = Table("book")
        XCTAssertEqual(
            sql("Book.order(Book.Ordering.byYear.getOrdering(.descending))", in: harness),
            try harness.grdbSQL(book.order(Column("year").desc)))
        XCTAssertEqual(
            sql("Book.order(Book.Ordering.byTitle.getOrdering())", in: harness),
            try harness.grdbSQL(book.order(Column("title").asc)))
        XCTAssertEqual(
            sql("Book.all().ordered(by: .byId, direction: .descending)", in: harness),
            try harness.grdbSQL(book.all().order(Column("id").desc)))
        XCTAssertEqual(
            sql("Book.all().ordered(by: .byYear, direction: .ascending)", in: harness),
            try harness.grdbSQL(book.all().order(Column("year").asc)))
        // An array of an enum's cases, mapped to their raw values.
        XCTAssertEqual(
            sql("Book.all().ofKinds([.novel, .poems])", in: harness),
            try harness.grdbSQL(book.all().filter(["novel", "poems"].contains(Column("kind")))))
        guard case .expression(.value(let yes))? = try harness.run("Book.Ordering.byTitle.isByTitle"),
            case .expression(.value(let no))? = try harness.run("Book.Ordering.byYear.isByTitle")
        else { return XCTFail() }
        XCTAssertEqual([yes, no], [.bool(true), .bool(false)])
        let error = harness.error("Book.Ordering.byYear.getOrdering(direction: .ascending)")
        XCTAssertEqual(
            error?.message, "`getOrdering(direction:)` does not match the arguments of `Book.Ordering.getOrdering`")
        XCTAssertEqual(error?.range, SourceRange(21, 32))
    }

    /// In a raw-valued enum's own methods: a case returned is the raw value GRDB binds,
    /// and `other`, `flipped()`, `rawValue` name `self`'s members, as in Swift.
    func testAnEnumsMethodsReachTheirOwnMembersAndReturnCases() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertNoThrow(
            try harness.run(
                """
                extension Book {
                    enum Genre: String, DatabaseValueConvertible {
                        case novel, poems
                        var other: Genre {
                            switch self {
                            case .novel: return .poems
                            case .poems: return .novel
                            }
                        }
                        var label: String { other.title }
                        var title: String { rawValue.uppercased() }
                        func flipped() -> Genre { other }
                        func twice() -> Genre { flipped().flipped() }
                    }
                }
                """))
        let poems = try harness.grdbSQL(Table("book").filter(Column("kind") == "poems"))
        XCTAssertEqual(sql(#"Book.filter(Column("kind") == Book.Genre.novel.other)"#, in: harness), poems)
        XCTAssertEqual(sql(#"Book.filter(Column("kind") == Book.Genre.poems.twice())"#, in: harness), poems)
        guard case .expression(.value(let label))? = try harness.run("Book.Genre.novel.label") else { return XCTFail() }
        XCTAssertEqual(label, .text("POEMS"))
    }
}
