import XCTest

@testable import ArborLanguage

/// GRDB's guides write `...` alone on a line for "more code here": such a line is blanked,
/// same length, wherever it is in the text, and no other line is touched.
final class PlaceholderLinesTests: XCTestCase {
    func testOnlyLinesOfThreeDotsAreBlanked() {
        let cases: [(String, String)] = [
            ("", ""),
            ("...", "   "),
            ("a\n...", "a\n   "),
            ("...\nb", "   \nb"),
            ("x\n  \t...  \ny\n", "x\n" + String(repeating: " ", count: 8) + "\ny\n"),
            ("\n\n...\n\n", "\n\n   \n\n"),
            ("....\n..\n. ..\n...x\n(1...3)\n...\r\n", "....\n..\n. ..\n...x\n(1...3)\n...\r\n"),
            ("é\n...\n😀", "é\n   \n😀"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(SwiftSourceReader.withoutPlaceholderLines(text), expected, text.debugDescription)
        }
    }
}
