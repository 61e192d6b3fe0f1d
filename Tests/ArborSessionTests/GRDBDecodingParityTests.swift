import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

// Record types as an app declares them for the demo library (the associations the
// convention and the prelude give arbor, spelled out).
private struct Author: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, key: "books", using: ForeignKey(["authorId"]))
    static let country = belongsTo(Country.self, key: "country")
    static let paintings = hasMany(Painting.self, key: "paintings")
}
private struct Book: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Author.self, key: "author", using: ForeignKey(["authorId"]))
    static let library = belongsTo(Library.self, key: "library")
    static let country = hasOne(Country.self, through: author, using: Author.country, key: "country")
}
private struct Country: TableRecord {
    static let databaseTableName = "country"
    static let demographics = hasOne(Demographics.self, key: "demographics")
}
private struct Demographics: TableRecord { static let databaseTableName = "demographics" }
private struct Citizen: TableRecord {
    static let databaseTableName = "citizen"
    static let passports = hasMany(Passport.self, key: "passports")
    static let countries = hasMany(Country.self, through: passports, using: Passport.country, key: "countries")
}
private struct Passport: TableRecord {
    static let databaseTableName = "passport"
    static let country = belongsTo(Country.self, key: "country")
}
private struct Painting: TableRecord { static let databaseTableName = "painting" }
private struct Library: TableRecord {
    static let databaseTableName = "library"
    static let address = hasOne(Address.self, key: "address")
}
private struct Address: TableRecord { static let databaseTableName = "address" }

/// The columns of the row (or scope) GRDB decodes a record from, as text:
/// `FetchableRecord` decoding is preferred over `Decodable` by GRDB's decoder.
private struct Columns: Decodable, FetchableRecord, Equatable, CustomStringConvertible {
    var description: String

    init(row: Row) {
        // Prefetched rows carry GRDB's grouping columns; arbor hides them.
        description = zip(row.columnNames, row.databaseValues)
            .filter { !$0.0.hasPrefix("grdb_") }
            .map { "\($0)=\($1)" }.joined(separator: ",")
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "row only"))
    }
}

/// A prefetched row: GRDB decodes the elements of a to-many key with `Decodable`,
/// and the base record of each from the row.
private struct Element: Decodable {
    var row: Columns
}

/// The rows GRDB decodes for includes nested under joins (GRDB's Associations guide,
/// "Decoding a Joined Request"): an include under a join is decoded at the level
/// that joins, from the scope of the join (`row.scopes["author"].scopes["country"]`).
/// Arbor's result rows hold the same values under the same keys.
final class GRDBDecodingParityTests: XCTestCase {
    /// Arbor's rows as text: the row's columns, then each child under its key, nested.
    private func lines(_ row: ResultRow, _ prefix: String = "") -> [String] {
        var lines = [prefix + Self.text(row)]
        for child in row.children {
            switch child.value {
            case .toOne(let included?): lines += self.lines(included, "\(prefix)\(child.key): ")
            case .toOne(nil): lines.append("\(prefix)\(child.key): nil")
            case .toMany(let rows):
                lines.append("\(prefix)\(child.key): \(rows.count)")
                for element in rows { lines += self.lines(element, "\(prefix)\(child.key)[]: ") }
            }
        }
        return lines
    }

    private static func text(_ row: ResultRow) -> String {
        zip(row.names, row.values).map { "\($0)=\($1)" }.joined(separator: ",")
    }

    private func arborLines(_ text: String, file: StaticString, line: UInt) throws -> [String] {
        let outcomes = try ParityChecking.session().run(text)
        guard case .rows(let result)? = outcomes.last else {
            XCTFail("\(text): \(outcomes)", file: file, line: line)
            return []
        }
        return result.rows.flatMap { lines($0) }
    }

    private func assertSame<R: FetchableRecord>(
        _ text: String, _ request: QueryInterfaceRequest<Book>, as type: R.Type, _ grdbLines: (R) -> [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try assertSame(text, request.asRequest(of: R.self), grdbLines, file: file, line: line)
    }

    private func assertSame<R: FetchableRecord>(
        _ text: String, _ request: QueryInterfaceRequest<R>, _ grdbLines: (R) -> [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let records = try ParityChecking.session().database.read { db in try R.fetchAll(db, request) }
        XCTAssertFalse(records.isEmpty, text, file: file, line: line)
        let expected = records.flatMap(grdbLines)
        let arbor = try arborLines(text, file: file, line: line)
        XCTAssertEqual(arbor, expected, text, file: file, line: line)
    }

    private static func optional(_ key: String, _ columns: Columns?) -> String {
        columns.map { "\(key): \($0)" } ?? "\(key): nil"
    }

    func testRequiredIncludeUnderRequiredJoin() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var country: Columns
        }
        try assertSame(
            "Book.joining(required: Book.author.including(required: Author.country)).order(Column(\"id\")).limit(8)",
            Book.joining(required: Book.author.including(required: Author.country)).order(Column("id")).limit(8),
            as: BookInfo.self
        ) { ["\($0.book)", "country: \($0.country)"] }
    }

    func testOptionalIncludeUnderOptionalJoin() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var country: Columns?
        }
        try assertSame(
            "Book.joining(optional: Book.author.including(optional: Author.country)).order(Column(\"id\"))",
            Book.joining(optional: Book.author.including(optional: Author.country)).order(Column("id")),
            as: BookInfo.self
        ) { ["\($0.book)", Self.optional("country", $0.country)] }
    }

    func testIncludeUnderSeveralJoins() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var demographics: Columns?
        }
        try assertSame(
            """
            Book.joining(required: Book.author.joining(optional: Author.country\
            .including(optional: Country.demographics))).order(Column("id"))
            """,
            Book.joining(
                required: Book.author.joining(optional: Author.country.including(optional: Country.demographics))
            )
            .order(Column("id")),
            as: BookInfo.self
        ) { ["\($0.book)", Self.optional("demographics", $0.demographics)] }
    }

    func testJoinUnderAnInclude() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Columns
            var demographics: Columns?
        }
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var author: AuthorInfo
        }
        try assertSame(
            """
            Book.including(required: Book.author.joining(optional: Author.country\
            .including(optional: Country.demographics))).order(Column("id"))
            """,
            Book.including(
                required: Book.author.joining(optional: Author.country.including(optional: Country.demographics))
            )
            .order(Column("id")),
            as: BookInfo.self
        ) {
            [
                "\($0.book)", "author: \($0.author.author)",
                Self.optional("author: demographics", $0.author.demographics),
            ]
        }
    }

    func testIncludeUnderAJoinedThroughAssociation() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var demographics: Columns?
        }
        try assertSame(
            "Book.joining(required: Book.country.including(optional: Country.demographics)).order(Column(\"id\"))",
            Book.joining(required: Book.country.including(optional: Country.demographics)).order(Column("id")),
            as: BookInfo.self
        ) { ["\($0.book)", Self.optional("demographics", $0.demographics)] }
    }

    func testIncludeUnderAJoinedToManyAssociation() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Columns
            var library: Columns?
        }
        try assertSame(
            """
            Author.joining(required: Author.books.including(optional: Book.library)).order(Column("id"))
            """,
            Author.joining(required: Author.books.including(optional: Book.library)).order(Column("id"))
                .asRequest(of: AuthorInfo.self)
        ) { ["\($0.author)", Self.optional("library", $0.library)] }
    }

    func testForKeyNamesTheJoinAndTheInclude() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var homeland: Columns
        }
        try assertSame(
            """
            Book.joining(required: Book.author.forKey("writer")\
            .including(required: Author.country.forKey("homeland"))).order(Column("id"))
            """,
            Book.joining(required: Book.author.forKey("writer").including(required: Author.country.forKey("homeland")))
                .order(Column("id")),
            as: BookInfo.self
        ) { ["\($0.book)", "homeland: \($0.homeland)"] }
    }

    func testPrefetchUnderAJoin() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var paintings: [Element]
        }
        try assertSame(
            "Book.joining(required: Book.author.including(all: Author.paintings)).order(Column(\"id\"))",
            Book.joining(required: Book.author.including(all: Author.paintings)).order(Column("id")),
            as: BookInfo.self
        ) { ["\($0.book)", "paintings: \($0.paintings.count)"] + $0.paintings.map { "paintings[]: \($0.row)" } }
    }

    func testJoinUnderAPrefetch() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var address: Columns?
        }
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Columns
            var books: [BookInfo]
        }
        try assertSame(
            """
            Author.including(all: Author.books.order(Column("id"))\
            .joining(optional: Book.library.including(optional: Library.address))).order(Column("id"))
            """,
            Author.including(
                all: Author.books.order(Column("id")).joining(
                    optional: Book.library.including(optional: Library.address))
            ).order(Column("id")).asRequest(of: AuthorInfo.self)
        ) { author in
            ["\(author.author)", "books: \(author.books.count)"]
                + author.books.flatMap { ["books[]: \($0.book)", Self.optional("books[]: address", $0.address)] }
        }
    }

    func testIncludeUnderAJoinedHasManyThrough() throws {
        struct CitizenInfo: Decodable, FetchableRecord {
            var citizen: Columns
            var demographics: Columns?
        }
        try assertSame(
            """
            Citizen.joining(required: Citizen.countries.including(optional: Country.demographics))\
            .order(Column("id"))
            """,
            Citizen.joining(required: Citizen.countries.including(optional: Country.demographics)).order(Column("id"))
                .asRequest(of: CitizenInfo.self)
        ) { ["\($0.citizen)", Self.optional("demographics", $0.demographics)] }
    }

    /// A join and an include of the same key are one child for GRDB: the include
    /// shows the author, and what the join includes is still read under its scope.
    func testAJoinMergedWithAnIncludeOfTheSameKey() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Columns
            var author: Columns
            var country: Columns
        }
        try assertSame(
            """
            Book.including(required: Book.author)\
            .joining(required: Book.author.including(required: Author.country)).order(Column("id"))
            """,
            Book.including(required: Book.author).joining(required: Book.author.including(required: Author.country))
                .order(Column("id")),
            as: BookInfo.self
        ) { ["\($0.book)", "author: \($0.author)", "country: \($0.country)"] }
    }

    func testTheSwiftFormatDeclaresARequiredIncludeUnderAJoinNonOptional() throws {
        let session = try ParityChecking.session()
        guard
            case .rows(let result)? = session.run(
                "Book.joining(required: Book.author.including(required: Author.country))", fetch: false
            ).last
        else { return XCTFail("no request") }
        let code = SwiftCode.generate(result.plan, environment: session.environment)
        XCTAssertTrue(
            code.contains(
                """
                struct BookInfo: Decodable, FetchableRecord {
                    var book: Book
                    var country: Country
                }
                """), code)
    }
}
