import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

// The oracle: the same request types compiled against GRDB (without GRDBQuery, whose
// protocols add nothing to the SQL), on the demo's tables.
private struct Book: TableRecord, FetchableRecord {
    static let databaseTableName = "book"
    init(row: Row) {}
}
private struct Author: TableRecord, FetchableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
    init(row: Row) {}
}

private struct BooksRequest {
    var minYear: Int
    var ordering: Ordering = .byTitle
    enum Ordering { case byTitle, byYear }

    func request(limit: Int = 3) -> QueryInterfaceRequest<Book> {
        switch ordering {
        case .byTitle: return Book.filter(Column("year") >= minYear).order(Column("title")).limit(limit)
        case .byYear: return Book.filter(Column("year") >= minYear).order(Column("year").desc).limit(limit)
        }
    }

    func fetch(_ db: Database) throws -> [Book] {
        try request().fetchAll(db)
    }
}

/// Shaped like nakajima/pimux2000's `HostsRequest` (SidebarView.swift): no stored property.
private struct AuthorsRequest {
    func fetch(_ db: Database) throws -> [Author] {
        try Author.order(Column("birthYear").desc).fetchAll(db)
    }
}

/// Shaped like gemwalletcom/gem-ios's `ContactsRequest`: an optional property set by an
/// initializer, an association refined in `if let`, the records included with it.
private struct AuthorsWithBooksRequest {
    var language: String?

    func fetch(_ db: Database) throws -> [Row] {
        var books = Author.books
        if let language {
            books = books.filter(Column("language") == language)
        }
        return try Author.including(all: books).order(Column("name").asc).asRequest(of: Row.self).fetchAll(db)
    }
}

/// The fetch of an older GRDBQuery `Queryable`'s observation:
/// `ValueObservation.tracking { db in … }` in `publisher(in dbQueue:)`.
private struct RecentBooksPublisherRequest {
    var minYear: Int = 2000
    func fetch(_ db: Database) throws -> [Book] {
        try Book.filter(Column("year") >= minYear).order(Column("year")).fetchAll(db)
    }
}

/// GRDBQuery's requests (`Queryable`, `ValueObservationQueryable`, `FetchQueryable`) are
/// plain structs: arbor builds them with their memberwise initializer and runs their
/// instance methods, and the fetch they run is GRDB's, statement for statement.
/// (How the session shows their values is `LanguageValueDescriptionTests`'; the load
/// summary is `QueryableTests`'.)
final class QueryableResolutionTests: XCTestCase {
    /// The app's request, split as apps split it: the methods in an extension, in a file
    /// loaded before the struct's own.
    static let requestFile = """
        import GRDB
        import GRDBQuery

        struct BooksRequest: ValueObservationQueryable {
            static var defaultValue: [Book] { [] }
            var minYear: Int
            var ordering: Ordering = .byTitle

            enum Ordering { case byTitle, byYear }
        }
        """

    static let extensionFile = """
        import GRDB

        extension BooksRequest {
            /// The screen shows a few books.
            func request(limit: Int = 3) -> QueryInterfaceRequest<Book> {
                switch ordering {
                case .byTitle: return Book.filter(Column("year") >= minYear).order(Column("title")).limit(limit)
                case .byYear: return Book.filter(Column("year") >= minYear).order(Column("year").desc).limit(limit)
                }
            }

            var isRecent: Bool { minYear >= 2000 }

            func fetch(_ db: Database) throws -> [Book] {
                try request().fetchAll(db)
            }
        }
        """

    static let realShapesFile = """
        import GRDB
        import GRDBQuery

        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }

        public struct AuthorsWithBooksRequest: ValueObservationQueryable {
            public static var defaultValue: [AuthorInfo] { fatalError() }
            public var language: String?

            public init(language: String? = nil) {
                self.language = language
            }

            public func fetch(_ db: Database) throws -> [AuthorInfo] {
                var books = Author.books
                if let language {
                    books = books.filter(Column("language") == language)
                }
                return try Author
                    .including(all: books)
                    .order(Column("name").asc)
                    .asRequest(of: AuthorInfo.self)
                    .fetchAll(db)
            }
        }

        struct AuthorsRequest: ValueObservationQueryable {
        \tstatic let queryableOptions = QueryableOptions.async
        \tstatic var defaultValue: [Author] { [] }

        \tfunc fetch(_ db: Database) throws -> [Author] {
        \t\ttry Author.order(Column("birthYear").desc).fetchAll(db)
        \t}
        }
        """

    /// Older GRDBQuery `Queryable` requests: a publisher of a `ValueObservation`.
    static let publisherFile = """
        import Combine
        import GRDB
        import GRDBQuery

        struct AuthorsPublisherRequest: Queryable {
            static var defaultValue: [Author] { [] }

            func publisher(in dbQueue: DatabaseQueue) -> AnyPublisher<[Author], Error> {
                ValueObservation
                    .tracking(Author.fetchAll)
                    .publisher(in: dbQueue, scheduling: .immediate)
                    .eraseToAnyPublisher()
            }
        }

        struct RecentBooksPublisherRequest: Queryable {
            static var defaultValue: [Book] { [] }
            var minYear: Int = 2000

            func publisher(in dbQueue: DatabaseQueue) -> AnyPublisher<[Book], Error> {
                ValueObservation
                    .tracking { db in
                        try Book.filter(Column("year") >= minYear).order(Column("year")).fetchAll(db)
                    }
                    .removeDuplicates()
                    .publisher(in: dbQueue, scheduling: .immediate)
                    .eraseToAnyPublisher()
            }
        }
        """

    /// The demo with `files` (name → text) loaded as the app's files, in this order.
    func harness(loading files: [(name: String, text: String)]) throws -> LanguageHarness {
        let harness = try LanguageHarness.demo()
        for file in files {
            let diagnostics = harness.load(file.text, name: file.name)
            XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
        }
        return harness
    }

    /// The statements GRDB runs for `fetch`, on the demo database, and the rows it gives.
    func grdb(_ fetch: (Database) throws -> Int, in harness: LanguageHarness) throws -> (sql: [String], count: Int) {
        let (count, statements) = try harness.traced(fetch)
        return (statements, count)
    }

    func assertSameFetch(
        _ text: String, in harness: LanguageHarness, _ fetch: (Database) throws -> Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expected = try grdb(fetch, in: harness)
        XCTAssertEqual(try harness.sql(text), expected.sql.first, text, file: file, line: line)
        XCTAssertEqual(try harness.rowCount(text), expected.count, text, file: file, line: line)
    }

    func testAMethodDeclaredInAnExtensionLoadedFirstRunsAsGRDBRunsIt() throws {
        let files = [("BooksRequest+Fetch.swift", Self.extensionFile), ("BooksRequest.swift", Self.requestFile)]
        for order in [files, files.reversed()] {
            let harness = try harness(loading: order)
            // `ordering` is left out: its declared default `.byTitle` holds.
            try assertSameFetch("try BooksRequest(minYear: 2000).fetch(db)", in: harness) {
                try BooksRequest(minYear: 2000).fetch($0).count
            }
            try assertSameFetch("try BooksRequest(minYear: 1990, ordering: .byYear).fetch(db)", in: harness) {
                try BooksRequest(minYear: 1990, ordering: .byYear).fetch($0).count
            }
        }
    }

    func testAParameterWithADefaultAndAComputedProperty() throws {
        let harness = try harness(loading: [("A.swift", Self.extensionFile), ("B.swift", Self.requestFile)])
        try assertSameFetch(
            "try BooksRequest(minYear: 1990, ordering: .byYear).request(limit: 7).fetchAll(db)", in: harness
        ) { try BooksRequest(minYear: 1990, ordering: .byYear).request(limit: 7).fetchAll($0).count }
        try assertSameFetch("try BooksRequest(minYear: 1990).request().fetchAll(db)", in: harness) {
            try BooksRequest(minYear: 1990).request().fetchAll($0).count
        }
        guard case .expression(.value(let recent))? = try harness.run("BooksRequest(minYear: 2000).isRecent"),
            case .expression(.value(let old))? = try harness.run("BooksRequest(minYear: 1600).isRecent")
        else { return XCTFail() }
        XCTAssertEqual([recent, old], [.bool(true), .bool(false)])
        guard case .composite(let type, let fields)? = try harness.run("BooksRequest(minYear: 2000)") else {
            return XCTFail()
        }
        XCTAssertEqual(type, "BooksRequest")
        XCTAssertEqual(fields.map(\.name), ["minYear", "ordering"])
        guard case .expression(.value(let minYear))? = fields.first?.value else { return XCTFail("\(fields)") }
        XCTAssertEqual(minYear, .integer(2000))
    }

    /// Inside `dbQueue.read { db in … }`, as an app's code calls its requests.
    func testCalledInsideADatabaseAccess() throws {
        let harness = try harness(loading: [("A.swift", Self.extensionFile), ("B.swift", Self.requestFile)])
        try assertSameFetch(
            "try dbQueue.read { db in try BooksRequest(minYear: 2010, ordering: .byYear).fetch(db) }", in: harness
        ) {
            try BooksRequest(minYear: 2010, ordering: .byYear).fetch($0).count
        }
    }

    /// The shapes of two real GRDBQuery requests (nakajima/pimux2000's `HostsRequest`,
    /// gemwalletcom/gem-ios's `ContactsRequest`), written for the demo's tables. GRDBQuery's
    /// own statics (`defaultValue`, even `fatalError()`, `queryableOptions`) load without a note.
    func testRealRequestShapes() throws {
        let harness = try harness(loading: [("Requests.swift", Self.realShapesFile)])
        try assertSameFetch("try AuthorsRequest().fetch(db)", in: harness) { try AuthorsRequest().fetch($0).count }
        try assertSameFetch("try AuthorsWithBooksRequest().fetch(db)", in: harness) {
            try AuthorsWithBooksRequest().fetch($0).count
        }
        try assertSameFetch(#"try AuthorsWithBooksRequest(language: "fr").fetch(db)"#, in: harness) {
            try AuthorsWithBooksRequest(language: "fr").fetch($0).count
        }
        // The books of the `if let` branch are GRDB's prefetch, filtered.
        let fetched = try harness.fetched(#"try AuthorsWithBooksRequest(language: "fr").fetch(db)"#)
        let expected = try grdb({ try AuthorsWithBooksRequest(language: "fr").fetch($0).count }, in: harness)
        XCTAssertEqual(fetched.statements, expected.sql)
    }

    func assertRendered(
        _ text: String, _ expected: String, in harness: LanguageHarness, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard let error = harness.error(text) else {
            return XCTFail("\(text) should fail", file: file, line: line)
        }
        XCTAssertEqual(DiagnosticRenderer.render(error, in: text), expected, file: file, line: line)
    }
    func testWrongCallsAreLocated() throws {
        let harness = try harness(loading: [("A.swift", Self.extensionFile), ("B.swift", Self.requestFile)])
        assertRendered(
            "try BooksRequest().fetch(db)",
            """
            error: `BooksRequest(…)` is missing `minYear:`
              try BooksRequest().fetch(db)
                  ^~~~~~~~~~~~~~
            """, in: harness)
        assertRendered(
            "try BooksRequest(minYear: 2000).fetch()",
            """
            error: `fetch()` does not match the arguments of `BooksRequest.fetch`
              try BooksRequest(minYear: 2000).fetch()
                                              ^~~~~
              it is declared `fetch(_ db: Database)`
            """, in: harness)
        assertRendered(
            "try BooksRequest(minYear: 2000).fetchAll(db)",
            """
            error: a `BooksRequest` value has no method `fetchAll`
              try BooksRequest(minYear: 2000).fetchAll(db)
                                              ^~~~~~~~
              its methods: `fetch(_:)`, `request(limit:)`
            """, in: harness)
        assertRendered(
            "try BooksRequest(minYear: 2000, ordering: .byName).fetch(db)",
            """
            error: `Ordering` has no case `byName`
              try BooksRequest(minYear: 2000, ordering: .byName).fetch(db)
                                                        ^~~~~~~
              its cases: .byTitle, .byYear
            """, in: harness)
        assertRendered(
            "try BooksRequest(minYear: 2000).fetch(42)",
            """
            error: `db: Database` is the database: pass `db` (or the name your closure gives it)
              try BooksRequest(minYear: 2000).fetch(42)
                                                    ^~
            """, in: harness)
    }

    /// A switch on an enum without raw values checks its patterns against the enum's cases.
    func testASwitchOnAnEnumWithoutRawValues() throws {
        let harness = try harness(loading: [("A.swift", Self.requestFile)])
        let pasted = """
            extension BooksRequest {
                func title() -> String {
                    switch self.ordering {
                    case .byTitle: return "by title"
                    case .byYear: return "by year"
                    }
                }
                func misspelled() -> String {
                    switch ordering {
                    case .byTitel: return "?"
                    default: return "!"
                    }
                }
            }
            """
        XCTAssertNoThrow(try harness.run(pasted))
        guard
            case .expression(.value(let byYear))? = try harness.run(
                "BooksRequest(minYear: 1, ordering: .byYear).title()"),
            case .expression(.value(let byTitle))? = try harness.run("BooksRequest(minYear: 1).title()"),
            let ordering = try harness.run("BooksRequest.Ordering.byYear")
        else { return XCTFail() }
        XCTAssertEqual([byYear, byTitle], [.text("by year"), .text("by title")])
        XCTAssertEqual(ordering.kindName, "`.byYear`")
        let error = harness.error("BooksRequest(minYear: 1).misspelled()")
        XCTAssertEqual(error?.message, "`Ordering` has no case `byTitel` (in `misspelled()` at <input 1>:10:14)")
        // The call is underlined where it was typed.
        XCTAssertEqual(error?.range, SourceRange(0, 37))
    }

    /// A method that calls itself stops at the evaluator's depth limit, as a located error.
    func testEndlessRecursionIsALocatedError() throws {
        let harness = try harness(loading: [("A.swift", Self.requestFile)])
        try harness.run(
            """
            extension BooksRequest {
                func again(_ db: Database) throws -> [Book] { try again(db) }
                var forever: Int { forever }
            }
            """)
        for (text, method) in [
            ("try BooksRequest(minYear: 1).again(db)", "`again(_:)` at <input 1>:2:55"),
            ("BooksRequest(minYear: 1).forever", "`forever` at <input 1>:3:24"),
        ] {
            guard let error = harness.error(text) else { return XCTFail(text) }
            XCTAssertEqual(error.message, "expression nested too deep (limit 200) (in \(method))", text)
            XCTAssertNotNil(error.range, text)
        }
    }

    /// Resolving counts the methods that reach the database (the load summary says them).
    func testResolvingCountsTheRequestMethods() throws {
        let harness = try harness(loading: [("A.swift", Self.extensionFile), ("B.swift", Self.requestFile)])
        let methods = harness.resolution.entries.filter { $0.kind == .requestMethod && $0.unit.hasSuffix(".swift") }
        XCTAssertEqual(methods.count, 2, "\(methods.map(\.name))")
        XCTAssertEqual(
            harness.resolution.entries.filter {
                ["A.swift", "B.swift"].contains($0.unit) && $0.kind != .requestMethod && $0.kind != .value
            }
            .map(\.name), [])
    }

    /// `ValueObservation.tracking` runs its fetch once: the statement shows the current value.
    func testAnObservationShowsTheValueItsFetchGivesNow() throws {
        let harness = try LanguageHarness.demo()
        try assertSameFetch(
            #"ValueObservation.tracking { db in try Book.filter(Column("year") >= 2000).fetchAll(db) }"#, in: harness
        ) { try Book.filter(Column("year") >= 2000).fetchAll($0).count }
        try assertSameFetch("ValueObservation.tracking(Author.fetchAll).publisher(in: dbQueue)", in: harness) {
            try Author.fetchAll($0).count
        }
        try assertSameFetch("ValueObservation.tracking { try Author.fetchAll($0) }.removeDuplicates()", in: harness) {
            try Author.fetchAll($0).count
        }
        let counted = try harness.fetchCount("ValueObservation.tracking(Book.fetchCount)")
        let expected = try grdb({ try Book.fetchCount($0) }, in: harness)
        XCTAssertEqual(counted.count, expected.count)
        XCTAssertEqual(counted.statements.first, expected.sql.first)
        assertRendered(
            "ValueObservation.tracking(Book.fetchCount).start(in: dbQueue)",
            """
            error: a value observation has no method `start(in:)` here
              ValueObservation.tracking(Book.fetchCount).start(in: dbQueue)
                                                         ^~~~~
              arbor runs the observation's fetch once: `publisher(in:)`, `removeDuplicates()` and `eraseToAnyPublisher()` keep its value
            """, in: harness)
    }

    /// A `Queryable`'s `publisher(in:)` gives the rows its observation fetches.
    func testAQueryablesPublisherShowsItsRows() throws {
        let harness = try harness(loading: [("Publishers.swift", Self.publisherFile)])
        try assertSameFetch("try AuthorsPublisherRequest().publisher(in: dbQueue)", in: harness) {
            try Author.fetchAll($0).count
        }
        try assertSameFetch("try RecentBooksPublisherRequest().publisher(in: dbQueue)", in: harness) {
            try RecentBooksPublisherRequest().fetch($0).count
        }
        try harness.run("let recent = RecentBooksPublisherRequest(minYear: 2010).publisher(in: dbQueue)")
        try assertSameFetch("recent", in: harness) { try RecentBooksPublisherRequest(minYear: 2010).fetch($0).count }
    }
    /// Shaped like a messenger app's (Arden144/dashdot): the request type nested in the
    /// type it decodes into, and `publisher(in:)` taking the app's own wrapper of a
    /// writer, named `Database` like GRDB's.
    static let nestedRequestFile = """
        import GRDB
        import GRDBQuery

        struct Database<Writer: DatabaseWriter> {
            let writer: Writer
        }

        struct AuthorWithBooks: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }

        extension AuthorWithBooks {
            struct Request: Queryable {
                static var defaultValue = [AuthorWithBooks]()
                var minBirthYear: Int

                func publisher(in database: Database<DatabaseQueue>) -> some Publisher<[AuthorWithBooks], Error> {
                    ValueObservation
                        .tracking { db in
                            try Author.filter(Column("birthYear") >= minBirthYear)
                                .including(all: Author.books)
                                .asRequest(of: AuthorWithBooks.self)
                                .fetchAll(db)
                        }
                        .publisher(in: database.writer, scheduling: .immediate)
                }
            }
        }
        """

    func testARequestTypeNestedInItsRecordTypeWithTheAppsOwnDatabaseWrapper() throws {
        let harness = try harness(loading: [("AuthorWithBooks.swift", Self.nestedRequestFile)])
        let text = "try AuthorWithBooks.Request(minBirthYear: 1900).publisher(in: dbQueue)"
        try assertSameFetch(text, in: harness) {
            try Author.filter(Column("birthYear") >= 1900).fetchAll($0).count
        }
        // Decoded into the app's type, its books prefetched.
        XCTAssertEqual(try harness.plan(text).decodedAs, "AuthorWithBooks")
        XCTAssertEqual(try harness.fetched(text).statements.count, 2)
    }
}
