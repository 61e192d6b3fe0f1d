import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Volume: TableRecord {
    static let databaseTableName = "book"
}

/// `SQLRequest(literal:)`, the interpolations GRDB's `SQLInterpolation` appends
/// (arrays, requests, common table expressions, collations), raw SQL requests used as
/// values, and the conversions of `SQL` (`sqlSelection`, `sqlOrdering`): arbor's SQL
/// equals GRDB's for the same Swift code, arguments bound as GRDB binds them.
final class SQLRequestLiteralParityResolutionTests: XCTestCase, DemoLanguageParity {
    var demo: LanguageHarness?

    /// Fails when arbor's statement for `text` is not GRDB's for the raw `request`.
    func assertSameRaw(
        _ text: String, _ request: SQLRequest<Row>, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(request), text, file: file, line: line)
    }

    func testSQLRequestOfALiteral() throws {
        try assertSameRaw(
            #"SQLRequest<Row>(literal: "SELECT \(columnsOf: Book.self, tableAlias: "b") FROM \(Book.self) b WHERE year > \(2000)")"#,
            SQLRequest<Row>(
                literal: "SELECT \(columnsOf: Volume.self, tableAlias: "b") FROM \(Volume.self) b WHERE year > \(2000)")
        )
        try harness().run(#"var query: SQL = "SELECT title FROM book ""#)
        try harness().run(#"query += "WHERE \(Column("kind")) = \("novel")""#)
        var query: SQL = "SELECT title FROM book "
        query += "WHERE \(Column("kind")) = \("novel")"
        try assertSameRaw("SQLRequest<Row>(literal: query)", SQLRequest<Row>(literal: query))
    }

    /// `\(ids)`: GRDB writes `(?,?,?)`, and `(SELECT NULL WHERE NULL)` for an empty array.
    func testArraysAreInterpolatedAsLists() throws {
        try assertSameRaw(
            #"SQLRequest<Row>(literal: "SELECT * FROM book WHERE id IN \([1, 2, 3]) OR title IN \(["a", "b"])")"#,
            SQLRequest<Row>(literal: "SELECT * FROM book WHERE id IN \([1, 2, 3]) OR title IN \(["a", "b"])"))
        try harness().run("let none: [Int] = []")
        let none: [Int] = []
        try assertSame(
            #"Book.filter(literal: "id IN \(none)")"#, Volume.filter(literal: "id IN \(none)"))
        try assertSame(
            #"Book.filter(literal: "(year, kind) IN (\([Column("year"), Column("kind")]))")"#,
            Volume.filter(literal: "(year, kind) IN (\([Column("year"), Column("kind")]))"))
    }

    /// `\(request)`: the request's SQL as GRDB embeds a subquery, raw or not.
    func testRequestsAreInterpolatedAsSubqueries() throws {
        try assertSameRaw(
            #"SQLRequest<Row>(literal: "SELECT * FROM book WHERE year = (\(Book.select(max(Column("year")))))")"#,
            SQLRequest<Row>(literal: "SELECT * FROM book WHERE year = (\(Volume.select(max(Column("year")))))"))
        try harness().run(#"let kinds = SQLRequest<String>("SELECT kind FROM book WHERE year > \(2000)")"#)
        let kinds = SQLRequest<String>("SELECT kind FROM book WHERE year > \(2000)")
        try assertSame(
            #"Book.filter(literal: "kind IN (\(kinds))")"#, Volume.filter(literal: "kind IN (\(kinds))"))
    }

    /// A raw SQL request is a subquery like any other: compared, `contains`, `exists`, a CTE's request.
    func testRawSQLRequestsAreValues() throws {
        try harness().run(
            #"let latest = SQLRequest<Int>(sql: "SELECT max(year) FROM book WHERE kind = ?", arguments: ["novel"])"#)
        let latest = SQLRequest<Int>(sql: "SELECT max(year) FROM book WHERE kind = ?", arguments: ["novel"])
        try assertSame(
            #"Book.filter(Column("year") == latest)"#, Volume.filter(Column("year") == latest))
        try harness().run(#"let ids = SQLRequest<Int64>("SELECT authorId FROM book WHERE year < 1900")"#)
        let ids = SQLRequest<Int64>("SELECT authorId FROM book WHERE year < 1900")
        try assertSame(
            #"Book.filter(ids.contains(Column("authorId")))"#, Volume.filter(ids.contains(Column("authorId"))))
        try harness().run(#"let a = TableAlias(name: "a")"#)
        try harness().run(
            #"let sameYear = SQLRequest<Row>("SELECT * FROM book WHERE year = \(a[Column("year")]) AND id <> \(a[Column("id")])")"#
        )
        let a = TableAlias(name: "a")
        let sameYear = SQLRequest<Row>(
            "SELECT * FROM book WHERE year = \(a[Column("year")]) AND id <> \(a[Column("id")])")
        try assertSame(
            #"Book.aliased(a).filter(sameYear.exists())"#, Volume.aliased(a).filter(sameYear.exists()))
        try harness().run(
            #"let cte = CommonTableExpression(named: "old", request: SQLRequest<Row>("SELECT id FROM book WHERE year < \(1900)"))"#
        )
        let cte = CommonTableExpression(
            named: "old", request: SQLRequest<Row>("SELECT id FROM book WHERE year < \(1900)"))
        try assertSame(
            #"Book.with(cte).filter(cte.contains(Column("id")))"#, Volume.with(cte).filter(cte.contains(Column("id"))))
    }

    /// `\(cte)` is its quoted name, `\(definitionFor: cte)` its definition; `\(.nocase)` a collation's name.
    func testCommonTableExpressionsAndCollationsInterpolate() throws {
        try harness().run(
            #"let recent = CommonTableExpression(named: "recent", columns: ["id"], literal: "SELECT id FROM book WHERE year > \(2000)")"#
        )
        let recent = CommonTableExpression(
            named: "recent", columns: ["id"], literal: "SELECT id FROM book WHERE year > \(2000)")
        try assertSameRaw(
            #"SQLRequest<Row>(literal: "WITH \(definitionFor: recent) SELECT * FROM \(recent) ORDER BY id COLLATE \(.nocase)")"#,
            SQLRequest<Row>(
                literal: "WITH \(definitionFor: recent) SELECT * FROM \(recent) ORDER BY id COLLATE \(.nocase)"))
    }

    /// `sqlSelection` and `sqlOrdering` of `SQL` and of expressions; an ordering of an
    /// expression literal reverses, as GRDB reverses it.
    func testConversionsOfSQLAndExpressions() throws {
        try assertSame(
            #"Book.select(SQL("title AS t").sqlSelection, Column("year").sqlSelection)"#,
            Volume.select(SQL("title AS t").sqlSelection, Column("year").sqlSelection))
        try assertSame(
            #"Book.order(SQL("year DESC").sqlOrdering, Column("title").sqlOrdering)"#,
            Volume.order(SQL("year DESC").sqlOrdering, Column("title").sqlOrdering))
        try assertSame(
            #"Book.order(SQL("(year + 1)").sqlExpression.desc, Column("title")).reversed()"#,
            Volume.order(SQL("(year + 1)").sqlExpression.desc, Column("title")).reversed())
        try assertSame(
            #"Book.select { let t: SQL = "UPPER(\($0.title)) AS t"; return [t] }"#,
            Volume.select(SQL("UPPER(\(Column("title"))) AS t")))
    }

    /// What GRDB stops the process on, or does not compile, is a located error.
    func testWhatGRDBRefusesIsAnError() throws {
        // GRDB's `SQLOrdering.literal` has no reverse: `fatalError`.
        XCTAssertEqual(
            try harness().lastError(#"Book.order(SQL("year DESC").sqlOrdering).reversed()"#)?.message,
            "GRDB can not reverse an ordering written in SQL")
        // GRDB adds a statement's named arguments with `+=`, which traps on a name given twice.
        XCTAssertEqual(
            try harness().lastError(
                #"SQLRequest<Row>(literal: "SELECT \(sql: ":y", arguments: ["y": 1]), \(sql: ":y", arguments: ["y": 2])")"#
            )?.message,
            #"the named SQL argument "y" is given twice in this request: GRDB can not bind it twice"#)
        // A raw subquery of a query interface request is bound with `try!`: placeholders must match.
        XCTAssertEqual(
            try harness().lastError(#"Book.filter(Column("year") == SQLRequest<Int>(sql: "SELECT ?"))"#)?.message,
            "the SQL has 1 `?` placeholder but 0 arguments")
        XCTAssertEqual(
            try harness().lastError(#"Book.filter(literal: "id IN \([Author.books.count])")"#)?.message,
            "an association aggregate can not be interpolated in SQL: GRDB has no SQL for it outside a request")
        XCTAssertEqual(
            try harness().lastError(#"Book.order(1.sqlOrdering)"#)?.message,
            "a value has no property `sqlOrdering`: GRDB offers it on expressions, as in `Column(\"score\").sqlOrdering`"
        )
        let unknown = try harness().lastError(#"SQL("SELECT \(tableOf: 1)")"#)
        XCTAssertEqual(unknown?.message, #"the SQL interpolation `\(tableOf:)` is not supported yet"#)
        XCTAssertTrue(unknown?.suggestion?.contains("`\\(definitionFor:)`") ?? false, unknown?.suggestion ?? "")
    }
}
