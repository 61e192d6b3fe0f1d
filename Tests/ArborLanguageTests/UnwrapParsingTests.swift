import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

/// `author!.request(for:)` and `author?.request(for:)`: a `!` or `?` against the
/// value and followed by `.` reads as the member access alone.
final class UnwrapParsingTests: XCTestCase {
    /// `base.name(label: …)` of a statement, or nil.
    func memberCall(_ text: String) -> (base: String, name: String, labels: [String?])? {
        let result = Parser.parse(text)
        guard result.errors.isEmpty, result.statements.count == 1, case .expression(let expr) = result.statements[0],
            case .call(let callee, let arguments) = expr.kind, case .member(let base, let name, _) = callee.kind
        else { return nil }
        // `author!`: Swift's force unwrap of `author`, kept in the tree.
        var operand = base
        if case .forceUnwrapped(let inner) = base.kind { operand = inner }
        guard case .identifier(let baseName) = operand.kind else { return nil }
        return (baseName, name, arguments.map(\.label))
    }

    func testUnwrapBeforeAMemberIsTheMember() throws {
        for text in ["author!.request(for: Author.books)", "author?.request(for: Author.books)"] {
            let call = try XCTUnwrap(memberCall(text), text)
            XCTAssertEqual(call.base, "author")
            XCTAssertEqual(call.name, "request")
            XCTAssertEqual(call.labels, ["for"])
        }
    }

    func testOtherBangsAndQuestionMarksAreUnchanged() {
        // `!=` stays an operator; a spaced `!` or one not before `.` is no unwrap.
        XCTAssertEqual(Parser.parse("Column(\"a\") != 1").errors, [])
        XCTAssertEqual(Parser.parse("author! .request(for: Author.books)").errors.map(\.message).isEmpty, false)
        // A force unwrap touching its operand at the end of an expression is Swift's (`date(…)!`).
        XCTAssertEqual(Parser.parse("author!").errors, [])
        XCTAssertEqual(Parser.parse("f(author!)").errors, [])
    }
}
