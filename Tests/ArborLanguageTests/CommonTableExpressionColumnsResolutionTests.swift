import ArborCore
import ArborTestSupport
import XCTest

/// `.allColumns(excluding:)` on a common table expression, typed at the prompt, is an
/// error, not GRDB's trap (T24: GRDB can not list a CTE's columns and stops the process).
final class CommonTableExpressionColumnsResolutionTests: XCTestCase {
    let message =
        "GRDB can not list the columns of the common table expression `x`: `.allColumns(excluding:)` can not select from it"

    func testAllColumnsButSomeOfACommonTableExpressionIsAnError() throws {
        let harness = try LanguageHarness.demo()
        try harness.run(#"let cte = CommonTableExpression(named: "x", sql: "SELECT 1 AS authorId, 2 AS b")"#)
        try harness.run(
            #"let x = Author.association(to: cte, on: { a, x in a[Column("id")] == x[Column("authorId")] })"#)
        for text in [
            #"cte.all().with(cte).select(.allColumns(excluding: ["authorId"]))"#,
            #"Author.with(cte).including(required: x.select(.allColumns(excluding: ["b"])))"#,
        ] {
            XCTAssertThrowsError(try harness.sql(text), text) { error in
                XCTAssertEqual((error as? ArborError)?.message, message, text)
            }
        }
        // Named columns are fine.
        XCTAssertEqual(
            try harness.sql(#"cte.all().with(cte).select(Column("b"))"#),
            #"WITH "x" AS (SELECT 1 AS authorId, 2 AS b) SELECT "b" FROM "x""#)
    }
}
