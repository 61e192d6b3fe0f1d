import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

/// The shortcuts that make loading cheaper (issue 20) keep what names mean: the enums
/// a member call may be on are kept as types change, not found by a scan; a capitalised
/// name never asks the convention (its association names are lowerCamel); type texts
/// are parsed over their bytes, names beyond ASCII included.
final class LoadingShortcutsTests: XCTestCase {
    static let schema = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, authorId INTEGER REFERENCES author(id));
        INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob');
        INSERT INTO book VALUES (1, 'A', 1), (2, 'B', 2), (3, 'C', 1);
        """

    func testTheTableKeepsTheEnumsWithMethods() {
        var types = TypeTable()
        types.update("Book.Kind") { info in
            info.enumeration = EnumInfo(
                rawType: nil, rawValues: ["novel": .text("novel")], caseNames: ["novel"], isCaseOnly: true,
                isDatabaseValue: false)
        }
        XCTAssertEqual(types.enumsWithMethods, [], "an enum without methods")
        let function = FunctionDeclaration(
            isStatic: false, name: "label", nameRange: SourceRange(0, 5), parameters: [], returnType: "String",
            body: [], range: SourceRange(0, 5))
        types.update("Book.Kind") { info in
            info.methods.add(
                RequestMethod(
                    receiver: .value, table: nil, typePath: "Book.Kind", function: function, isProperty: true,
                    origin: 0))
        }
        XCTAssertEqual(types.enumsWithMethods, ["Book.Kind"])
        // A struct with methods is no enum.
        types.update("Filter") { info in
            info.methods.add(
                RequestMethod(
                    receiver: .value, table: nil, typePath: "Filter", function: function, isProperty: true, origin: 0))
        }
        XCTAssertEqual(types.enumsWithMethods, ["Book.Kind"])
        types["Book.Kind"] = nil
        XCTAssertEqual(types.enumsWithMethods, [])
    }

    func testAnEnumMethodIsFoundOnItsCasesAfterLoading() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(
            """
            enum Ordering {
                case byTitle, byId
                var column: Column { self == .byTitle ? Column("title") : Column("id") }
            }
            struct Book: TableRecord {
                static let author = belongsTo(Author.self)
            }
            struct Author: TableRecord {}
            """)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
        XCTAssertEqual(
            try harness.sql("Book.order(Ordering.byTitle.column)"), "SELECT * FROM \"book\" ORDER BY \"title\"")
    }

    func testACapitalisedNameInABodyIsATypeAndAnInferredAssociationStillResolves() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(
            """
            struct Author: TableRecord {}
            struct Book: TableRecord {
                // `Author` is the type; `author`, bare, the association the convention infers.
                static let writer = belongsTo(Author.self)
                static let inferred = author
            }
            """)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
        // GRDB's key for `belongsTo(Author.self)` is the table's name, as the convention's is.
        let joined = #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#
        XCTAssertEqual(try harness.sql("Book.including(required: Book.writer)"), joined)
        XCTAssertEqual(try harness.sql("Book.including(required: Book.inferred)"), joined)
        XCTAssertNil(Environment(schema: harness.schema).catalog.association(named: "Author", of: "book"))
        XCTAssertNotNil(Environment(schema: harness.schema).catalog.association(named: "author", of: "book"))
    }

    func testTypeTextsBeyondASCIIAreParsed() {
        XCTAssertEqual(SwiftType(parsing: "Café?"), .optional(.named("Café", arguments: [])))
        XCTAssertEqual(
            SwiftType(parsing: "[Straße: Int]"),
            .dictionary(key: .named("Straße", arguments: []), value: .named("Int", arguments: [])))
        XCTAssertEqual(SwiftType(parsing: "Book.Größe"), .named("Book.Größe", arguments: []))
        XCTAssertEqual(SwiftType(parsing: "@escaping (Int) throws -> Void"), .other("@escaping (Int) throws -> Void"))
        XCTAssertEqual(SwiftType(parsing: "(Int) async -> Void"), .other("(Int) async -> Void"))
        XCTAssertEqual(SwiftType(parsing: "Int..."), .other("Int..."))
        XCTAssertEqual(SwiftType(parsing: "any Codable & Sendable"), .other("any Codable & Sendable"))
    }
}
