import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

/// While loading forces the members, a name the scope of the type last asked lacks is looked
/// up there once (`EnclosingMisses`): members that name the same type again and again resolve it as the
/// first did, their own statics are found each time, a name nothing has is the same error
/// each time, and a member installed under a name makes its scopes look again.
final class EnclosingMissesTests: XCTestCase {
    func testTheMissesOfTheScopeLastAskedAreKeptUntilAMemberOfThatNameIsInstalled() {
        var misses = EnclosingMisses()
        let book = EnclosingMisses.Scope(type: "Book", table: "book")
        let shelf = EnclosingMisses.Scope(type: "Shelf", table: nil)
        misses.insert("Author", in: book)
        misses.insert("Writer", in: book)
        XCTAssertTrue(misses.contains("Author", in: book))
        XCTAssertFalse(misses.contains("Author", in: shelf))
        XCTAssertFalse(misses.contains("Reader", in: book))
        misses.forget("Author")
        XCTAssertFalse(misses.contains("Author", in: book))
        XCTAssertTrue(misses.contains("Writer", in: book))
        // Another scope asked: the book's misses are looked up again.
        misses.insert("Author", in: shelf)
        XCTAssertTrue(misses.contains("Author", in: shelf))
        XCTAssertFalse(misses.contains("Writer", in: book))
    }

    func testMembersNamingTheSameTypesResolveThemAsTheFirstDid() throws {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
                """)
        let diagnostics = harness.load(
            """
            import GRDB
            struct Author: TableRecord {}
            struct Book: TableRecord {
                static let writer = belongsTo(Author.self, using: authorKey)
                static let sameWriter = belongsTo(Author.self, using: authorKey)
                static let authorKey = ForeignKey(["authorId"])
                static let firstMissing = belongsTo(Nobody.self)
                static let secondMissing = belongsTo(Nobody.self)
                static let third = belongsTo(Author.self, key: "third")
            }
            """)
        let errors = diagnostics.filter { $0.severity == .error }.map(\.error.message)
        XCTAssertEqual(errors.count, 2)
        XCTAssertEqual(Set(errors).count, 1)
        XCTAssertTrue(errors[0].contains("`Nobody`"), errors[0])
        for name in ["writer", "sameWriter", "third"] {
            XCTAssertEqual(
                try harness.sql("Book.joining(required: Book.\(name))"),
                "SELECT \"book\".* FROM \"book\" JOIN \"author\" ON \"author\".\"id\" = \"book\".\"authorId\"")
        }
    }
}
