import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Writer: TableRecord { static let databaseTableName = "author" }
private struct Novel: TableRecord { static let databaseTableName = "book" }

/// Common table expressions as GRDB's guide to them writes them:
/// arbor's SQL equals GRDB's for the same Swift code.
final class CommonTableExpressionParityResolutionTests: XCTestCase, DemoLanguageParity {
    var demo: LanguageHarness?

    func testDefinitionsByRequestSQLAndLiteral() throws {
        let byRequest = CommonTableExpression(named: "authorName", request: Writer.select(Column("name")).limit(1))
        try assertSame(
            #"""
            let authorNameCTE = CommonTableExpression(named: "authorName", request: Author.select(Column("name")).limit(1))
            Author.with(authorNameCTE).filter { $0.name == authorNameCTE.all() }
            """#,
            Writer.with(byRequest).filter(Column("name") == byRequest.all()))
        let name = "Victor Hugo"
        let bySQL = CommonTableExpression(named: "authorName", sql: "SELECT ?", arguments: [name])
        try assertSame(
            #"""
            let name = "Victor Hugo"
            let authorNameCTE = CommonTableExpression(named: "authorName", sql: "SELECT ?", arguments: [name])
            Author.with(authorNameCTE).filter(Column("name") == authorNameCTE.all())
            """#,
            Writer.with(bySQL).filter(Column("name") == bySQL.all()))
        let byLiteral = CommonTableExpression(named: "authorName", literal: "SELECT \(name)")
        try assertSame(
            #"""
            let authorNameCTE = CommonTableExpression(named: "authorName", literal: "SELECT \(name)")
            Author.with(authorNameCTE).filter(authorNameCTE.contains(Column("name")))
            """#,
            Writer.with(byLiteral).filter(byLiteral.contains(Column("name"))))
    }

    func testColumnsRecursiveAndFetchingFromTheCTE() throws {
        let counter = CommonTableExpression(
            recursive: true, named: "counter", columns: ["x"],
            sql: "VALUES(1) UNION ALL SELECT x+1 FROM counter WHERE x<10")
        try assertSame(
            #"""
            let counterCTE = CommonTableExpression(recursive: true, named: "counter", columns: ["x"], sql: "VALUES(1) UNION ALL SELECT x+1 FROM counter WHERE x<10")
            counterCTE.all().with(counterCTE).filter(Column("x") > 3)
            """#,
            counter.all().with(counter).filter(Column("x") > 3))
        try assertSame(
            #"Book.with(counterCTE).filter(counterCTE.contains(Column("id")))"#,
            Novel.with(counter).filter(counter.contains(Column("id"))))
    }

    func testAssociationsToACTE() throws {
        // The chat example: each author's latest book, by `MAX()`'s bare columns.
        let latest = CommonTableExpression(
            named: "latestBook", request: Novel.annotated(with: max(Column("year"))).group(Column("authorId")))
        let association = Writer.association(
            to: latest, on: { author, latestBook in author[Column("id")] == latestBook[Column("authorId")] }
        ).order(Column("year").desc)
        let definition = #"""
            let latestBookCTE = CommonTableExpression(named: "latestBook", request: Book.annotated(with: max(Column("year"))).group(Column("authorId")))
            let latestBook = Author.association(to: latestBookCTE, on: { author, latestBook in author[Column("id")] == latestBook[Column("authorId")] }).order(Column("year").desc)
            """#
        try assertSame(
            definition + "\nAuthor.with(latestBookCTE).including(optional: latestBook)",
            Writer.with(latest).including(optional: association))
        try assertSame(
            "Author.with(latestBookCTE).joining(required: latestBook.forKey(\"last\")).limit(3)",
            Writer.with(latest).joining(required: association.forKey("last")).limit(3))
        // A trailing closure, `$0`/`$1`, and no condition at all.
        try assertSame(
            #"Author.with(latestBookCTE).including(required: Author.association(to: latestBookCTE) { $0[Column("id")] == $1[Column("authorId")] && $1[Column("year")] > 1900 })"#,
            Writer.with(latest).including(
                required: Writer.association(to: latest) {
                    $0[Column("id")] == $1[Column("authorId")] && $1[Column("year")] > 1900
                }))
        try assertSame(
            "Author.with(latestBookCTE).joining(required: Author.association(to: latestBookCTE)).limit(2)",
            Writer.with(latest).joining(required: Writer.association(to: latest)).limit(2))
    }

    func testWhatIsNotSupportedYetIsNamedAndLocated() throws {
        let harness = try harness()
        try harness.run(#"let someCTE = CommonTableExpression(named: "x", sql: "SELECT 1 AS id")"#)
        guard let error = harness.lastError(#"someCTE.association(to: Author.self)"#) else {
            return XCTFail("must fail")
        }
        XCTAssertEqual(error.message, "`association` from a common table expression is not supported yet")
        XCTAssertEqual(error.range, SourceRange(8, 19))
        guard
            let outer = harness.lastError(
                #"let a = TableAlias()"# + "\n"
                    + #"Author.aliased(a).with(someCTE).joining(required: Author.association(to: someCTE) { _, r in a[Column("id")] == r[Column("id")] })"#
            )
        else { return XCTFail("an outer alias in a join condition must fail") }
        XCTAssertTrue(outer.message.hasPrefix("a join condition may refer to its two parameters only"))
    }
}

extension CommonTableExpressionParityResolutionTests {
    func testACTEUsedWithoutWithIsALocatedError() throws {
        let harness = try harness()
        try harness.run(#"let lonelyCTE = CommonTableExpression(named: "lonely", sql: "SELECT 1 AS id")"#)
        for text in [
            "lonelyCTE.all()",
            #"Author.joining(required: Author.association(to: lonelyCTE) { $0[Column("id")] == $1[Column("id")] })"#,
        ] {
            guard let error = harness.lastError(text) else { return XCTFail(text) }
            XCTAssertEqual(
                error.message,
                "the common table expression `lonely` is used without being embedded: SQLite would find no table `lonely`",
                text)
            XCTAssertEqual(error.range, SourceRange(0, text.utf8.count), text)
        }
        XCTAssertEqual(try harness.rowCount("lonelyCTE.all().with(lonelyCTE)"), 1, "embedded, it runs")
    }
}

private struct Chat: TableRecord {
    static let databaseTableName = "author"
    // Not Sendable in GRDB 7: apps write `nonisolated(unsafe)` (or a computed property).
    nonisolated(unsafe) static let latestBookCTE = CommonTableExpression(
        named: "latestBook", request: Novel.annotated(with: max(Column("year"))).group(Column("authorId")))
    static let latestBook = association(
        to: latestBookCTE, on: { author, latestBook in author[Column("id")] == latestBook[Column("authorId")] })
}

extension CommonTableExpressionParityResolutionTests {
    /// As apps declare them: the CTE and the association as static members.
    func testCTEAndItsAssociationDeclaredInAnExtension() throws {
        let harness = try harness()
        try harness.run(
            """
            extension Author {
                static let latestBookCTE = CommonTableExpression(
                    named: "latestBook",
                    request: Book.annotated(with: max(Column("year"))).group(Column("authorId")))
                static let latestBook = association(
                    to: latestBookCTE,
                    on: { author, latestBook in
                        author[Column("id")] == latestBook[Column("authorId")]
                    })
            }
            """)
        XCTAssertEqual(
            try harness.sql("Author.with(Author.latestBookCTE).including(optional: Author.latestBook)"),
            try harness.grdbSQL(Chat.with(Chat.latestBookCTE).including(optional: Chat.latestBook)),
            "the declared CTE association runs")
    }
}

extension CommonTableExpressionParityResolutionTests {
    /// `CommonTableExpression<Message>(…)` as in GRDB's chat example, and `TableAlias<Author>()`.
    func testTypedCTEsAndAliases() throws {
        let typed = CommonTableExpression<Novel>(named: "typed", request: Novel.select(Column("authorId")))
        let alias = TableAlias<Writer>(name: "w")
        try assertSame(
            #"""
            let typedCTE = CommonTableExpression<Book>(named: "typed", request: Book.select(Column("authorId")))
            let w = TableAlias<Author>(name: "w")
            Author.aliased(w).with(typedCTE).filter(typedCTE.contains(w[Column("id")]))
            """#,
            Writer.aliased(alias).with(typed).filter(typed.contains(alias[Column("id")])))
    }
}
