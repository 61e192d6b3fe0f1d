import Foundation
import XCTest

@testable import ArborLanguage

/// docs/LANGUAGE.md §2.3's table of request methods is written from the registry
/// (`GRDBAPI.requestMethodTable`): the page drifting from dispatch fails here.
/// `ARBOR_WRITE_METHODS=1` writes it.
final class RequestMethodTableTests: XCTestCase {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/LANGUAGE.md")

    /// The table of `### 2.3`: from its header row to the blank line after it.
    static func table(in text: String) -> Range<String.Index>? {
        guard let section = text.range(of: "\n### 2.3 "),
            let header = text.range(of: "\n| method | table |", range: section.upperBound..<text.endIndex),
            let end = text.range(of: "\n\n", range: header.upperBound..<text.endIndex)
        else { return nil }
        return text.index(after: header.lowerBound)..<text.index(after: end.lowerBound)
    }

    func testTheTableIsWrittenFromTheRegistry() throws {
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        let range = try XCTUnwrap(Self.table(in: text), "docs/LANGUAGE.md §2.3 has no table")
        if ProcessInfo.processInfo.environment["ARBOR_WRITE_METHODS"] == "1" {
            text.replaceSubrange(range, with: GRDBAPI.requestMethodTable)
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            String(text[range]), GRDBAPI.requestMethodTable,
            "docs/LANGUAGE.md §2.3 differs from the registry: run the tests with ARBOR_WRITE_METHODS=1")
    }

    func testEachRowSaysWhereGRDBOffersIt() {
        let table = GRDBAPI.requestMethodTable
        XCTAssertTrue(table.contains("| `limit(_:)`, `limit(_:offset:)` | ✓ | ✓ |  |  |\n"), table)
        XCTAssertTrue(table.contains("| `reversed()` |  | ✓ | ✓ |  |\n"), table)
        XCTAssertTrue(table.contains("| `forKey(_:)` |  |  | ✓ |  |\n"), table)
    }
}
