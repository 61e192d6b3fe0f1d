import ArborCore
import XCTest

@testable import ArborLanguage

/// A run of `[` long enough to make swift-syntax's parser backtrack for minutes is skipped
/// with a located note before the parser sees it; shorter runs, and `[` in strings and
/// comments, are read as ever.
final class BracketRunsTests: XCTestCase {
    func testALongRunIsSkippedWithALocatedNote() {
        let text = "let R" + String(repeating: "[", count: 40) + "ecord = 1\nstruct Book {}\n"
        let result = SwiftSourceReader.read(text, baseOffset: 3)
        XCTAssertEqual(result.declarations.count, 0)
        XCTAssertEqual(result.errors.count, 0)
        XCTAssertEqual(
            result.notes.map(\.message),
            [
                "skipped: more than 16 `[` in a row, which the Swift parser arbor uses reads in exponential time"
            ])
        XCTAssertEqual(result.notes.first?.range, TextRange(3 + 5 + 16, 3 + 5 + 17))
    }

    func testShortRunsStringsAndCommentsAreRead() {
        let nested = String(repeating: "[", count: 16) + "1" + String(repeating: "]", count: 16)
        let deepString = "\"" + String(repeating: "[", count: 30) + "\""
        let text = """
            // \(String(repeating: "[", count: 30))
            /* \(String(repeating: "[ ", count: 30)) */
            struct Book {
                static let nested = \(nested)
                static let text = \(deepString)
            }
            """
        XCTAssertNil(BracketRuns.excess(in: text))
        let result = SwiftSourceReader.read(text)
        XCTAssertEqual(result.declarations.map(\.name), ["Book"])
        XCTAssertFalse(result.notes.contains { $0.message.contains("in a row") })
    }

    /// The count that decides whether the careful scan runs is made in vector steps: the
    /// bytes left after the last step count too, and exactly `longestAllowed` in all is no run.
    func testEveryBracketIsCountedWhateverTheTextsLength() {
        for length in [0, 1, 15, 16, 17, 31, 33, 64, 1_001] {
            let prefix = String(repeating: "a", count: length)
            let run = String(repeating: "[", count: 17)
            XCTAssertEqual(BracketRuns.excess(in: prefix + run), length + 16, "after \(length) bytes")
            XCTAssertNil(BracketRuns.excess(in: prefix + String(repeating: "[", count: 16)), "after \(length) bytes")
        }
    }

    func testRunsAcrossSpacesAndLineBreaksCount() {
        XCTAssertEqual(BracketRuns.excess(in: "x = " + String(repeating: "[ \n", count: 17)), 4 + 16 * 3)
        XCTAssertNil(BracketRuns.excess(in: String(repeating: "[1, ", count: 40)))
    }
}
