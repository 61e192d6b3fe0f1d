import ArborCore
import ArborTestSupport
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

/// The record types of generated code (columns left out), so that the generated
/// request lines below compile here as written.
private enum Generated {
    struct Author: TableRecord { static let databaseTableName = "author" }
    struct Book: TableRecord { static let databaseTableName = "book" }
}

/// `--format swift` of SQL literals, named arguments, `detached` and common table
/// expressions: the generated lines, compiled here verbatim, give arbor's SQL.
final class SwiftCodeSQLFormsTests: XCTestCase {
    func check<T>(
        _ text: String, generates lines: [String], _ request: QueryInterfaceRequest<T>, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let session = try ParityChecking.session()
        let result = try session.requestResult(text, fetch: false)
        let code = SwiftCode.generate(result.plan, environment: session.environment)
        for expected in lines {
            XCTAssertTrue(code.contains(expected + "\n"), "\(expected)\nin\n\(code)", file: file, line: line)
        }
        XCTAssertEqual(result.mainSQL, try ParityChecking.grdbSQL(request), file: file, line: line)
    }

    func testLiteralsAndNamedArguments() throws {
        typealias Book = Generated.Book
        try check(
            #"Book.filter(literal: "\(Column("year")) > \(1900) AND kind = \(nil)").order(literal: "\(Column("title").desc)")"#,
            generates: [
                #"let request = Book.filter(literal: SQL("\(Column("year")) > \(1900) AND kind = \(nil as DatabaseValue?)")).order(literal: SQL("\(Column("title").desc)"))"#
            ],
            Book.filter(literal: SQL("\(Column("year")) > \(1900) AND kind = \(nil as DatabaseValue?)")).order(
                literal: SQL("\(Column("title").desc)")))
        try check(
            #"Book.filter(sql: "title LIKE :p", arguments: ["p": "%a%"]).select(literal: "title, \(sql: "? AS one", arguments: [1])")"#,
            generates: [
                #"let request = Book.filter(sql: "title LIKE :p", arguments: ["p": "%a%"]).select(literal: SQL("title, \(sql: "? AS one", arguments: [1])"))"#
            ],
            Book.filter(sql: "title LIKE :p", arguments: ["p": "%a%"]).select(
                literal: SQL("title, \(sql: "? AS one", arguments: [1])")))
        try check(
            #"Book.annotated(with: Column("title").forKey("t")).order(Column("t").detached)"#,
            generates: [
                #"let request = Book.annotated(with: Column("title").forKey("t")).order(Column("t").detached)"#
            ],
            Book.annotated(with: Column("title").forKey("t")).order(Column("t").detached))
    }

    func testCommonTableExpressionsAreDeclared() throws {
        typealias Author = Generated.Author
        typealias Book = Generated.Book
        let oldCTE = CommonTableExpression(
            named: "old", request: Book.filter(Column("year") < 1900).select(Column("authorId")))
        try check(
            #"""
            let cte = CommonTableExpression(named: "old", request: Book.filter(Column("year") < 1900).select(Column("authorId")))
            Author.with(cte).filter(cte.contains(Column("id"))).including(optional: Author.association(to: cte) { $0[Column("id")] == $1[Column("authorId")] })
            """#,
            generates: [
                #"let oldCTE = CommonTableExpression(named: "old", request: Book.filter(Column("year") < 1900).select(Column("authorId")))"#,
                #"let request = Author.with(oldCTE).filter(oldCTE.contains(Column("id"))).including(optional: Author.association(to: oldCTE, on: { left, right in left[Column("id")] == right[Column("authorId")] }))"#,
            ],
            Author.with(oldCTE).filter(oldCTE.contains(Column("id"))).including(
                optional: Author.association(
                    to: oldCTE, on: { left, right in left[Column("id")] == right[Column("authorId")] }))
        )
    }
}
