import ArborCore
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborLanguage

/// `Table("author")` is GRDB's `Table<Row>`, a value of GRDB's struct: the associations and
/// other statics of the record type `Author` are not its members, typed or not
/// (`Table<Author>("author").books`), and the compiler refuses them located on the member.
/// `Author.books` keeps working, and so do the bare association names the prompt reads in
/// a request method's argument (`Table("author").including(all: books)`, LANGUAGE.md §1.4).
/// `ARBOR_COMPILE_GRDB=1` compiles the same statements against GRDB.
final class TableValueMembersResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
        INSERT INTO author VALUES (1, 'Ada');
        INSERT INTO book VALUES (1, 1, 'Notes');
        """

    /// The app's declarations, as the compiled program declares them too.
    static let declarations = """
        extension Author {
            static let shelf = Column("name")
        }
        """

    struct Refused {
        var statement: String
        var member: String
        var message: String
        var suggestion: String?

        /// The member's name after its last dot.
        var range: SourceRange? {
            guard let found = statement.range(of: "." + member, options: .backwards) else { return nil }
            let start = statement.utf8.distance(from: statement.startIndex, to: found.lowerBound) + 1
            return SourceRange(start, start + member.utf8.count)
        }
    }

    static let refused: [Refused] = [
        Refused(
            statement: #"Table("author").books"#, member: "books",
            message: "value of type 'Table<Row>' has no member 'books'",
            suggestion: "`books` is a static member of the record type: write `Author.books`"),
        Refused(
            statement: #"Table<Author>("author").books"#, member: "books",
            message: "value of type 'Table<Author>' has no member 'books'",
            suggestion: "`books` is a static member of the record type: write `Author.books`"),
        Refused(
            statement: #"Table("book").author"#, member: "author",
            message: "value of type 'Table<Row>' has no member 'author'",
            suggestion: "`author` is a static member of the record type: write `Book.author`"),
        Refused(
            statement: #"Table("author").books.count"#, member: "books",
            message: "value of type 'Table<Row>' has no member 'books'",
            suggestion: "`books` is a static member of the record type: write `Author.books`"),
        Refused(
            statement: #"Table("author").shelf"#, member: "shelf",
            message: "value of type 'Table<Row>' has no member 'shelf'",
            suggestion: "`shelf` is a static member of the record type: write `Author.shelf`"),
        Refused(
            statement: #"Table("author").databaseTableName"#, member: "databaseTableName",
            message: "value of type 'Table<Row>' has no member 'databaseTableName'",
            suggestion: "`databaseTableName` is a static member of the record type: write `Author.databaseTableName`"),
        Refused(
            statement: #"Table("author").bokks"#, member: "bokks",
            message: "value of type 'Table<Row>' has no member 'bokks'"),
    ]

    /// Statements GRDB compiles, which arbor runs.
    static let accepted = [
        "Author.books",
        "Author.books.count",
        "Author.shelf",
        "Author.databaseTableName",
        #"Author.including(all: Author.books)"#,
        #"Table("author").all()"#,
        #"Table<Author>("author").including(all: Author.books)"#,
    ]

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.declarations).map(\.error.message), [])
        return harness
    }

    func testTheRecordTypesMembersAreNoTableValues() throws {
        let harness = try harness()
        for refused in Self.refused {
            let error = try XCTUnwrap(harness.error(refused.statement), refused.statement)
            XCTAssertEqual(error.message, refused.message, refused.statement)
            XCTAssertEqual(error.range, try XCTUnwrap(refused.range, refused.statement), refused.statement)
            XCTAssertEqual(error.suggestion, refused.suggestion, refused.statement)
        }
    }

    func testTheRecordTypeKeepsItsMembers() throws {
        let harness = try harness()
        for statement in Self.accepted {
            XCTAssertNil(harness.error(statement), statement)
        }
        XCTAssertEqual(
            try harness.sql(#"Table<Author>("author").including(all: Author.books)"#),
            try harness.sql("Author.including(all: Author.books)"))
    }

    /// LANGUAGE.md §1.4: in the argument of `including(…)`, a bare name is an association of
    /// the receiving table, `Table("author")` included. The prompt's shorthand, kept.
    func testBareAssociationNamesInArgumentsStay() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Table("author").including(all: books)"#),
            try harness.sql("Author.including(all: Author.books)"))
        XCTAssertEqual(
            try harness.sql(#"Table("book").including(required: author)"#),
            try harness.sql("Book.including(required: Book.author)"))
    }

    /// A table without a record type (two tables give one type name) has no other name at the
    /// prompt: its associations are named on `Table("lineItem")`, as `:associations` shows them.
    func testATableWithoutARecordTypeNamesItsAssociations() throws {
        let harness = try LanguageHarness(
            schema: Self.schema + """
                CREATE TABLE lineItem(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                CREATE TABLE line_item(id INTEGER PRIMARY KEY);
                """)
        XCTAssertNil(harness.error(#"Table("lineItem").author"#))
        XCTAssertEqual(
            try harness.sql(#"Table("lineItem").including(required: Table("lineItem").author)"#),
            try harness.sql(#"Table("lineItem").including(required: author)"#))
        XCTAssertEqual(
            harness.error(#"Table("lineItem").nope"#)?.message, "`Table(\"lineItem\")` has no association `nope`")
    }

    /// The compiler refuses each statement arbor refuses, and builds those it accepts
    /// (`ARBOR_COMPILE_GRDB=1`).
    func testTheCompilerRefusesAndAcceptsTheSameStatements() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let header = """
            import GRDB
            struct Author: TableRecord {
                static let books = hasMany(Book.self)
            }
            struct Book: TableRecord {
                static let author = belongsTo(Author.self)
            }
            \(Self.declarations)
            func statements() {

            """
        let folder = try TemporaryItems.folder("table-value-members")
        let (output, lines) = try GRDBCompilation.verdicts(
            header: header, accepted: Self.accepted, refused: Self.refused.map(\.statement), in: folder)
        for (statement, line) in zip(Self.refused, lines) {
            // The compiler's message, on the member's column (1-based, after `    _ = `).
            let column = (statement.range?.lowerBound ?? 0) + 9
            XCTAssertTrue(
                output.contains("main.swift:\(line):\(column): error: \(statement.message)"),
                "the compiler does not say `\(statement.message)` for `\(statement.statement)`:\n\(output)")
        }
    }
}
