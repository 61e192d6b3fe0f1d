import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// `let`, `var` and assignment at the prompt, as a Swift script has them: a `var`
/// takes new values, a `let` does not, and the errors are the compiler's.
final class BindingResolutionTests: XCTestCase {
    func testAVarTakesNewValuesAndTheRequestIsTheLastOne() throws {
        let harness = try LanguageHarness.demo()
        _ = try harness.run("var request = Book.all()")
        _ = try harness.run(#"request = request.filter(Column("year") > 2000)"#)
        _ = try harness.run(#"request = request.order(Column("title"))"#)
        XCTAssertEqual(
            try harness.sql("request"),
            try harness.grdbSQL(Table("book").filter(Column("year") > 2000).order(Column("title"))))
    }

    func testALetOrAnUnknownNameCanNotBeAssigned() throws {
        let harness = try LanguageHarness.demo()
        _ = try harness.run("let fixed = Book.all()")
        let fixed = try XCTUnwrap(harness.error("fixed = fixed.limit(1)"))
        XCTAssertEqual(fixed.message, "cannot assign to value: 'fixed' is a 'let' constant")
        XCTAssertEqual(fixed.range, SourceRange(0, 5))
        XCTAssertEqual(fixed.suggestion, "declare it with `var fixed = …` to change it")
        XCTAssertEqual(harness.error("nowhere = 1")?.message, "cannot find 'nowhere' in scope")
        // A `let` made again over a `var` is a constant again.
        _ = try harness.run("var n = 1")
        _ = try harness.run("let n = 2")
        XCTAssertEqual(harness.error("n = 3")?.message, "cannot assign to value: 'n' is a 'let' constant")
    }
}
