import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborLanguage

/// `Table("book")` is GRDB's `Table<Row>`: the members GRDB declares `where RowDecoder:
/// Identifiable` (`filter(id:)`, `exists(_:id:)`, `selectID()`) are not its own, nor its
/// requests', and a record type's statics (`fetchOne(_:id:)`, `find(_:key:)`) are no `Table`
/// value's. `Table<Book>("book")`, `Book` and their requests keep them, with GRDB's SQL.
/// `ARBOR_COMPILE_GRDB=1` compiles the same statements against GRDB.
final class TypedTableResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT);
        INSERT INTO book VALUES (1, 'Dune');
        """

    /// A statement the compiler refuses, what arbor locates its error on (the member's
    /// name, or a closure or key path argument), and arbor's message.
    struct Refused {
        var statement: String
        var member: String
        var message: String
        var located: String? = nil

        /// Where the error is: `located`, or the member's name after its dot.
        var range: SourceRange? {
            let target = located ?? ".\(member)("
            guard let found = statement.range(of: target, options: .backwards) else { return nil }
            let start = statement.distance(from: statement.startIndex, to: found.lowerBound) + (located == nil ? 1 : 0)
            return SourceRange(start, start + (located?.count ?? member.count))
        }
    }

    static let identifiable = "conform to 'Identifiable'"

    static let refused: [Refused] = [
        Refused(
            statement: #"Table("book").filter(id: 1)"#, member: "filter",
            message: "referencing instance method 'filter(id:)' on 'Table<Row>' requires that 'Row' \(identifiable)"),
        Refused(
            statement: #"Table("book").filter(ids: [1, 2])"#, member: "filter",
            message: "referencing instance method 'filter(ids:)' on 'Table<Row>' requires that 'Row' \(identifiable)"),
        Refused(
            statement: #"Table<Row>("book").filter(id: 1)"#, member: "filter",
            message: "referencing instance method 'filter(id:)' on 'Table<Row>' requires that 'Row' \(identifiable)"),
        Refused(
            statement: #"Table("book").all().filter(id: 1)"#, member: "filter",
            message:
                "referencing instance method 'filter(id:)' on 'QueryInterfaceRequest<Row>' requires that 'Row' \(identifiable)"
        ),
        Refused(
            statement: #"Table("book").order(Column("title")).filter(ids: [1])"#, member: "filter",
            message:
                "referencing instance method 'filter(ids:)' on 'QueryInterfaceRequest<Row>' requires that 'Row' \(identifiable)"
        ),
        Refused(
            statement: #"try Table("book").exists(db, id: 1)"#, member: "exists",
            message: "referencing instance method 'exists(_:id:)' on 'Table<Row>' requires that 'Row' \(identifiable)"),
        Refused(
            statement: #"Table("book").selectID()"#, member: "selectID",
            message: "referencing instance method 'selectID()' on 'Table<Row>' requires that 'Row' \(identifiable)"),
        Refused(
            statement: #"Table("book").all().selectID()"#, member: "selectID",
            message:
                "referencing instance method 'selectID()' on 'QueryInterfaceRequest<Row>' requires that 'Row' \(identifiable)"
        ),
        Refused(
            statement: "Book.all().asRequest(of: Row.self).filter(id: 1)", member: "filter",
            message:
                "referencing instance method 'filter(id:)' on 'QueryInterfaceRequest<Row>' requires that 'Row' \(identifiable)"
        ),
        Refused(
            statement: #"Book.select(Column("id"), as: Int64.self).filter(id: 1)"#, member: "filter",
            message:
                "referencing instance method 'filter(id:)' on 'QueryInterfaceRequest<Int64>' requires that 'Int64' \(identifiable)"
        ),
        Refused(
            statement: #"try Table("book").fetchOne(db, id: 1)"#, member: "fetchOne",
            message: "value of type 'Table<Row>' has no member 'fetchOne(_:id:)'"),
        Refused(
            statement: #"try Table("book").fetchOne(db, key: 1)"#, member: "fetchOne",
            message: "value of type 'Table<Row>' has no member 'fetchOne(_:key:)'"),
        Refused(
            statement: #"try Table("book").find(db, id: 1)"#, member: "find",
            message: "value of type 'Table<Row>' has no member 'find(_:id:)'"),
        Refused(
            statement: #"try Table<Book>("book").find(db, key: 1)"#, member: "find",
            message: "value of type 'Table<Book>' has no member 'find(_:key:)'"),
        Refused(
            statement: #"try Table<Book>("book").fetchAll(db, ids: [1, 2])"#, member: "fetchAll",
            message: "value of type 'Table<Book>' has no member 'fetchAll(_:ids:)'"),
        Refused(
            statement: #"try Table("book").fetchAll(db, sql: "SELECT * FROM book")"#, member: "fetchAll",
            message: "value of type 'Table<Row>' has no member 'fetchAll(_:sql:)'"),
        Refused(
            statement: #"Table("book").matching(FTS3Pattern(matchingAllTokensIn: "x"))"#, member: "matching",
            message: "value of type 'Table<Row>' has no member 'matching(_:)'"),
        // Closures and key paths name a record type's columns, on requests only.
        Refused(
            statement: #"Table("book").filter { $0.title == "x" }"#, member: "filter",
            message: "no exact matches in call to instance method 'filter'", located: #"{ $0.title == "x" }"#),
        Refused(
            statement: #"Table<Book>("book").order(\.title)"#, member: "order",
            message: "no exact matches in call to instance method 'order'", located: #"\.title"#),
        Refused(
            statement: #"Table("book").all().select { [$0.title] }"#, member: "select",
            message: "cannot infer type of closure parameter '$0' without a type annotation",
            located: "{ [$0.title] }"),
        Refused(
            statement: #"Table("book").all().filter(\.title == "x")"#, member: "filter",
            message: "cannot infer key path type from context; consider explicitly specifying a root type",
            located: #"\.title == "x""#),
    ]

    /// Statements GRDB compiles, which arbor runs.
    static let accepted = [
        #"Table<Book>("book").filter(id: 1)"#,
        #"Table<Book>("book").all().filter(ids: [1, 2])"#,
        #"Table<Book>("book").selectID()"#,
        #"try Table<Book>("book").exists(db, id: 1)"#,
        #"try Table("book").exists(db, key: 1)"#,
        #"Table("book").filter(key: 1)"#,
        #"Table("book").all().filter(keys: [1, 2])"#,
        #"Table("book").selectPrimaryKey(as: Int64.self)"#,
        #"Table("book").all().asRequest(of: Book.self).filter(id: 1)"#,
        "Book.filter(id: 1)",
        "Book.all().filter(ids: [1, 2])",
        "Book.selectID()",
        "try Book.exists(db, id: 1)",
        "try Book.fetchOne(db, id: 1)",
        "try Book.find(db, key: 1)",
        "try Book.fetchAll(db, ids: [1, 2])",
        #"Table<Book>("book").all().filter { $0.title == "x" }"#,
        #"Table<Book>("book").all().order(\.title)"#,
        #"Book.filter { $0.title == "x" }"#,
    ]

    func testRowDecodedReceiversAndTableValuesRefuseWhatGRDBDoesNotDeclare() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        for refused in Self.refused {
            let error = try XCTUnwrap(harness.error(refused.statement), refused.statement)
            XCTAssertEqual(error.message, refused.message, refused.statement)
            // Located on the member's name, or on the argument, as the compiler locates it.
            XCTAssertEqual(error.range, try XCTUnwrap(refused.range, refused.statement), refused.statement)
        }
    }

    func testTheSuggestionNamesTheTablesRecordType() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(
            harness.error(#"Table("book").filter(id: 1)"#)?.suggestion,
            #"GRDB offers it on an `Identifiable` record type: `Book.filter(id: …)` or `Table<Book>("book").filter(id: …)`; `filter(key:)` and `filter(keys:)` take the key of any table"#
        )
        XCTAssertEqual(
            harness.error(#"Table("book").all().selectID()"#)?.suggestion,
            #"GRDB offers it on requests of an `Identifiable` record type: start from `Book` or `Table<Book>("book")`; `selectPrimaryKey(as:)` selects the key of any table"#
        )
        XCTAssertEqual(
            harness.error(#"Table("book").filter { $0.title == "x" }"#)?.suggestion,
            #"`Table<Row>` takes no closure nor key path: they name a record type's columns, on its requests, as in `Book.filter { … }` or `Table<Book>("book").all().filter { … }`; or name the column: `Column("…")`"#
        )
        XCTAssertEqual(
            harness.error(#"Table("book").all().order(\.title)"#)?.suggestion,
            #"`QueryInterfaceRequest<Row>` has no record type whose columns a closure or key path names: start from `Book` or `Table<Book>("book").all()`; or name the column: `Column("…")`"#
        )
        XCTAssertEqual(
            harness.error(#"try Table("book").find(db, id: 1)"#)?.suggestion,
            "it is a static method of a record type, as in `Book.find(db, id: …)`; a `Table` value filters by key, as in `filter(key: …).fetchOne(db)`"
        )
        // Without a record type of the table (two tables give the same name), the key's forms.
        let untyped = try LanguageHarness(
            schema: "CREATE TABLE lineItem(id INTEGER PRIMARY KEY); CREATE TABLE line_item(id INTEGER PRIMARY KEY);")
        XCTAssertEqual(
            untyped.error(#"Table("line_item").filter(id: 1)"#)?.suggestion,
            "GRDB offers it on an `Identifiable` record type, and `line_item` has none; `filter(key:)` and `filter(keys:)` take the key of any table"
        )
    }

    func testEveryAcceptedStatementRuns() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        for statement in Self.accepted {
            XCTAssertNil(harness.error(statement), statement)
        }
    }

    func testTypedTablesAndRecordTypesKeepGRDBsSQL() throws {
        struct Book: TableRecord, FetchableRecord, Decodable, Identifiable { var id: Int64 }
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(
            try harness.sql(#"Table<Book>("book").filter(id: 1)"#),
            try harness.grdbSQL(Table<Book>("book").filter(id: 1)))
        XCTAssertEqual(
            try harness.sql(#"Table<Book>("book").all().filter(ids: [1, 2])"#),
            try harness.grdbSQL(Table<Book>("book").all().filter(ids: [1, 2])))
        XCTAssertEqual(
            try harness.sql(#"Table<Book>("book").selectID()"#), try harness.grdbSQL(Table<Book>("book").selectID()))
        XCTAssertEqual(try harness.sql("Book.filter(id: 1)"), try harness.grdbSQL(Book.filter(id: 1)))
        XCTAssertEqual(
            try harness.sql("Book.all().filter(ids: [1, 2])"), try harness.grdbSQL(Book.all().filter(ids: [1, 2])))
        XCTAssertEqual(
            try harness.sql(#"Table("book").all().asRequest(of: Book.self).filter(id: 1)"#),
            try harness.grdbSQL(Table("book").all().asRequest(of: Book.self).filter(id: 1)))
        XCTAssertEqual(
            try harness.sql(#"Table("book").filter(key: 1)"#), try harness.grdbSQL(Table("book").filter(key: 1)))
        XCTAssertEqual(
            try harness.sql(#"Table<Book>("book").all().order(\.title)"#),
            try harness.grdbSQL(Table<Book>("book").all().order(Column("title"))))
        // `exists(_:id:)` of a `Table<Book>` is GRDB's answer.
        let exists = try harness.database.read { try Table<Book>("book").exists($0, id: 1) }
        XCTAssertTrue(exists)
        XCTAssertEqual(
            try harness.sql(#"try Table<Book>("book").exists(db, id: 1)"#),
            try harness.sql(#"try Table("book").exists(db, key: 1)"#))
    }

    /// The registry agrees with GRDB's declarations: an entry offered on tables whose symbols
    /// name no `Table` member is a record type's alone, and refused on `Table` values.
    func testEntriesGRDBsTableDoesNotDeclareRequireARecordType() {
        for member in GRDBAPI.members where member.offeredOn.contains(.table) {
            let declaredByTable = member.symbols.contains { $0.hasPrefix("Table.") }
            var requiresRecordType = false
            if case .recordType? = member.requirement { requiresRecordType = true }
            XCTAssertEqual(declaredByTable, !requiresRecordType, "\(member.signatures): \(member.symbols)")
        }
    }

    func testATableOfAnUnknownTypeIsTheCompilersError() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let error = try XCTUnwrap(harness.error(#"Table<Bok>("book")"#))
        XCTAssertEqual(error.message, "cannot find type 'Bok' in scope")
        XCTAssertEqual(error.range, SourceRange(0, 10))
        XCTAssertEqual(error.suggestion, "did you mean `Book` or `Row`?")
    }

    /// The app's own `Table` values keep the type written in their declaration.
    func testTheAppsTablesKeepTheirRowDecoder() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(
            """
            enum Shelves {
                static let books = Table<Book>("book")
                static let rows = Table("book")
            }
            """)
        XCTAssertEqual(diagnostics.map(\.error.message), [])
        XCTAssertEqual(try harness.sql("Shelves.books.filter(id: 1)"), try harness.sql("Book.filter(id: 1)"))
        XCTAssertEqual(
            harness.error("Shelves.rows.filter(id: 1)")?.message,
            "referencing instance method 'filter(id:)' on 'Table<Row>' requires that 'Row' \(Self.identifiable)")
    }

    /// The compiler refuses each statement arbor refuses, and builds those it accepts
    /// (`ARBOR_COMPILE_GRDB=1`).
    func testTheCompilerRefusesAndAcceptsTheSameStatements() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let header = """
            import GRDB
            struct Book: TableRecord, FetchableRecord, Decodable, Identifiable {
                var id: Int64
                var title: String
                enum Columns { static let title = Column("title") }
            }
            func statements(_ db: Database) throws {

            """
        let folder = try TemporaryItems.folder("typed-table")
        let (output, lines) = try GRDBCompilation.verdicts(
            header: header, accepted: Self.accepted, refused: Self.refused.map(\.statement), in: folder)
        for (statement, line) in zip(Self.refused, lines) {
            XCTAssertTrue(
                output.contains("main.swift:\(line):"), "the compiler accepts `\(statement.statement)`:\n\(output)")
        }
        XCTAssertTrue(output.contains("requires that 'Row' conform to 'Identifiable'"), output)
        XCTAssertTrue(output.contains("value of type 'Table<Book>' has no member 'find'"), output)
    }
}
