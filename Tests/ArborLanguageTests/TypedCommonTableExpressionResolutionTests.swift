import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborLanguage

/// `CommonTableExpression<Book>(…)` keeps its type argument, GRDB's `RowDecoder`: its `all()`
/// is a `QueryInterfaceRequest<Book>`, with the members of a record type's requests
/// (`filter(id:)`, closures and key paths naming `Book`'s columns), while an untyped CTE's
/// `all()` is a `QueryInterfaceRequest<Row>`, as `Table("book").all()` is. The type changes
/// no SQL: GRDB selects `*` from the CTE either way. `ARBOR_COMPILE_GRDB=1` compiles the
/// same statements against GRDB.
final class TypedCommonTableExpressionResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
        INSERT INTO book VALUES (1, 'Dune', 1965), (2, 'Emma', 1815);
        """

    /// The CTEs every statement may name, declared first.
    static let definitions = [
        #"let typed = CommonTableExpression<Book>(named: "old", request: Book.filter(Column("year") < 1900))"#,
        #"let untyped = CommonTableExpression(named: "old", request: Book.filter(Column("year") < 1900))"#,
    ]

    struct Refused {
        var statement: String
        var message: String
        /// The text the error is located on, its last occurrence.
        var located: String

        var range: SourceRange? {
            guard let found = statement.range(of: located, options: .backwards) else { return nil }
            let start = statement.utf8.distance(from: statement.startIndex, to: found.lowerBound)
            return SourceRange(start, start + located.utf8.count)
        }
    }

    static let refused: [Refused] = [
        Refused(
            statement: "untyped.all().filter(id: 1)",
            message:
                "referencing instance method 'filter(id:)' on 'QueryInterfaceRequest<Row>' requires that 'Row' conform to 'Identifiable'",
            located: "filter"),
        Refused(
            statement: "untyped.all().selectID()",
            message:
                "referencing instance method 'selectID()' on 'QueryInterfaceRequest<Row>' requires that 'Row' conform to 'Identifiable'",
            located: "selectID"),
        Refused(
            statement: "untyped.all().order(\\.title)",
            message: "cannot infer key path type from context; consider explicitly specifying a root type",
            located: "\\.title"),
        Refused(
            statement: #"untyped.all().filter { $0.title == "Emma" }"#,
            message: "cannot infer type of closure parameter '$0' without a type annotation",
            located: #"{ $0.title == "Emma" }"#),
        // An association to the CTE, GRDB's `JoinAssociation<Book, RowDecoder>`, decodes as the CTE does.
        Refused(
            statement: "Book.with(untyped).including(optional: Book.association(to: untyped).filter(id: 1))",
            message:
                "referencing instance method 'filter(id:)' on 'JoinAssociation<Book, Row>' requires that 'Row' conform to 'Identifiable'",
            located: "filter"),
        Refused(
            statement:
                #"Book.with(untyped).including(optional: Book.association(to: untyped).filter { $0.title == "x" })"#,
            message: "cannot infer type of closure parameter '$0' without a type annotation",
            located: #"{ $0.title == "x" }"#),
    ]

    /// Statements GRDB compiles, which arbor runs.
    static let accepted = [
        "typed.all().with(typed).order(\\.title)",
        #"typed.all().with(typed).filter { $0.title == "Emma" }"#,
        "typed.all().with(typed).select(\\.title)",
        "untyped.all().with(untyped).order(Column(\"title\"))",
        "typed.all().filter(id: 1)",
        #"Book.with(typed).including(optional: Book.association(to: typed).filter { $0.title == "x" })"#,
        "Book.with(typed).including(optional: Book.association(to: typed).filter(id: 1))",
    ]

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        for definition in Self.definitions { XCTAssertNil(harness.error(definition), definition) }
        return harness
    }

    func testAnUntypedCTEsRequestDecodesRows() throws {
        let harness = try harness()
        for refused in Self.refused {
            let error = try XCTUnwrap(harness.error(refused.statement), refused.statement)
            XCTAssertEqual(error.message, refused.message, refused.statement)
            XCTAssertEqual(error.range, try XCTUnwrap(refused.range, refused.statement), refused.statement)
        }
    }

    func testATypedCTEsRequestHasItsRecordTypesMembersWithGRDBsSQL() throws {
        struct Book: TableRecord, FetchableRecord, Decodable, Identifiable {
            var id: Int64
            enum Columns {
                static let title = Column("title")
            }
        }
        let harness = try harness()
        let typed = CommonTableExpression<Book>(named: "old", request: Book.filter(Column("year") < 1900))
        XCTAssertEqual(
            try harness.sql("typed.all().with(typed).order(\\.title)"),
            try harness.grdbSQL(typed.all().with(typed).order(\.title)))
        XCTAssertEqual(
            try harness.sql(#"typed.all().with(typed).filter { $0.title == "Emma" }"#),
            try harness.grdbSQL(typed.all().with(typed).filter { $0.title == "Emma" }))
        // The type changes no SQL: the untyped CTE's request is the same statement.
        XCTAssertEqual(
            try harness.sql("typed.all().with(typed).order(\\.title)"),
            try harness.sql("untyped.all().with(untyped).order(Column(\"title\"))"))
        XCTAssertEqual(try harness.rowCount("typed.all().with(typed).order(\\.title)"), 1)
        let association =
            #"Book.with(typed).including(optional: Book.association(to: typed).filter { $0.title == "x" })"#
        XCTAssertEqual(
            try harness.sql(association),
            try harness.grdbSQL(
                Book.with(typed).including(optional: Book.association(to: typed).filter { $0.title == "x" })))
        // `filter(id:)` compiles on a typed CTE's request; GRDB then looks for the primary key
        // of a table named as the CTE, and arbor says what GRDB says.
        XCTAssertThrowsError(try harness.grdbSQL(typed.all().with(typed).filter(id: 1))) { grdbError in
            XCTAssertEqual(
                harness.error("typed.all().with(typed).filter(id: 1)")?.message,
                (grdbError as? DatabaseError)?.message)
        }
    }

    func testTheSuggestionWritesTheTypeArgument() throws {
        let harness = try harness()
        let typed = #"`CommonTableExpression<Book>(named: "old", …)`"#
        XCTAssertEqual(
            harness.error("untyped.all().filter(id: 1)")?.suggestion,
            "GRDB offers it on requests of an `Identifiable` record type: write the record type its rows decode as: \(typed); `filter(key:)` and `filter(keys:)` take the key of any table"
        )
        XCTAssertEqual(
            harness.error("untyped.all().order(\\.title)")?.suggestion,
            "`QueryInterfaceRequest<Row>` has no record type whose columns a closure or key path names: write the record type its rows decode as: \(typed); or name the column: `Column(\"…\")`"
        )
    }

    func testAnUnknownTypeArgumentIsTheCompilersError() throws {
        let harness = try harness()
        let statement = #"CommonTableExpression<Bok>(named: "old", request: Book.all())"#
        let error = try XCTUnwrap(harness.error(statement))
        XCTAssertEqual(error.message, "cannot find type 'Bok' in scope")
        XCTAssertEqual(error.range, SourceRange(0, 26))
        XCTAssertEqual(error.suggestion, "did you mean `Book` or `Row`?")
    }

    /// The app's CTEs keep the type written in their declaration.
    func testTheAppsCTEsKeepTheirRowDecoder() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(
            """
            enum Shelves {
                static let old = CommonTableExpression<Book>(named: "old", request: Book.filter(Column("year") < 1900))
                static let rows = CommonTableExpression(named: "old", request: Book.filter(Column("year") < 1900))
            }
            """)
        XCTAssertEqual(diagnostics.map(\.error.message), [])
        XCTAssertNil(harness.error("Shelves.old.all().with(Shelves.old).order(\\.title)"))
        XCTAssertEqual(
            harness.error("Shelves.rows.all().filter(id: 1)")?.message,
            "referencing instance method 'filter(id:)' on 'QueryInterfaceRequest<Row>' requires that 'Row' conform to 'Identifiable'"
        )
    }

    /// The compiler refuses each statement arbor refuses, and builds those it accepts
    /// (`ARBOR_COMPILE_GRDB=1`).
    func testTheCompilerRefusesAndAcceptsTheSameStatements() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let header = """
            import GRDB
            struct Book: TableRecord, FetchableRecord, Decodable, Identifiable {
                var id: Int64
                enum Columns { static let title = Column("title") }
            }
            func statements() {
                \(Self.definitions.joined(separator: "\n    "))

            """
        let folder = try TemporaryItems.folder("typed-cte")
        let (output, lines) = try GRDBCompilation.verdicts(
            header: header, accepted: Self.accepted, refused: Self.refused.map(\.statement), in: folder)
        for (statement, line) in zip(Self.refused, lines) {
            XCTAssertTrue(
                output.contains("main.swift:\(line):"), "the compiler accepts `\(statement.statement)`:\n\(output)")
        }
        XCTAssertTrue(output.contains("conform to 'Identifiable'"), output)
    }
}
