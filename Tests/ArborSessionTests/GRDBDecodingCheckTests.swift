import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

// The demo's tables and associations as an app declares them (arbor infers the same).
private struct AuthorTable: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(BookTable.self, key: "books", using: ForeignKey(["authorId"]))
    static let novels = books.filter(Column("kind") == "novel").forKey("novels")
    static let country = belongsTo(CountryTable.self, key: "country")
}
private struct BookTable: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(AuthorTable.self, key: "author", using: ForeignKey(["authorId"]))
    static let translator = belongsTo(AuthorTable.self, key: "translator", using: ForeignKey(["translatorId"]))
}
private struct CountryTable: TableRecord { static let databaseTableName = "country" }
private struct LibraryTable: TableRecord { static let databaseTableName = "library" }
extension BookTable {
    static let library = belongsTo(LibraryTable.self, key: "library")
}

// The record types arbor uses for `Author`, `Book` and `Country` when the app declares
// none: a property per column, optional when the column may be NULL (`--format swift`).
private struct Author: Decodable, FetchableRecord {
    var id: Int64
    var name: String
    var birthYear: Int64?
    var deathDate: String?
    var countryCode: String?
    var country: String?
    var postalAddressId: Int64?
}
private struct Book: Decodable, FetchableRecord {
    var id: Int64
    var authorId: Int64?
    var translatorId: Int64?
    var libraryId: Int64?
    var title: String
    var kind: String?
    var language: String?
    var year: Int64?
    var publishDate: String?
    var price: Double?
    var score: Double?
    var awards: Int64
}
private struct Library: Decodable, FetchableRecord {
    var id: Int64
    var name: String
    var openedYear: Int64?
}
private struct Country: Decodable, FetchableRecord {
    var code: String
    var name: String
    var nativeName: String?
}

/// What fetching gives: the number of records, or the error as the app prints it.
private enum Verdict: Equatable {
    case records(Int)
    case error(String)
}

/// Each Decodable shape, right and wrong, fetched twice: compiled against GRDB (the
/// Swift types of the test) and pasted into arbor (the same declarations as text).
/// Arbor's verdict must be GRDB's, and arbor's fix, applied, must make GRDB decode.
final class GRDBDecodingCheckTests: XCTestCase {
    private func grdb(_ fetch: (Database) throws -> Int) throws -> Verdict {
        try ParityChecking.session().database.read { db in
            do { return .records(try fetch(db)) } catch { return .error(String(describing: error)) }
        }
    }

    /// Arbor's verdict for `statement` after `declarations`, and its error when it fails.
    private func arbor(_ declarations: String, _ statement: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> (Verdict, ArborError?)
    {
        let session = try Session(path: nil)
        let declared = session.run(declarations)
        guard case .silent? = declared.last else {
            XCTFail("declarations: \(declared)", file: file, line: line)
            return (.records(-1), nil)
        }
        switch session.run(statement).last {
        case .rows(let result)?: return (.records(result.rows.count), nil)
        case .count(let count, _)?: return (.records(count), nil)
        case .failure(let errors, _)?:
            let message = errors.first?.message ?? ""
            guard let start = message.range(of: "GRDB throws ") else { return (.error(message), errors.first) }
            return (.error(String(message[start.upperBound...])), errors.first)
        case let other:
            XCTFail("\(statement): \(String(describing: other))", file: file, line: line)
            return (.records(-1), nil)
        }
    }

    private func assertSame(
        _ declarations: String, _ statement: String, _ expected: Verdict, fix: String? = nil, row: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (verdict, error) = try arbor(declarations, statement, file: file, line: line)
        XCTAssertEqual(verdict, expected, statement, file: file, line: line)
        if case .error = expected {
            if let fix {
                XCTAssertTrue(
                    error?.suggestion?.contains(fix) == true, "\(error?.suggestion ?? "no fix")", file: file, line: line
                )
            }
            if let row {
                XCTAssertTrue(
                    error?.message.contains("on row \(row),") == true, "\(error?.message ?? "")", file: file, line: line
                )
            }
        } else {
            XCTAssertNil(error, file: file, line: line)
        }
    }

    // MARK: Shapes that decode

    func testAuthorWithItsBooksDecodes() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        let expected = try grdb { db in
            try AuthorInfo.fetchAll(db, AuthorTable.including(all: AuthorTable.books)).count
        }
        XCTAssertEqual(expected, .records(76))
        try assertSame(
            """
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var books: [Book]
            }
            """,
            "try AuthorInfo.fetchAll(db, Author.including(all: Author.books))", expected)
    }

    func testCodingKeysDatesNumbersBoolsAndDataDecode() throws {
        struct Edition: Decodable, FetchableRecord {
            var id: Int64
            var name: String
            var published: Date?
            var price: Double?
            var hasAwards: Bool
            var languageBytes: Data?
            var year: Int?
            enum CodingKeys: String, CodingKey {
                case id, price, year
                case name = "title"
                case published = "publishDate"
                case hasAwards = "awards"
                case languageBytes = "language"
            }
        }
        let expected = try grdb { db in try Edition.fetchAll(db, BookTable.all()).count }
        XCTAssertEqual(expected, .records(390))
        try assertSame(
            """
            struct Edition: Decodable, FetchableRecord {
                var id: Int64
                var name: String
                var published: Date?
                var price: Double?
                var hasAwards: Bool
                var languageBytes: Data?
                var year: Int?
                enum CodingKeys: String, CodingKey {
                    case id, price, year
                    case name = "title"
                    case published = "publishDate"
                    case hasAwards = "awards"
                    case languageBytes = "language"
                }
            }
            """, "try Edition.fetchAll(db, Book.all())", expected)
    }

    func testANestedPlainDecodableDecodes() throws {
        struct Name: Decodable {
            var name: String
        }
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Name
        }
        let expected = try grdb { db in
            try BookInfo.fetchAll(db, BookTable.including(required: BookTable.author)).count
        }
        XCTAssertEqual(expected, .records(385))
        try assertSame(
            """
            struct Name: Decodable { var name: String }
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: Name
            }
            """, "try BookInfo.fetchAll(db, Book.including(required: Book.author))", expected)
    }

    // MARK: Mistakes, each with its fix

    /// groue/GRDB.swift#836, #1408: the key is the association's, not the property's.
    func testAPropertyNamedUnlikeThePrefetchKey() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        struct FixedAuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var novels: [Book]
        }
        let expected = try grdb { db in
            try AuthorInfo.fetchAll(db, AuthorTable.including(all: AuthorTable.novels)).count
        }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        let declarations = """
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var books: [Book]
            }
            """
        try assertSame(
            declarations, "try AuthorInfo.fetchAll(db, Author.including(all: Author.novels))", expected,
            fix:
                "name the property `novels`, or give the association the property's key: `Author.novels.forKey(\"books\")`",
            row: 1)
        // Both fixes decode.
        let renamed = try grdb { db in
            try FixedAuthorInfo.fetchAll(db, AuthorTable.including(all: AuthorTable.novels)).count
        }
        let rekeyed = try grdb { db in
            try AuthorInfo.fetchAll(db, AuthorTable.including(all: AuthorTable.novels.forKey("books"))).count
        }
        XCTAssertEqual(renamed, .records(76))
        XCTAssertEqual(rekeyed, .records(76))
        try assertSame(
            declarations.replacingOccurrences(of: "var books", with: "var novels"),
            "try AuthorInfo.fetchAll(db, Author.including(all: Author.novels))", renamed)
        try assertSame(
            declarations, "try AuthorInfo.fetchAll(db, Author.including(all: Author.novels.forKey(\"books\")))",
            rekeyed)
    }

    /// A to-many association decoded into one record: GRDB stops the program
    /// (`fatalError`), so the app's verdict can not run here; arbor names it and the fix.
    func testAToManyAssociationDeclaredAsOneRecord() throws {
        let (verdict, error) = try arbor(
            """
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var books: Book
            }
            """, "try AuthorInfo.fetchAll(db, Author.including(all: Author.books))")
        XCTAssertEqual(
            verdict,
            .error(
                "`AuthorInfo.fetchAll` stops the app on row 1, decoding `AuthorInfo.books` (<input 1>:3:9): GRDB traps with Fatal error: keyed decoding from prefetched rows is not supported"
            ))
        XCTAssertEqual(
            error?.suggestion,
            "`books` holds the prefetched rows of a to-many association (`including(all:)`): declare `var books: [Book]`"
        )
        // The fix is the shape that decodes (testAuthorWithItsBooksDecodes).
    }

    func testAToOneAssociationDeclaredAsAnArray() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: [Author]
        }
        struct FixedBookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        let request = BookTable.including(required: BookTable.author)
        let expected = try grdb { db in try BookInfo.fetchAll(db, request).count }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        try assertSame(
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: [Author]
            }
            """, "try BookInfo.fetchAll(db, Book.including(required: Book.author))", expected,
            fix:
                "`author` is a to-one include (`including(required:)` or `including(optional:)`): declare `var author: Author`",
            row: 1)
        let fixed = try grdb { db in try FixedBookInfo.fetchAll(db, request).count }
        XCTAssertEqual(fixed, .records(385))
        try assertSame(
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: Author
            }
            """, "try BookInfo.fetchAll(db, Book.including(required: Book.author))", fixed)
    }

    func testAnOptionalIncludeDeclaredNonOptional() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var translator: Author
        }
        struct FixedBookInfo: Decodable, FetchableRecord {
            var book: Book
            var translator: Author?
        }
        let request = BookTable.including(optional: BookTable.translator)
        let expected = try grdb { db in try BookInfo.fetchAll(db, request).count }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        let declarations = """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var translator: Author
            }
            """
        try assertSame(
            declarations, "try BookInfo.fetchAll(db, Book.including(optional: Book.translator))", expected,
            fix: "declare `var translator: Author?`", row: 1)
        let fixed = try grdb { db in try FixedBookInfo.fetchAll(db, request).count }
        XCTAssertEqual(fixed, .records(390))
        try assertSame(
            declarations.replacingOccurrences(of: "Author\n", with: "Author?\n"),
            "try BookInfo.fetchAll(db, Book.including(optional: Book.translator))", fixed)
    }

    func testANullInANonOptionalProperty() throws {
        struct Scored: Decodable, FetchableRecord {
            var id: Int64
            var score: Double
        }
        struct FixedScored: Decodable, FetchableRecord {
            var id: Int64
            var score: Double?
        }
        let request = BookTable.select(Column("id"), Column("score")).order(Column("id"))
        let expected = try grdb { db in try Scored.fetchAll(db, request).count }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        let statement = "try Scored.fetchAll(db, Book.select(Column(\"id\"), Column(\"score\")).order(Column(\"id\")))"
        try assertSame(
            "struct Scored: Decodable, FetchableRecord { var id: Int64; var score: Double }", statement, expected,
            fix: "column `score` is NULL on this row: declare `var score: Double?`", row: 4)
        let fixed = try grdb { db in try FixedScored.fetchAll(db, request).count }
        XCTAssertEqual(fixed, .records(390))
        try assertSame(
            "struct Scored: Decodable, FetchableRecord { var id: Int64; var score: Double? }", statement, fixed)
    }

    func testACodingKeyThatNamesNoColumn() throws {
        struct Titled: Decodable, FetchableRecord {
            var id: Int64
            var name: String
            enum CodingKeys: String, CodingKey {
                case id
                case name = "titel"
            }
        }
        let expected = try grdb { db in try Titled.fetchAll(db, BookTable.all()).count }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        let declarations = """
            struct Titled: Decodable, FetchableRecord {
                var id: Int64
                var name: String
                enum CodingKeys: String, CodingKey {
                    case id
                    case name = "titel"
                }
            }
            """
        try assertSame(
            declarations, "try Titled.fetchAll(db, Book.all())", expected,
            fix:
                "the row has a column under `title`, not `titel`: name the property `title` (its `CodingKeys` case: `case name = \"title\"`)",
            row: 1)
        try assertSame(
            declarations.replacingOccurrences(of: "\"titel\"", with: "\"title\""),
            "try Titled.fetchAll(db, Book.all())",
            .records(390))
    }

    func testAnEnumWithoutACaseTheColumnHolds() throws {
        struct Kinded: Decodable, FetchableRecord {
            enum Kind: String, Codable { case novel, poems, essay, theatrePlay }
            var id: Int64
            var kind: Kind?
        }
        struct FixedKinded: Decodable, FetchableRecord {
            enum Kind: String, Codable { case novel, poems, essay, theatrePlay, shortStories }
            var id: Int64
            var kind: Kind?
        }
        let request = BookTable.order(Column("id"))
        let expected = try grdb { db in try Kinded.fetchAll(db, request).count }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        let declarations = """
            struct Kinded: Decodable, FetchableRecord {
                enum Kind: String, Codable { case novel, poems, essay, theatrePlay }
                var id: Int64
                var kind: Kind?
            }
            """
        try assertSame(
            declarations, "try Kinded.fetchAll(db, Book.order(Column(\"id\")))", expected,
            fix: "the column holds \"shortStories\", which is no case of `Kind`", row: 29)
        XCTAssertEqual(try grdb { db in try FixedKinded.fetchAll(db, request).count }, .records(390))
        try assertSame(
            declarations.replacingOccurrences(of: "theatrePlay }", with: "theatrePlay, shortStories }"),
            "try Kinded.fetchAll(db, Book.order(Column(\"id\")))", .records(390))
    }

    /// `author.country` is a column of the demo: GRDB reads it, not the include.
    func testAColumnThatHidesAnInclude() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var country: Country?
        }
        struct FixedAuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var homeland: Country?
        }
        let expected = try grdb { db in
            try AuthorInfo.fetchAll(db, AuthorTable.including(optional: AuthorTable.country)).count
        }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        try assertSame(
            """
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var country: Country?
            }
            """, "try AuthorInfo.fetchAll(db, Author.including(optional: Author.country))", expected,
            fix: "the include `country` is never read", row: 1)
        let fixed = try grdb { db in
            try FixedAuthorInfo.fetchAll(db, AuthorTable.including(optional: AuthorTable.country.forKey("homeland")))
                .count
        }
        XCTAssertEqual(fixed, .records(76))
        try assertSame(
            """
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var homeland: Country?
            }
            """, "try AuthorInfo.fetchAll(db, Author.including(optional: Author.country.forKey(\"homeland\")))", fixed)
    }

    // MARK: fetchOne, asRequest(of:), fetchCount

    func testFetchOneAsRequestOfAndFetchCount() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        let declarations = """
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var books: [Book]
            }
            """
        let one = try grdb { db in
            try AuthorInfo.fetchOne(db, AuthorTable.including(all: AuthorTable.books).filter(key: 1)) == nil ? 0 : 1
        }
        XCTAssertEqual(one, .records(1))
        try assertSame(
            declarations, "try AuthorInfo.fetchOne(db, Author.including(all: Author.books).filter(key: 1))", one)
        let wrong = try grdb { db in
            try AuthorTable.including(all: AuthorTable.novels).asRequest(of: AuthorInfo.self).fetchAll(db).count
        }
        guard case .error = wrong else { return XCTFail("GRDB decodes: \(wrong)") }
        try assertSame(
            declarations, "try Author.including(all: Author.novels).asRequest(of: AuthorInfo.self).fetchAll(db)", wrong,
            fix: "`Author.novels.forKey(\"books\")`", row: 1)
        try assertSame(
            declarations, "try Author.including(all: Author.novels).asRequest(of: AuthorInfo.self).fetchOne(db)", wrong,
            row: 1)
        // Counting decodes nothing.
        let count = try grdb { db in
            try AuthorTable.including(all: AuthorTable.novels).asRequest(of: AuthorInfo.self).fetchCount(db)
        }
        XCTAssertEqual(count, .records(76))
        try assertSame(
            declarations, "try Author.including(all: Author.novels).asRequest(of: AuthorInfo.self).fetchCount(db)",
            count)
    }

    /// A type arbor can not model is not checked: the rows show, with a warning that says why.
    func testATypeArborDoesNotKnowShowsTheRowsUnchecked() throws {
        let session = try Session(path: nil)
        _ = session.run("struct Tagged: Decodable, FetchableRecord { var id: Int64; var tags: Set<String> }")
        let result = try session.requestResult("try Tagged.fetchAll(db, Book.limit(2))")
        XCTAssertEqual(result.rows.count, 2)
        XCTAssertEqual(
            result.warnings.map(\.message),
            [
                "arbor does not check how the rows decode into `Tagged`: `Tagged.tags` (<input 1>:1:64) is a `Set<String>`, a type arbor does not know: it checks records, arrays, optionals, enums with raw values, numbers, `Bool`, `String`, `Data`, `Date` and `UUID`"
            ])
    }

    /// An enum that adopts `DatabaseValueConvertible` decodes from the column with
    /// `fromDatabaseValue`: GRDB's error differs from the `Decodable` one, and arbor's follows.
    func testADatabaseValueConvertibleEnumWithoutACase() throws {
        struct Kinded: Decodable, FetchableRecord {
            enum Kind: String, Codable, DatabaseValueConvertible { case novel, poems, essay, theatrePlay }
            var id: Int64
            var kind: Kind?
        }
        let request = BookTable.order(Column("id"))
        let expected = try grdb { db in try Kinded.fetchAll(db, request).count }
        guard case .error(let text) = expected else { return XCTFail("GRDB decodes: \(expected)") }
        XCTAssertTrue(text.hasPrefix("could not decode Optional<Kind> from database value \"shortStories\""), text)
        let declarations = """
            struct Kinded: Decodable, FetchableRecord {
                enum Kind: String, Codable, DatabaseValueConvertible { case novel, poems, essay, theatrePlay }
                var id: Int64
                var kind: Kind?
            }
            """
        try assertSame(
            declarations, "try Kinded.fetchAll(db, Book.order(Column(\"id\")))", expected,
            fix: "the column holds \"shortStories\", which is no case of `Kind`", row: 29)
        try assertSame(
            declarations.replacingOccurrences(of: "theatrePlay }", with: "theatrePlay, shortStories }"),
            "try Kinded.fetchAll(db, Book.order(Column(\"id\")))", .records(390))
    }

    /// A mistake inside a prefetched row: found in the first book that fails, with its fix.
    func testAnOptionalIncludeInsidePrefetchedRows() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var library: Library
        }
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [BookInfo]
        }
        struct FixedBookInfo: Decodable, FetchableRecord {
            var book: Book
            var library: Library?
        }
        struct FixedAuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [FixedBookInfo]
        }
        let request = AuthorTable.including(all: AuthorTable.books.including(optional: BookTable.library))
            .order(Column("id"))
        let expected = try grdb { db in try AuthorInfo.fetchAll(db, request).count }
        guard case .error = expected else { return XCTFail("GRDB decodes: \(expected)") }
        let declarations = """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var library: Library
            }
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var books: [BookInfo]
            }
            """
        let statement =
            "try AuthorInfo.fetchAll(db, Author.including(all: Author.books.including(optional: Book.library)).order(Column(\"id\")))"
        let (verdict, error) = try arbor(declarations, statement)
        XCTAssertEqual(verdict, expected)
        XCTAssertEqual(
            error?.suggestion,
            "this row has no `library` (all its columns are NULL: an optional include): declare `var library: Library?`"
        )
        XCTAssertTrue(error?.message.contains("decoding `AuthorInfo.books.library.id`") == true, error?.message ?? "")
        let fixed = try grdb { db in try FixedAuthorInfo.fetchAll(db, request).count }
        XCTAssertEqual(fixed, .records(76))
        try assertSame(declarations.replacingOccurrences(of: "Library\n", with: "Library?\n"), statement, fixed)
    }
}
