import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

/// Methods of the app's enums, Foundation's `SortOrder` extended by the app, optional chaining
/// on nil, explicit initializers and IdentifiedArray wrappers: the movies app's four query
/// structs (Tests/Fixtures/RealApps/MoviesGRDBTCA, MIT) run, and give GRDB's SQL.
final class EnumMethodTests: XCTestCase {
    static var app: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RealApps/MoviesGRDBTCA")
    }

    /// The movies database (its schema and rows) in a fresh file, and a session on it with the
    /// app's models and its `SortOrder.by(_:)` helper loaded.
    func moviesSession() throws -> (Session, DatabaseQueue) {
        let folder = try TemporaryItems.folder("enum")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("movies.sqlite").path
        let schema = try String(contentsOf: Self.app.appendingPathComponent("schema.sql"), encoding: .utf8)
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: schema) }
        let session = try Session(path: path)
        let models = Self.app.appendingPathComponent("Models")
        let files = try FileManager.default.contentsOfDirectory(atPath: models.path).sorted()
            .map { models.appendingPathComponent($0).path }
        _ = try session.load(paths: files + [Self.app.appendingPathComponent("Variants/SortOrder+by.swift").path])
        return (session, queue)
    }

    func grdbSQL<T>(_ request: QueryInterfaceRequest<T>, in queue: DatabaseQueue) throws -> String {
        try ParityChecking.grdbSQL(request, in: queue)
    }

    func sql(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard case .rows(let result)? = session.run(text, fetch: false).last else {
            XCTFail("\(text): \(session.run(text, fetch: false))", file: file, line: line)
            return nil
        }
        return result.mainSQL
    }

    func testTheMoviesAppsQueryStructsGiveGRDBsSQL() throws {
        let (session, queue) = try moviesSession()
        XCTAssertNotNil(session.run("let actor = try Actor.fetchOne(db, key: 3)").last)
        XCTAssertNotNil(session.run("let movie = try Movie.fetchOne(db, key: 1)").last)
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
                sql("try AllMoviesQuery(\(argument)).fetch(db)", in: session),
                try grdbSQL(Table("movies").all().order(movieOrder), in: queue))
            XCTAssertEqual(
                sql("try AllActorsQuery(\(argument)).fetch(db)", in: session),
                try grdbSQL(Table("actors").all().order(actorOrder), in: queue))
            XCTAssertEqual(
                sql("try ActorMoviesQuery(actor: actor\(separator)\(argument)).fetch(db)", in: session),
                try grdbSQL(actorMovies.order(movieOrder), in: queue))
            XCTAssertEqual(
                sql("try MovieActorsQuery(movie: movie\(separator)\(argument)).fetch(db)", in: session),
                try grdbSQL(movieActors.order(actorOrder), in: queue))
        }
        XCTAssertEqual(
            try grdbSQL(Table("actors").all().order(nil as SQLOrdering?), in: queue),
            #"SELECT * FROM "actors" ORDER BY NULL"#)
    }

    func testTheAppsDatabaseReaderHelpersAndWrongCalls() throws {
        let (session, _) = try moviesSession()
        // A case with its type, and a method of Foundation's enum the app extends.
        XCTAssertEqual(
            sql(#"Actor.all().order(SortOrder.reverse.by(Actor.Columns.name))"#, in: session),
            #"SELECT * FROM "actors" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare DESC"#)
        func error(_ text: String) -> ArborError? {
            guard case .failure(let errors, _)? = session.run(text).last else { return nil }
            return errors.first
        }
        let labels = error("AllActorsQuery(order: .forward)")
        XCTAssertEqual(labels?.message, "`AllActorsQuery(order:)` matches no initializer of `AllActorsQuery`")
        XCTAssertEqual(labels?.suggestion, "it declares `init(ordering: SortOrder? = …)`")
        XCTAssertEqual(labels?.range, SourceRange(15, 20))
        let method = error("SortOrder.forward.by(column: Actor.Columns.name)")
        XCTAssertEqual(method?.message, "`by(column:)` does not match the arguments of `SortOrder.by`")
        XCTAssertEqual(method?.range, SourceRange(18, 20))
        let noCase = error("AllActorsQuery(ordering: .backward)")
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
        let folder = try TemporaryItems.folder("enum")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Transaction.swift")
        try Self.budgetFile.write(to: file, atomically: true, encoding: .utf8)
        let session = try Session(path: nil)
        let report = try session.load(paths: [file.path])
        XCTAssertTrue(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let grdb = try ParityChecking.session()
        func grdbSQL(_ request: QueryInterfaceRequest<Row>) throws -> String {
            try grdb.database.read { try request.makePreparedRequest($0, forSingleResult: false).statement.sql }
        }
        let book = Table("book")
        XCTAssertEqual(
            sql("Book.order(Book.Ordering.byYear.getOrdering(.descending))", in: session),
            try grdbSQL(book.order(Column("year").desc)))
        XCTAssertEqual(
            sql("Book.order(Book.Ordering.byTitle.getOrdering())", in: session),
            try grdbSQL(book.order(Column("title").asc)))
        XCTAssertEqual(
            sql("Book.all().ordered(by: .byId, direction: .descending)", in: session),
            try grdbSQL(book.all().order(Column("id").desc)))
        XCTAssertEqual(
            sql("Book.all().ordered(by: .byYear, direction: .ascending)", in: session),
            try grdbSQL(book.all().order(Column("year").asc)))
        // An array of an enum's cases, mapped to their raw values.
        XCTAssertEqual(
            sql("Book.all().ofKinds([.novel, .poems])", in: session)?.replacingOccurrences(
                of: "IN ('novel', 'poems')", with: "IN (?, ?)"),
            try grdbSQL(book.all().filter(["novel", "poems"].contains(Column("kind")))))
        guard case .description(let yes)? = session.run("Book.Ordering.byTitle.isByTitle").last,
            case .description(let no)? = session.run("Book.Ordering.byYear.isByTitle").last
        else { return XCTFail() }
        XCTAssertEqual([yes, no], ["true", "false"])
        guard
            case .failure(let errors, _)? = session.run("Book.Ordering.byYear.getOrdering(direction: .ascending)").last
        else { return XCTFail() }
        XCTAssertEqual(
            errors.first?.message,
            "`getOrdering(direction:)` does not match the arguments of `Book.Ordering.getOrdering`")
        XCTAssertEqual(errors.first?.range, SourceRange(21, 32))
    }

    /// In a raw-valued enum's own methods: a case returned is the raw value GRDB binds,
    /// and `other`, `flipped()`, `rawValue` name `self`'s members, as in Swift.
    func testAnEnumsMethodsReachTheirOwnMembersAndReturnCases() throws {
        let session = try Session(path: nil)
        for outcome in session.run(
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
            """)
        {
            if case .failure(let errors, _) = outcome { return XCTFail("\(errors)") }
        }
        let grdb = try ParityChecking.session()
        func grdbSQL(_ request: QueryInterfaceRequest<Row>) throws -> String {
            try grdb.database.read { try request.makePreparedRequest($0, forSingleResult: false).statement.sql }
        }
        let poems = try grdbSQL(Table("book").filter(Column("kind") == "poems"))
            .replacingOccurrences(of: "?", with: "'poems'")
        XCTAssertEqual(sql(#"Book.filter(Column("kind") == Book.Genre.novel.other)"#, in: session), poems)
        XCTAssertEqual(sql(#"Book.filter(Column("kind") == Book.Genre.poems.twice())"#, in: session), poems)
        guard case .description(let label)? = session.run("Book.Genre.novel.label").last else { return XCTFail() }
        XCTAssertEqual(label, #""POEMS""#)
    }
}
