import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// The record type of the generated code, with the column its key path names.
private struct Book: TableRecord, Identifiable {
    var id: Int64
    enum Columns {
        static let title = Column("title")
    }
}

/// `--format swift` keeps a CTE's type argument (`CommonTableExpression<Book>`): without it,
/// the generated `order(\.title)` would not compile, as `all()` would decode `Row`s. The
/// generated lines, compiled here verbatim, give arbor's SQL.
final class TypedCommonTableExpressionSwiftTests: XCTestCase {
    func testTheTypeArgumentIsWritten() throws {
        let session = try ParityChecking.session()
        let result = try session.requestResult(
            #"""
            let cte = CommonTableExpression<Book>(named: "old", request: Book.filter(Column("year") < 1900))
            cte.all().with(cte).order(\.title)
            """#, fetch: false)
        let code = SwiftCode.generate(result.plan, environment: session.environment)
        let declaration =
            #"let oldCTE = CommonTableExpression<Book>(named: "old", request: Book.filter(Column("year") < 1900))"#
        XCTAssertTrue(code.contains(declaration + "\n"), code)
        XCTAssertTrue(code.contains("let request = oldCTE.all().with(oldCTE).order(Column(\"title\"))\n"), code)
        let oldCTE = CommonTableExpression<Book>(named: "old", request: Book.filter(Column("year") < 1900))
        XCTAssertEqual(result.mainSQL, try ParityChecking.grdbSQL(oldCTE.all().with(oldCTE).order(\.title)))
        // An untyped CTE is written as it was.
        let untyped = try session.requestResult(
            #"""
            let rows = CommonTableExpression(named: "old", request: Book.filter(Column("year") < 1900))
            rows.all().with(rows)
            """#, fetch: false)
        XCTAssertTrue(
            SwiftCode.generate(untyped.plan, environment: session.environment).contains(
                #"let oldCTE = CommonTableExpression(named: "old", "#))
    }
}
