import ArborCore
import ArborLanguage
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// What the interface does with a statement as it is typed or pasted, before it
/// runs: the lexer, completion, highlighting and bracket counting, on input
/// nested 100,000 levels deep and 1 MB long. Each must finish (no stack overflow).
final class HostileInputEditingTests: XCTestCase {
    static let n = 100_000
    static let inputs: [String: String] = [
        "parentheses": String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n),
        "calls": "Book.filter(" + String(repeating: "abs(", count: n),
        "arrays": String(repeating: "[", count: n),
        "closures": "Book.filter " + String(repeating: "{ ", count: n),
        "chains": "Book" + String(repeating: ".including(all: Author.books", count: n / 10),
        "strings": String(repeating: "\"\\(", count: n),
        "megabyte": "Book.filter(Column(\"title\") == \"" + String(repeating: "x", count: 1 << 20),
    ]

    func testLexingCompletionHighlightingAndBracketsFinishOnDeepInput() throws {
        let environment = try Fixtures.demo().environment
        for (kind, text) in Self.inputs.sorted(by: { $0.key < $1.key }) {
            let tokens = Lexer.tokenize(text, recognizesCommands: true)
            XCTAssertFalse(tokens.isEmpty, kind)
            let completion = Completer.complete(text, cursor: text.utf8.count, environment: environment)
            XCTAssertLessThanOrEqual(completion.candidates.count, 10_000, kind)
            XCTAssertEqual(SyntaxHighlighter.styles(text).count, text.count, kind)
            // A string left open holds the rest of the text: no bracket is open after it.
            XCTAssertEqual(OpenBrackets.isOpen(text), kind != "parentheses" && kind != "strings", kind)
        }
    }

    func testParsingDeepInputSaysTheLimit() {
        for (kind, text) in Self.inputs where kind != "megabyte" && kind != "strings" {
            let result = Parser.parse(text)
            XCTAssertFalse(result.errors.isEmpty, kind)
            XCTAssertTrue(
                result.errors.contains { $0.message.contains("\(Parser.nestingLimit)") },
                "\(kind): \(result.errors.map(\.message))")
        }
    }
}
