import ArborCore
import ArborTestSupport
import XCTest

/// Forms a review found mishandled: what is skipped or cast never swallows what
/// follows, and raw SQL into an app's Decodable type says it is not checked.
final class SkippedAndCastFormsResolutionTests: XCTestCase {
    func testASkippedDeclarationKeepsTheStatementAfterItsSemicolon() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(try harness.fetchCount("import GRDB; Author.limit(3).fetchCount(db)").count, 3)
    }

    func testAnUnclosedSkippedDeclarationIsAnErrorNotTheRestOfTheInputSwallowed() throws {
        let harness = try LanguageHarness.demo()
        for text in ["func f() {\nAuthor.limit(1)", "protocol P { \nAuthor.limit(1)"] {
            let error = harness.error(text)
            XCTAssertEqual(error?.message, "this declaration is not closed: a bracket is left open", text)
        }
    }

    func testAnUnclosedTypeAfterAsIsAnError() throws {
        let harness = try LanguageHarness.demo()
        for (text, start) in [("Author.limit(1) as [", 19), ("Author.limit(1) as Set<Int", 22)] {
            let error = harness.error(text)
            XCTAssertEqual(error?.message, "the type after `as` is not closed", text)
            XCTAssertEqual(error?.range?.lowerBound, start, text)
        }
    }

    func testRawSQLIntoAnAppsDecodableTypeSaysItIsNotChecked() throws {
        let harness = try LanguageHarness.demo()
        try harness.run("struct AuthorName: Decodable, FetchableRecord { var id: Int64; var name: String }")
        let text =
            #"try AuthorName.fetchAll(db, SQLRequest<Row>(sql: "SELECT id, postalAddressId AS name FROM author"))"#
        let error = harness.error(text)
        XCTAssertEqual(error?.message, "arbor does not check yet how raw SQL rows decode into `AuthorName`")
        XCTAssertEqual(error?.range?.lowerBound, 28)
    }
}
