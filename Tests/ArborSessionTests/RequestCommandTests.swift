import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// `:explain REQUEST` and `:swift REQUEST` (docs/LANGUAGE.md §3.4): the request's query
/// plan, and its Swift code, whatever the output format.
final class RequestCommandTests: XCTestCase {
    func output(_ text: String, _ session: Session) -> String? {
        guard case .commandOutput(let output)? = session.run(text).last else { return nil }
        return output
    }

    func testExplainShowsTheSQLAndSQLitesPlan() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            output(#":explain Book.filter(Column("authorId") == 1)"#, session),
            """
            SELECT * FROM "book" WHERE "authorId" = 1;
            QUERY PLAN
            `--SEARCH book USING INDEX index_book_on_authorId (authorId=?)
            """)
        let joined = try XCTUnwrap(output(":explain Book.including(required: Book.author)", session))
        XCTAssertTrue(joined.hasPrefix("SELECT \"book\".*, \"author\".* FROM \"book\" JOIN \"author\""), joined)
        XCTAssertEqual(joined.split(separator: "\n").filter { $0.hasPrefix("|--") || $0.hasPrefix("`--") }.count, 2)
    }

    func testSwiftPrintsTheRequestAsGRDBCode() throws {
        let session = try Session(path: nil)
        let code = try XCTUnwrap(output(":swift Book.including(required: Book.author)", session))
        XCTAssertTrue(code.contains("static let author = belongsTo(Author.self"), code)
        XCTAssertTrue(code.contains("\nlet request = Book.including(required: Book.author)\n"), code)
        XCTAssertTrue(code.contains("struct BookInfo: Decodable, FetchableRecord {"), code)
    }

    func testErrorsAreLocatedInTheCommand() throws {
        let session = try Session(path: nil)
        let text = ":explain Author.nope"
        guard case .failure(let errors, _)? = session.run(text).last else { return XCTFail("no error") }
        XCTAssertEqual(errors.first?.message, "`Author` has no association `nope`")
        XCTAssertEqual(errors.first?.range, SourceRange(16, 20), "`nope`")
        guard case .failure(let notRequest, _)? = session.run(":swift 1 + 1").last else { return XCTFail() }
        XCTAssertEqual(notRequest.first?.message, "this is not a request")
        XCTAssertEqual(notRequest.first?.range, SourceRange(7, 12))
        // A binding is not a request, and is not made.
        guard case .failure(let binding, _)? = session.run(":explain let x = 1").last else { return XCTFail() }
        XCTAssertEqual(binding.first?.message, "this is not a request")
        guard case .failure(let unbound, _)? = session.run("x").last else { return XCTFail("x was bound") }
        XCTAssertTrue(unbound.first?.message.contains("`x`") == true, unbound.first?.message ?? "")
    }
}
