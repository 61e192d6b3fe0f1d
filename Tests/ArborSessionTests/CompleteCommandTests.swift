import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// `:complete TEXT` prints the completions at the end of TEXT, one per line, with their
/// kind in a column (two spaces apart, as `:tables` does; a tab was printed as `\t`).
final class CompleteCommandTests: XCTestCase {
    func output(_ session: Session, _ statement: String) -> String? {
        let outcomes = session.run(statement)
        guard outcomes.count == 1, case .commandOutput(let text) = outcomes[0] else { return nil }
        return text
    }

    func testCompleteCommand() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            output(session, ":complete Author.including(all: boo"),
            """
            books              association
            booksAsAuthor      association
            booksAsTranslator  association
            Book               recordType
            BookTag            recordType
            """
        )
        XCTAssertEqual(output(session, ":complete Book.filter(Column(\"ti"), "title  column")
        XCTAssertEqual(output(session, ":complete Author.books.li"), "")
        // Bindings and declarations of the session count.
        _ = session.run("let recent = Book.filter(Column(\"year\") > 2000)")
        XCTAssertEqual(output(session, ":complete rec"), "recent  binding")
        XCTAssertEqual(output(session, ":complete recent.rev"), "reversed  method")
        XCTAssertEqual(output(session, ":complete Person.writ"), "writtenBooks  association")
    }
}
