import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborLanguage

final class CompletionTests: XCTestCase {
    /// country ← author ← book ← prize, and tag ↔ book through bookTag.
    static let schemaSQL = """
        CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code));
        CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, year INTEGER);
        CREATE TABLE prize(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), name TEXT);
        """

    static func makeEnvironment() throws -> Environment {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: schemaSQL) }
        return Environment(schema: try queue.read { db in try SchemaGraph.load(db) })
    }

    var environment = Environment(schema: SchemaGraph(tables: []))

    override func setUpWithError() throws {
        environment = try Self.makeEnvironment()
    }

    /// Binds `name` as `let name = source` would.
    func bind(_ name: String, _ source: String) throws {
        let parsed = Parser.parse(source)
        guard case .expression(let expr)? = parsed.statements.first else { return XCTFail("cannot parse \(source)") }
        let evaluator = Evaluator(environment: environment)
        environment.bindings[name] = try evaluator.evaluate(expr)
        environment.aliasTables = evaluator.environment.aliasTables
        environment.nextAliasID = evaluator.environment.nextAliasID
    }

    /// Completes at the end of `text`, or at the `|` in it.
    func complete(_ text: String) -> CompletionResult {
        if let bar = text.firstIndex(of: "|") {
            let cursor = text.utf8.distance(from: text.startIndex, to: bar)
            var without = text
            without.remove(at: bar)
            return Completer.complete(without, cursor: cursor, environment: environment)
        }
        return Completer.complete(text, cursor: text.utf8.count, environment: environment)
    }

    func texts(_ text: String) -> [String] { complete(text).candidates.map(\.text) }

    static let functions = [
        "abs", "AllColumns", "AnyFetchRequest", "AnySQLJSONExpressible", "average", "cast", "coalesce", "Column",
        "CommonTableExpression", "count", "DatabaseDateComponents", "dateTime", "ForeignKey", "FTS3Pattern",
        "FTS5Pattern", "JSONColumn",
        "julianDay", "length", "max", "min", "SQL", "SQLRequest", "StatementArguments", "sum", "Table", "TableAlias",
        "total",
    ]
    static let types = ["Author", "Book", "Country", "Prize"]
    static let tableMethods = [
        "aliased", "all", "annotated", "association", "belongsTo", "exists", "fetchAll", "fetchCount", "fetchCursor",
        "fetchOne", "fetchSet", "filter", "find", "hasMany", "hasOne", "having", "including", "joining", "limit",
        "matching", "none", "order", "orderByPrimaryKey", "select", "selectID", "selectPrimaryKey", "with",
    ]
    static let requestMethods = [
        "aliased", "all", "annotated", "asRequest", "contains", "databaseTableName", "distinct", "exists", "fetchAll",
        "fetchCount",
        "fetchCursor", "fetchOne", "fetchSet", "filter", "group", "groupByPrimaryKey", "having", "including", "isEmpty",
        "joining", "limit", "matching", "none", "order", "orderByPrimaryKey", "reversed", "select", "selectID",
        "selectPrimaryKey", "unordered", "with",
    ]
    static let associationMethods = [
        "aliased", "all", "annotated", "databaseTableName", "distinct", "filter", "forKey", "group",
        "groupByPrimaryKey", "having",
        "including", "joining", "matching", "none", "order", "orderByPrimaryKey", "reversed", "select", "unordered",
        "with",
    ]
    static let aggregates = ["average", "count", "isEmpty", "max", "min", "sum", "total"]

    // MARK: Record types and statements

    func testStatementStartOffersRecordTypesFunctionsAndLet() {
        XCTAssertEqual(texts(""), Self.types + Self.functions + ["extension", "let"])
        let result = complete("Bo")
        XCTAssertEqual(result.range, SourceRange(0, 2))
        XCTAssertEqual(result.candidates, [Completion("Book", kind: .recordType, detail: "book")])
    }

    func testExactCaseComesFirst() {
        // `count` and `Country` both start with "co", ignoring case.
        XCTAssertEqual(texts("let x = co"), ["coalesce", "count", "Country", "Column", "CommonTableExpression"])
        XCTAssertEqual(texts("let x = Co"), ["Country", "Column", "CommonTableExpression", "coalesce", "count"])
    }

    func testExpressionAfterLetAndOperators() {
        XCTAssertEqual(texts("let x = "), Self.types + Self.functions + ["false", "nil", "true"])
        XCTAssertEqual(texts("let "), [])
        XCTAssertEqual(texts("let x"), [])
        XCTAssertEqual(texts("Author "), [])
        XCTAssertEqual(texts("Book.filter(Column(\"year\") > 2000 && Ta"), ["Table", "TableAlias"])
    }

    func testBindings() throws {
        try bind("recent", "Book.filter(Column(\"year\") > 2000)")
        try bind("authorBooks", "Author.books")
        XCTAssertEqual(texts("re"), ["recent"])
        XCTAssertEqual(texts("recent.re"), ["reversed"])
        XCTAssertEqual(texts("Author.including(all: a"), ["authorBooks", "Author"])
        // A binding to a request is no association.
        XCTAssertEqual(texts("Author.including(all: r"), [])
        XCTAssertEqual(
            complete("au").candidates.first, Completion("authorBooks", kind: .binding, detail: "a to-many association"))
    }

    // MARK: Members

    func testMembersOfARecordType() {
        XCTAssertEqual(texts("Author."), ["books", "country"] + Self.tableMethods)
        let result = complete("Author.b")
        XCTAssertEqual(result.range, SourceRange(7, 8))
        XCTAssertEqual(
            result.candidates,
            [
                Completion("books", kind: .association, detail: "hasMany → Book"),
                Completion("belongsTo", kind: .method, detail: "belongsTo(_:key:using:)"),
            ])
        XCTAssertEqual(texts("Prize."), ["book"] + Self.tableMethods)
        // `Table("author")` is GRDB's `Table<Row>`: `Author.books` is no member of it.
        XCTAssertEqual(texts("Table(\"author\").boo"), [])
        XCTAssertEqual(texts("Table<Author>(\"author\").boo"), [])
    }

    /// Where only an association fits, a record type offers its associations and
    /// nothing else: no `belongsTo`, `fetchAll` or `none`.
    func testMembersOfARecordTypeWhereAnAssociationGoes() {
        XCTAssertEqual(texts("Book.including(required: Book."), ["author", "prizes"])
        XCTAssertEqual(texts("Book.joining(optional: Book.a"), ["author"])
        XCTAssertEqual(texts("Author.including(all: Author."), ["books"], "to-many only")
        XCTAssertEqual(texts("Author.annotated(withRequired: Author."), ["books", "country"])
        XCTAssertEqual(texts("Book.including(required: Book.n"), [], "never none")
        // Elsewhere the record type's methods stay.
        XCTAssertEqual(
            texts("Book.filter(key: 1).including(required: Book.author).filter(Book."),
            ["author", "prizes"] + Self.tableMethods)
        XCTAssertEqual(
            texts("Author.including(all: Author.books.filter(Column(\"year\") > Book."),
            ["author", "prizes"] + Self.tableMethods)
    }

    func testMembersOfRequestsAndAssociations() {
        XCTAssertEqual(texts("Author.all()."), Self.requestMethods)
        XCTAssertEqual(texts("Author.including(all: Author.books)."), Self.requestMethods)
        XCTAssertEqual(
            texts("Author.books."),
            (Self.associationMethods + Self.aggregates).sorted { $0.lowercased() < $1.lowercased() })
        // To-one: no aggregates. Associations have no `limit`.
        XCTAssertEqual(texts("Book.author."), Self.associationMethods)
        XCTAssertEqual(texts("Book.author.li"), [])
        XCTAssertEqual(texts("Author.books.filter(Column(\"year\") > 2000).co"), ["count"])
    }

    func testMembersOfExpressions() {
        XCTAssertEqual(
            texts("Book.order(Column(\"title\")."),
            [
                "asc", "ascNullsLast", "asJSON", "capitalized", "collating", "desc", "descNullsFirst", "detached",
                "forKey",
                "like",
                "localizedCapitalized", "localizedLowercased", "localizedUppercased", "lowercased", "match", "name",
                "sqlExpression", "sqlOrdering", "sqlSelection", "uppercased",
            ])
        XCTAssertEqual(texts("Author.annotated(with: Author.books.count."), ["forKey"])
        XCTAssertEqual(texts("[1, 2]."), ["contains"])
        XCTAssertEqual(
            texts("Book.order(Column(\"title\").collating(."),
            [
                "binary", "caseInsensitiveCompare", "localizedCaseInsensitiveCompare", "localizedCompare",
                "localizedStandardCompare", "nocase", "rtrim", "unicodeCompare",
            ])
        XCTAssertEqual(texts("Book.select(cast(Column(\"year\"), as: .i"), ["integer"])
    }

    /// A receiver that does not evaluate (an unknown column) still has a kind.
    func testReceiverWithAnErrorIsApproximated() {
        XCTAssertEqual(texts("Author.filter(Column(\"nope\") == 1).incl"), ["including"])
        XCTAssertEqual(
            texts("Author.filter(Column(\"nope\") == 1).including(all: "),
            ["books", "Author", "Book", "Country", "Prize"])
        XCTAssertEqual(texts("Author.books.filter(nope).forK"), ["forKey"])
        XCTAssertEqual(texts("Nope."), [])
    }

    // MARK: Associations in the bare-name position

    func testLabelsOfIncludingAndJoining() {
        XCTAssertEqual(texts("Author.including("), ["all:", "optional:", "required:"])
        XCTAssertEqual(texts("Author.including(re"), ["required:"])
        XCTAssertEqual(texts("Book.joining("), ["optional:", "required:"])
        XCTAssertEqual(texts("Book.annotated("), ["with:", "withOptional:", "withRequired:"])
    }

    func testAssociationsOfTheReceiverInIncluding() {
        // `including(all:)` takes to-many associations only.
        XCTAssertEqual(texts("Author.including(all: "), ["books", "Author", "Book", "Country", "Prize"])
        XCTAssertEqual(
            texts("Author.including(required: "), ["books", "country", "Author", "Book", "Country", "Prize"])
        XCTAssertEqual(texts("Book.joining(optional: a"), ["author", "Author"])
        XCTAssertEqual(
            texts("Book.annotated(withRequired: "), ["author", "prizes", "Author", "Book", "Country", "Prize"])
        XCTAssertEqual(complete("Book.including(optional: au").range, SourceRange(25, 27))
    }

    func testNestedAssociationsResolveAgainstTheDestination() {
        XCTAssertEqual(
            texts("Author.including(all: books.including(all: "), ["prizes", "Author", "Book", "Country", "Prize"])
        XCTAssertEqual(
            texts("Author.including(all: Author.books.including(optional: "),
            ["author", "prizes", "Author", "Book", "Country", "Prize"])
        XCTAssertEqual(
            texts("Prize.including(required: book.including(required: author.including(optional: c"),
            ["country", "Country"])
        XCTAssertEqual(
            texts("Author.including(all: books."),
            (Self.associationMethods + Self.aggregates).sorted { $0.lowercased() < $1.lowercased() })
        XCTAssertEqual(texts("Author.including(all: books.pr"), [])
    }

    func testAggregatesInHavingAndAnnotated() {
        XCTAssertEqual(texts("Author.having("), ["books"] + Self.types + Self.functions + ["false", "nil", "true"])
        XCTAssertEqual(texts("Author.having(b"), ["books", "Book"])
        XCTAssertEqual(texts("Author.annotated(with: b"), ["books", "Book"])
        XCTAssertEqual(texts("Author.including(all: Author.books).having(books.count > 1 && b"), ["books", "Book"])
        XCTAssertEqual(texts("Book.annotated(with: p"), ["prizes", "Prize"])
        XCTAssertEqual(texts("Author.having(books.c"), ["count"])
        XCTAssertEqual(texts("Author.annotated(with: books.max(Column(\""), ["authorId", "id", "title", "year"])
    }

    // MARK: Columns

    func testColumnsInsideColumnOfTheReceiverTable() {
        XCTAssertEqual(texts("Author.filter(Column(\""), ["countryCode", "id", "name"])
        let result = complete("Author.filter(Column(\"na")
        XCTAssertEqual(result.range, SourceRange(22, 24))
        XCTAssertEqual(result.candidates, [Completion("name", kind: .column, detail: "TEXT")])
        XCTAssertEqual(texts("Author.including(all: Author.books.filter(Column(\"t"), ["title"])
        XCTAssertEqual(texts("Author.including(all: books.order(Column(\"y"), ["year"])
        XCTAssertEqual(texts("Author.including(all: books).filter(Column(\"y"), [])
        XCTAssertEqual(texts("Book.filter(Column(\"year\") > 2000).select(Column(\"t"), ["title"])
        XCTAssertEqual(texts("Author.books.max(Column(\"y"), ["year"])
        // Outside any request, no table is known; a finished string offers nothing.
        XCTAssertEqual(texts("Column(\""), [])
        XCTAssertEqual(texts("Author.filter(Column(\"name\""), [])
    }

    func testColumnsInClosuresAndKeyPaths() {
        XCTAssertEqual(texts("Book.filter { $0."), ["authorId", "id", "title", "year"])
        XCTAssertEqual(texts("Book.filter { $0.year > 2000 && $0.t"), ["title"])
        XCTAssertEqual(texts("Author.including(all: books.filter { $0.y"), ["year"])
        XCTAssertEqual(texts("Author.including(all: Author.books.order { $0.t"), ["title"])
        XCTAssertEqual(texts("Book.filter { book in book.y"), ["year"])
        XCTAssertEqual(texts("Book.order(\\.t"), ["title"])
        XCTAssertEqual(texts("Book.order(\\.$y"), ["year"])
        XCTAssertEqual(complete("Book.order(\\.$y").range, SourceRange(14, 15))
        XCTAssertEqual(texts("Author.annotated(with: books.max { $0.y"), ["year"])
    }

    func testColumnsOfAnAlias() throws {
        try bind("a", "TableAlias()")
        XCTAssertEqual(texts("Book.aliased(a).filter(a[Column(\"ti"), ["title"])
        XCTAssertEqual(
            texts("Book.joining(required: Book.author.aliased(a)).filter(a."), ["countryCode", "id", "name", "exists"])
        // The session's environment is not changed by completion.
        XCTAssertTrue(environment.aliasTables.isEmpty)
    }

    func testTableNamesInsideTable() {
        XCTAssertEqual(texts("Table(\""), ["author", "book", "country", "prize"])
        XCTAssertEqual(complete("Table(\"bo").candidates, [Completion("book", kind: .table, detail: "Book")])
    }

    // MARK: Arguments, commands, cursor

    func testArgumentLabelsAfterExpressions() {
        XCTAssertEqual(texts("Book.filter(ke"), ["key:", "keys:"])
        XCTAssertEqual(texts("Book.limit(1, o"), ["offset:"])
        XCTAssertEqual(texts("TableAlias(n"), ["nil", "name:"])
    }

    func testCommands() {
        XCTAssertEqual(
            texts(":"),
            [
                "advise", "associations", "complete", "copy", "declarations", "explain", "format", "graph", "help",
                "load", "migrate", "migrations", "quit", "schema", "sql", "swift", "tables", "trace", "watch",
            ])
        XCTAssertEqual(texts(":sc"), ["schema"])
        XCTAssertEqual(texts(":schema B"), ["Book"])
        XCTAssertEqual(texts(":graph B"), ["Book"])
        XCTAssertEqual(texts("Author.books\n:a"), ["advise", "associations"])
        XCTAssertEqual(texts(":advise B"), ["Book"])
    }

    func testCursorInsideTheText() {
        let result = complete("Author.bo|.filter(Column(\"id\") == 1)")
        XCTAssertEqual(result.range, SourceRange(7, 9))
        XCTAssertEqual(result.candidates.map(\.text), ["books"])
        // A later statement does not matter; an earlier one does not either.
        XCTAssertEqual(texts("Book.title\nAuthor.c|"), ["country"])
        XCTAssertEqual(texts("Book; Author.c"), ["country"])
    }

    func testOutOfRangeCursorsAndMultibyteText() {
        let text = "Book.filter(Column(\"title\") == \"漢字\").inc"
        XCTAssertEqual(
            Completer.complete(text, cursor: 10_000, environment: environment).candidates.map(\.text), ["including"])
        XCTAssertEqual(Completer.complete(text, cursor: -3, environment: environment).range, SourceRange(0, 0))
        // Inside the 3-byte `漢`: moved back to its start, inside the string.
        let start = text.utf8.count - 12
        XCTAssertEqual(
            Completer.complete(text, cursor: start + 1, environment: environment).range, SourceRange(start, start))
        XCTAssertEqual(texts("Book.filter(Column(\"tïtle\") == 1).li"), ["limit"])
    }

    func testCommonPrefix() {
        XCTAssertEqual(complete("Author.including(all: Author.books).or").commonPrefix, "order")
        XCTAssertEqual(complete("Book.fetch").commonPrefix, "fetch")
        XCTAssertEqual(complete("Nope.").commonPrefix, "")
    }

    func testDeepNestingDoesNotExhaustTheStack() {
        let deep = "Book.filter(" + String(repeating: "(", count: 5_000) + "Column(\""
        XCTAssertEqual(texts(deep), [])
        let chain = "Book" + String(repeating: ".all()", count: 2_000) + ".li"
        XCTAssertEqual(texts(chain), [])
        let includes = "Author" + String(repeating: ".including(all: books.including(all: prizes", count: 500) + "."
        XCTAssertEqual(texts(includes), [])
    }
}
