import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

/// A static member declared again is one member: the last declaration replaces the others
/// (with a note), so the load's summary counts it once and `:declarations` lists it once,
/// at the declaration in effect. It was counted and listed once per declaration.
final class RedeclaredMemberCountTests: XCTestCase {
    static let schema = """
        CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
        """

    func testAMemberDeclaredThreeTimesIsCountedAndListedOnceWhereItIsInEffect() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        harness.load(
            """
            import GRDB
            struct Author: TableRecord {}
            struct Book: TableRecord {}
            extension Author { static let books = hasMany(Book.self) }
            extension Author { static let books = hasMany(Book.self) }
            """, name: "First.swift")
        let notes = harness.load(
            """
            import GRDB
            extension Author {
                static let books = hasMany(Book.self)
                static let byName = all().order(Column("name"))
            }
            """, name: "Second.swift")
        XCTAssertEqual(
            notes.map(\.error.message),
            ["`Author.books` is declared again: this declaration replaces the one at First.swift:5:31"])
        XCTAssertEqual(harness.resolution.associations, 1)
        let books = harness.resolution.entries.filter { $0.name == "Author.books" }
        XCTAssertEqual(books.map(\.kind), [.association])
        XCTAssertEqual(books.map(\.unit), ["Second.swift"])
        // A member declared once is listed as before.
        XCTAssertEqual(harness.resolution.entries.filter { $0.name == "Author.byName" }.count, 1)
    }
}
