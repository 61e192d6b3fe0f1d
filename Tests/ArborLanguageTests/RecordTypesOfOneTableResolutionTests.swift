import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

// The oracle: two record types of the demo's `author` table, each declaring its own `books`.
private struct Book: TableRecord {
    static let databaseTableName = "book"
}
private struct Writer: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"])).filter(Column("year") > 2000)
}
private struct AuthorRow: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, using: ForeignKey(["authorId"])).filter(Column("year") < 1900)
}

/// An association is a member of the type that declares it, as in Swift: two record types
/// of one table (a full record and a row type, say) may each declare an association of the
/// same name, and each type's requests use its own. (They once shared the table's last one:
/// `AuthorRow.books` gave `Writer.books`' SQL.)
final class RecordTypesOfOneTableResolutionTests: XCTestCase {
    static let file = """
        import GRDB

        struct Writer: TableRecord {
            static let databaseTableName = "author"
            static let books = hasMany(Book.self, using: ForeignKey(["authorId"])).filter(Column("year") > 2000)
        }

        struct AuthorRow: TableRecord {
            static let databaseTableName = "author"
            static let books = hasMany(Book.self, using: ForeignKey(["authorId"])).filter(Column("year") < 1900)
        }

        extension DerivableRequest<AuthorRow> {
            func withOldBooks() -> Self { joining(required: AuthorRow.books) }
        }
        """

    func testEachTypeUsesItsOwnAssociation() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(harness.load(Self.file).filter { $0.severity == .error }, [])
        XCTAssertEqual(
            try harness.sql("Writer.joining(required: Writer.books)"),
            try harness.grdbSQL(Writer.joining(required: Writer.books)))
        XCTAssertEqual(
            try harness.sql("AuthorRow.joining(required: AuthorRow.books)"),
            try harness.grdbSQL(AuthorRow.joining(required: AuthorRow.books)))
        XCTAssertEqual(
            try harness.sql("AuthorRow.all().withOldBooks()"),
            try harness.grdbSQL(AuthorRow.all().joining(required: AuthorRow.books)))
        XCTAssertNotEqual(
            try harness.sql("Writer.joining(required: Writer.books)"), try harness.sql("AuthorRow.all().withOldBooks()")
        )
    }

    func testEachTypeCountsItsOwnAssociation() throws {
        let harness = try LanguageHarness.demo()
        harness.load(Self.file)
        let associations = harness.resolution.entries.filter { $0.kind == .association && $0.unit == "<file>" }
        XCTAssertEqual(associations.map(\.name).sorted(), ["AuthorRow.books", "Writer.books"])
    }

    func testAnErrorNamesTheTypeAskedFor() throws {
        let harness = try LanguageHarness.demo()
        // `book` has two foreign keys to `author`: each type's `books` is an error of its own.
        harness.load(Self.file.replacingOccurrences(of: ", using: ForeignKey([\"authorId\"])", with: ""))
        let error = try XCTUnwrap(harness.error("Writer.including(all: Writer.books)"))
        XCTAssertTrue(error.message.contains("`Writer.books`"), error.message)
        XCTAssertFalse(error.message.contains("AuthorRow"), error.message)
    }
}
