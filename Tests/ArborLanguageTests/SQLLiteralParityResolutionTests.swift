import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Volume: TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
}
private struct Person: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Volume.self, key: "books", using: ForeignKey(["authorId"]))
}

/// `filter(literal:)` and friends, `SQL` literals with interpolations, named
/// arguments: arbor's SQL equals GRDB's for the same Swift code.
final class SQLLiteralParityResolutionTests: XCTestCase, DemoLanguageParity {
    var demo: LanguageHarness?

    func failure(_ text: String) throws -> ArborError? {
        try harness().lastError(text)
    }

    func testLiteralMethodsWithInterpolatedValuesAndColumns() throws {
        try assertSame(
            #"Book.filter(literal: "title = \("Kids")")"#, Volume.filter(literal: "title = \("Kids")"))
        try assertSame(
            #"Book.filter(literal: "\(Column("year")) > \(1900) AND kind = \(nil)")"#,
            Volume.filter(literal: "\(Column("year")) > \(1900) AND kind = \(nil as String?)"))
        try assertSame(
            #"Book.order(literal: "\(Column("title").desc), year")"#,
            Volume.order(literal: "\(Column("title").desc), year"))
        try assertSame(
            #"Book.select(literal: "\(Column("title")), \(Column("year") + 1) AS next")"#,
            Volume.select(literal: "\(Column("title")), \(Column("year") + 1) AS next"))
        try assertSame(
            #"Book.all().group(literal: "kind").having(literal: "COUNT(*) > \(2)")"#,
            Volume.all().group(literal: "kind").having(literal: "COUNT(*) > \(2)"))
        try assertSame(#"Book.filter(literal: "year > 1900")"#, Volume.filter(literal: "year > 1900"))
    }

    func testSQLLiteralsAsExpressionsAndWithLetBoundValues() throws {
        try harness().run(#"let pattern = "%Kids%""#)
        try assertSame(
            #"Book.filter(SQL("title LIKE \(pattern)").sqlExpression)"#,
            Volume.filter(SQL("title LIKE \("%Kids%")").sqlExpression))
        try assertSame(
            #"Book.filter(literal: SQL("title LIKE \(pattern) AND \(sql: "year > ?", arguments: [1900])"))"#,
            Volume.filter(literal: SQL("title LIKE \("%Kids%") AND \(sql: "year > ?", arguments: [1900])")))
        try assertSame(
            #"Book.filter(literal: "\(literal: SQL("year > \(1900)")) AND \(identifier: "kind") IS NOT NULL")"#,
            Volume.filter(literal: "\(literal: SQL("year > \(1900)")) AND \(identifier: "kind") IS NOT NULL"))
        // A column of a joined table is qualified, as GRDB qualifies it.
        try assertSame(
            #"let a = TableAlias(name: "a")"# + "\n"
                + #"Book.joining(required: Book.author.aliased(a)).filter(literal: "\(a[Column("name")]) = \("Kim")")"#,
            {
                let a = TableAlias(name: "a")
                return Volume.joining(required: Volume.author.aliased(a)).filter(
                    literal: "\(a[Column("name")]) = \("Kim")")
            }())
    }

    /// GRDB's `+` on `SQL` joins the text; a string literal there is an `SQL` too.
    func testSQLLiteralsConcatenate() throws {
        try assertSame(
            #"Book.filter(literal: SQL("year > \(1900)") + " AND " + SQL("kind = \("novel")"))"#,
            Volume.filter(literal: SQL("year > \(1900)") + " AND " + SQL("kind = \("novel")")))
        try assertSame(
            #"Book.filter(SQL("year > 1900") + SQL(" AND kind IS NULL"))"#,
            Volume.filter(SQL("year > 1900") + SQL(" AND kind IS NULL")))
    }

    func testNamedArguments() throws {
        try assertSame(
            #"Book.filter(sql: "title LIKE :pattern", arguments: ["pattern": "%Kids%"])"#,
            Volume.filter(sql: "title LIKE :pattern", arguments: ["pattern": "%Kids%"]))
        try assertSame(
            #"Book.filter(sql: "year > :y AND year < :y + 10", arguments: StatementArguments(["y": 1900]))"#,
            Volume.filter(sql: "year > :y AND year < :y + 10", arguments: StatementArguments(["y": 1900])))
        try assertSame(
            #"Book.filter(sql: "year > ?", arguments: StatementArguments([1900]))"#,
            Volume.filter(sql: "year > ?", arguments: StatementArguments([1900])))
        try assertSame(
            #"Book.order(sql: "abs(year - :y)", arguments: ["y": 1950]).select(sql: "title, :suffix", arguments: ["suffix": "!"])"#,
            Volume.order(sql: "abs(year - :y)", arguments: ["y": 1950]).select(
                sql: "title, :suffix", arguments: ["suffix": "!"]))
        try assertSame(
            #"Book.filter(SQL(sql: "kind = @kind", arguments: ["kind": "novel"]).sqlExpression)"#,
            Volume.filter(SQL(sql: "kind = @kind", arguments: ["kind": "novel"]).sqlExpression))
    }

    /// GRDB binds arguments with `try!` and adds them with `+=`: a missing or twice
    /// given named argument would stop the process. They are located errors here.
    func testNamedArgumentsGRDBWouldTrapOnAreErrors() throws {
        let missing = try failure(#"Book.filter(sql: "title = :title", arguments: ["name": "x"])"#)
        XCTAssertEqual(
            missing?.message, #"the SQL uses the named argument `:title` but the arguments have no "title""#)
        let twice = try failure(
            #"Book.filter(sql: "year > :y", arguments: ["y": 1]).filter(sql: "year < :y", arguments: ["y": 2])"#)
        XCTAssertEqual(
            twice?.message,
            #"the named SQL argument "y" is given twice in this request: GRDB can not bind it twice"#)
        let unbound = try failure(#"Book.filter(literal: "title = ?")"#)
        XCTAssertEqual(unbound?.message, "the SQL has 1 `?` placeholder but 0 arguments")
        let notArguments = try failure(#"Book.filter(sql: "year > ?", arguments: 1900)"#)
        XCTAssertEqual(notArguments?.range, SourceRange(40, 44))
    }

    /// Where Swift expects a `String`, interpolation is Swift's: the text of the value.
    func testInterpolationInAStringIsSwiftsOwn() throws {
        try harness().run("let since = 1900")
        let since = 1900
        try assertSame(
            #"Book.filter(sql: "year > \(since) AND kind <> '\("poems")' AND \(true)")"#,
            Volume.filter(sql: "year > \(since) AND kind <> '\("poems")' AND \(true)"))
        let error = try failure(#"Book.filter(sql: "\(Column("title")) = 'x'")"#)
        XCTAssertEqual(error?.range, SourceRange(18, 36))
        XCTAssertTrue(error?.message.contains("not supported yet") ?? false, error?.message ?? "")
        // GRDB does not double a `"` in `\(identifier:)`: the SQL would break out of the name.
        let unquotable = try failure(#"Book.filter(literal: "\(identifier: "a\" OR 1 --") = 1")"#)
        XCTAssertEqual(unquotable?.range, SourceRange(36, 49))
        try assertSame(
            #"Book.select(literal: "\(columnsOf: Book.self)")"#, Volume.select(literal: "\(columnsOf: Volume.self)"))
        let unsupported = try failure(#"Book.filter(literal: "\(tableOf: Book.self)")"#)
        XCTAssertEqual(unsupported?.message, #"the SQL interpolation `\(tableOf:)` is not supported yet"#)
    }
}

extension SQLLiteralParityResolutionTests {
    /// `let` bindings share values: doubling an SQL literal or a subquery forty
    /// times is bounded by the plan size limit, not by memory.
    func testSharedLiteralsAndSubqueriesAreBounded() throws {
        let harness = try LanguageHarness.demo()
        for (start, step) in [
            (#"let s = SQL("year > 1")"#, #"let s = s + " OR " + s"#),
            (#"let s = SQL("year > 1")"#, #"let s = SQL("(\(s)) OR (\(s))")"#),
            (
                "let s = Book.select(Column(\"id\"))",
                "let s = Book.filter(s.contains(Column(\"id\")) || s.contains(Column(\"authorId\"))).select(Column(\"id\"))"
            ),
        ] {
            let script = ([start] + Array(repeating: step, count: 40)).joined(separator: "\n")
            let failures = harness.results(script).compactMap { result -> String? in
                if case .failure(let error) = result { return error.message }
                return nil
            }
            XCTAssertTrue(failures.contains { $0.contains("too large") }, "\(step): \(failures.prefix(2))")
        }
    }
}
