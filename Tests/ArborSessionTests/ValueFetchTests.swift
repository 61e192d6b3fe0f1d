import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// Values, raw SQL, `fetchSet`, `exists` and `isEmpty`, as apps write them inside
/// `dbQueue.read { db in … }`: exact outputs, and GRDB run directly on the demo for the same calls.
final class ValueFetchTests: XCTestCase {
    private func rows(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> RequestResult? {
        let session = try ParityChecking.session()
        guard case .rows(let result)? = session.run("try dbQueue.read { db in try \(text) }").last else {
            XCTFail("\(text): \(session.run(text).last.map { "\($0)" } ?? "nothing")", file: file, line: line)
            return nil
        }
        return result
    }

    private func tree(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        guard let result = try rows(text, file: file, line: line) else { return [] }
        return TreeFormat.lines(table: result.plan.table.isEmpty ? "row" : result.plan.table, rows: result.rows)
    }

    private func failure(_ text: String) throws -> ArborError? {
        guard case .failure(let errors, _)? = try ParityChecking.session().run(text).last else { return nil }
        return errors.first
    }

    private func grdb<T>(_ body: (Database) throws -> T) throws -> T {
        try ParityChecking.session().database.read(body)
    }

    func testValuesOfARequestAreGRDBsConversions() throws {
        let text = #"String.fetchAll(db, Book.select(Column("title")).order(Column("id")).limit(3))"#
        XCTAssertEqual(
            try tree(text),
            [
                #"book title:"Kara Kitap""#, #"book title:"Les Précieuses ridicules""#,
                #"book title:"Преступление и наказание""#,
            ])
        let request = Table("book").select(Column("title")).order(Column("id")).limit(3)
        let values = try rows(text)?.rows.map { $0.values[0] }
        XCTAssertEqual(values, try grdb { db in try String.fetchAll(db, request) }.map(\.databaseValue))
        XCTAssertEqual(try rows(text)?.mainSQL, try ParityChecking.grdbSQL(request))
        // A Double of an integer column is a real, as the app gets it.
        let years = try rows(#"Double.fetchAll(db, Book.select(Column("year")).order(Column("id")).limit(2))"#)
        XCTAssertEqual(
            years?.rows.map { $0.values[0] }, [DatabaseValue.fromDouble(1990), DatabaseValue.fromDouble(1660)])
    }

    func testFetchOneOfAValueAndOfRawSQL() throws {
        XCTAssertEqual(
            try tree(#"Int.fetchOne(db, Book.select(max(Column("year"))))"#), [#"book "MAX(""year"")":2021"#])
        XCTAssertEqual(
            try grdb { db in try Int.fetchOne(db, Table("book").select(max(Column("year")))) }, 2021)
        let count = try rows(#"Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book")"#)
        XCTAssertEqual(count?.rows.map { $0.values }, [[390.databaseValue]])
        XCTAssertEqual(count?.mainSQL, "SELECT COUNT(*) FROM book")
        XCTAssertEqual(try grdb { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book") }, 390)
    }

    func testANullInANonOptionalFetchFailsWithGRDBsError() throws {
        let text = #"try dbQueue.read { db in try String.fetchAll(db, Book.select(Column("translatorId"))) }"#
        let error = try failure(text)
        var grdbMessage = ""
        do {
            _ = try grdb { db in try String.fetchAll(db, Table("book").select(Column("translatorId"))) }
        } catch {
            grdbMessage = "\(error)"
        }
        XCTAssertEqual(
            grdbMessage,
            #"could not decode String from database value NULL - column: "translatorId", column index: 0, row: [translatorId:NULL], sql: `SELECT "translatorId" FROM "book"`, arguments: []"#
        )
        XCTAssertEqual(error?.message, grdbMessage)
        // The statement after its `try`.
        XCTAssertEqual(error?.range, SourceRange(4, text.utf8.count))
        // Optional: NULL is a value.
        XCTAssertEqual(
            try tree(#"String?.fetchAll(db, Book.select(Column("translatorId")).order(Column("id")).limit(2))"#),
            ["book translatorId:NULL", "book translatorId:NULL"])
        XCTAssertEqual(
            try tree(
                #"Optional<String>.fetchAll(db, Book.select(Column("translatorId")).order(Column("id")).limit(1))"#),
            ["book translatorId:NULL"])
    }

    func testFetchSetShowsEachValueOnceInTheOrderFetched() throws {
        let text =
            #"String.fetchSet(db, Book.select(Column("kind")).filter(Column("kind") != nil).order(Column("id")))"#
        let values = try rows(text)?.rows.map { $0.values[0] } ?? []
        let grdbSet = try grdb { db in
            try String.fetchSet(db, Table("book").select(Column("kind")).filter(Column("kind") != nil))
        }
        XCTAssertEqual(Set(values.compactMap { String.fromDatabaseValue($0) }), grdbSet)
        XCTAssertEqual(values.count, grdbSet.count)
        XCTAssertEqual(
            Array(values.prefix(3)), ["novel".databaseValue, "theatrePlay".databaseValue, "essay".databaseValue])
        XCTAssertEqual(try tree("Book.fetchSet(db, keys: [1, 1])").count, 1)
        XCTAssertEqual(try tree(#"Book.select(Column("language")).filter(Column("id") < 10).fetchSet(db)"#).count, 7)
        XCTAssertEqual(
            try grdb { db in try Row.fetchSet(db, Table("book").select(Column("language")).filter(Column("id") < 10)) }
                .count, 7)
    }

    func testRawSQLOfRecordsAndRows() throws {
        let text =
            #"Book.fetchAll(db, sql: "SELECT id, title FROM book WHERE year > ? ORDER BY id LIMIT 2", arguments: [2000])"#
        XCTAssertEqual(try tree(text), [#"book id:9 title:"Chwila""#, #"book id:17 title:"2666""#])
        XCTAssertEqual(
            try rows(text)?.mainSQL, "SELECT id, title FROM book WHERE year > 2000 ORDER BY id LIMIT 2")
        XCTAssertEqual(
            try grdb { db in
                try Row.fetchAll(
                    db, sql: "SELECT id, title FROM book WHERE year > ? ORDER BY id LIMIT 2", arguments: [2000])
            }.map { $0["title"] as String? }, ["Chwila", "2666"])
        XCTAssertEqual(
            try tree(#"Row.fetchOne(db, sql: "SELECT name FROM author WHERE id = ?", arguments: [1])"#),
            [#"row name:"Victor Hugo""#])
        XCTAssertEqual(
            try tree(
                #"SQLRequest<Row>(sql: "SELECT name FROM author WHERE id < ? ORDER BY id", arguments: [3]).fetchAll(db)"#
            ),
            [#"row name:"Victor Hugo""#, #"row name:"Émile Zola""#])
        XCTAssertEqual(
            try tree(#"SQLRequest<String>(sql: "SELECT name FROM author ORDER BY id").fetchOne(db)"#),
            [#"row name:"Victor Hugo""#])
    }

    func testSQLRequestCountsAsGRDBDoes() throws {
        let session = try ParityChecking.session()
        guard
            case .count(let count, let sql)? = session.run(
                #"try dbQueue.read { db in try SQLRequest<Book>(sql: "SELECT * FROM book WHERE id < ?", arguments: [3]).fetchCount(db) }"#
            ).last
        else { return XCTFail("fetchCount gives a count") }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(sql, "SELECT COUNT(*) FROM (SELECT * FROM book WHERE id < 3)")
        XCTAssertEqual(
            try grdb { db in try SQLRequest<Row>(sql: "SELECT * FROM book WHERE id < ?", arguments: [3]).fetchCount(db)
            }, 2)
    }

    func testExistsAndIsEmptyAreBooleans() throws {
        let session = try ParityChecking.session()
        func boolean(_ text: String) -> (Bool, String)? {
            guard case .boolean(let value, let sql)? = session.run("try dbQueue.read { db in try \(text) }").last else {
                return nil
            }
            return (value, sql)
        }
        XCTAssertEqual(boolean("Book.exists(db, key: 1)")?.0, true)
        XCTAssertEqual(boolean("Book.exists(db, key: 1)")?.1, #"SELECT EXISTS (SELECT * FROM "book" WHERE "id" = 1)"#)
        XCTAssertEqual(try grdb { db in try Table("book").exists(db, key: 1) }, true)
        XCTAssertEqual(boolean("Book.exists(db, id: 100000)")?.0, false)
        XCTAssertEqual(boolean(#"Book.filter(Column("year") > 3000).isEmpty(db)"#)?.0, true)
        XCTAssertEqual(try grdb { db in try Table("book").filter(Column("year") > 3000).isEmpty(db) }, true)
        XCTAssertEqual(boolean("Author.all().isEmpty(db)")?.0, false)
        XCTAssertEqual(try failure("Book.isEmpty(db)")?.message, "`isEmpty(_:)` is a method of requests")
        XCTAssertEqual(try failure("Book.isEmpty(db)")?.range, SourceRange(5, 12))
    }

    func testRawSQLRunsReadOnlyAsSQLDoes() throws {
        let text = #"Row.fetchAll(db, sql: "DELETE FROM book RETURNING id")"#
        let error = try failure(text)
        XCTAssertEqual(
            error?.message, "this statement writes (data, schema or a file), and the database is open read-only")
        XCTAssertEqual(
            error?.suggestion, "the demo database is read-only; open a copy of a file with `--write` to change it")
        XCTAssertEqual(error?.range, SourceRange(0, text.utf8.count))
        XCTAssertEqual(
            try failure(#"Row.fetchAll(db, sql: "PRAGMA query_only = 0")"#)?.message,
            "this statement returns no rows: a request fetches rows")
        XCTAssertEqual(
            try failure(#"SQLRequest<Row>(sql: "SELECT 1").filter(Column("id") == 1)"#)?.message,
            "a raw SQL request (`SQLRequest`) has no method `filter`: it runs its SQL as written")
        XCTAssertEqual(try ParityChecking.session().run(#"Book.fetchCount(db)"#).count, 1)
    }

    func testSwiftFormatWritesTheTypedFetch() throws {
        let session = try ParityChecking.session()
        func swift(_ text: String) throws -> [String] {
            guard let result = try rows(text) else { return [] }
            return SwiftCode.generate(result.plan, environment: session.environment).split(separator: "\n").suffix(2)
                .map(String.init)
        }
        XCTAssertEqual(
            try swift(#"Book.fetchAll(db, sql: "SELECT * FROM book WHERE id = ?", arguments: [1])"#),
            [
                #"let request = SQLRequest<Row>(literal: SQL(sql: "SELECT * FROM book WHERE id = ?", arguments: [1]))"#,
                "let values = try dbQueue.read { db in try Book.fetchAll(db, request) }",
            ])
        XCTAssertEqual(
            try swift(#"String?.fetchSet(db, Book.select(Column("title")))"#),
            [
                #"let request = Book.select(Column("title"))"#,
                "let values = try dbQueue.read { db in try Optional<String>.fetchSet(db, request) }",
            ])
    }

    func testMisusedFormsAreLocated() throws {
        let wrongLabel = try failure(#"String.fetchAll(db, query: "SELECT 1")"#)
        XCTAssertEqual(
            wrongLabel?.message,
            "`fetchAll` has no argument label `query:` after `_:`; it takes an unlabelled argument or `sql:`")
        XCTAssertEqual(wrongLabel?.range, SourceRange(20, 25))
        XCTAssertEqual(
            try failure("String.fetchCount(db, Book.all())")?.message, "`String` has no method `fetchCount` here")
        XCTAssertEqual(
            try failure(#"SQLRequest<Draft>(sql: "SELECT 1")"#)?.message,
            "`SQLRequest<Draft>` is not supported yet: arbor fetches raw SQL as `Row`, a record type of the schema, or a value such as `String`"
        )
    }

    /// GRDB's date parser asserts a statement's text holds no NUL (a debug build stops
    /// there): arbor refuses the value first, naming the row, and keeps running.
    func testADateTextWithANulIsRefusedNotParsed() throws {
        let error = try failure(
            #"try Date.fetchAll(db, sql: "SELECT '2020-01-01' UNION ALL SELECT '2020-01-01' || char(0) || 'x'")"#)
        XCTAssertEqual(
            error?.message,
            "row 2 holds a date text with a NUL character: GRDB's date parser stops on it (an assertion in debug builds)"
        )
        XCTAssertEqual(error?.range, SourceRange(4, 97))
        XCTAssertEqual(
            try tree(#"Date?.fetchAll(db, sql: "SELECT '2020-01-02' UNION ALL SELECT NULL")"#),
            [#"row "'2020-01-02'":"2020-01-02 00:00:00.000""#, #"row "'2020-01-02'":NULL"#])
    }

    /// Raw SQL rows need no conversion before they show: the command line streams them
    /// (bounded memory on a million rows), the terminal fetches them whole, and both
    /// give GRDB's rows.
    func testRawSQLRowsStreamOnTheCommandLineAndShowWholeInTheTerminal() throws {
        let session = try ParityChecking.session()
        let text = #"try Row.fetchAll(db, sql: "SELECT id, title FROM book WHERE id < ? ORDER BY id", arguments: [4])"#
        guard case .rows(let planned)? = session.run(text, fetch: false).last else { return XCTFail(text) }
        XCTAssertTrue(planned.rows.isEmpty)
        XCTAssertEqual(planned.mainSQL, "SELECT id, title FROM book WHERE id < 4 ORDER BY id")
        var streamed: [[DatabaseValue]] = []
        try session.stream(planned.plan, range: nil) { streamed.append($0.values) }
        let grdb = try grdb { db in
            try Row.fetchAll(db, sql: "SELECT id, title FROM book WHERE id < ? ORDER BY id", arguments: [4])
        }
        XCTAssertEqual(streamed, grdb.map { Array($0.databaseValues) })
        guard case .rows(let shown)? = session.runInteractive(text).last else { return XCTFail("terminal") }
        XCTAssertEqual(shown.rows.map(\.values), streamed)
    }
}

extension DatabaseValue {
    fileprivate static func fromDouble(_ value: Double) -> DatabaseValue { value.databaseValue }

}
