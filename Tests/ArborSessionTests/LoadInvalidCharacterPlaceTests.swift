import ArborCore
import ArborLanguage
import ArborSession
import ArborTestSupport
import XCTest

/// An invalid character in the trivia before a token (a stray byte after a space, at the end
/// of a file) was placed from the token's text, not its trivia: `" \u{FFFD}"` (4 bytes) had
/// its error at 5, outside the file (the fuzzer's strict mode, from the bytes `20 BF`).
final class LoadInvalidCharacterPlaceTests: XCTestCase {
    func testTheErrorIsAtTheCharacter() throws {
        let session = try DemoSession.make()
        let cases: [(text: String, offset: Int)] = [
            (" \u{FFFD}", 1),
            ("\u{FFFD}", 0),
            ("struct A {}\n   \u{FFFD}", 15),
            ("struct A {}\n \u{7} struct B {}", 13),
        ]
        for (text, offset) in cases {
            let report = session.load(source: text, name: "Stray.swift")
            session.unload(name: "Stray.swift")
            let ranges = report.diagnostics.compactMap(\.error.range)
            XCTAssertEqual(ranges.map(\.lowerBound), [offset], "\(text.debugDescription): \(report.diagnostics)")
            for range in ranges {
                XCTAssertLessThanOrEqual(range.upperBound, text.utf8.count, text.debugDescription)
            }
            XCTAssertEqual(
                report.diagnostics.map(\.error.message), ["invalid character in source"], text.debugDescription)
        }
    }
}
