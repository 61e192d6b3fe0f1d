import ArborTestSupport
import XCTest

@testable import ArborSession

/// An unclosed quote near the top of a log makes the lines after it the rest of one
/// statement (up to the 16 MB a statement may have). Each line appended copied the whole
/// statement so far: 100,000 lines after the quote (4.5 MB) did not finish in a minute.
final class TraceUnclosedQuoteTests: XCTestCase {
    func testAnUnclosedQuoteBeforeAHundredThousandLinesIsReadWhole() throws {
        let session = try DemoSession.make()
        var lines = ["SELECT * FROM \"author\" WHERE \"name\" = 'never closed"]
        for key in 1...100_000 { lines.append("SELECT * FROM \"book\" WHERE \"authorId\" = \(key)") }
        let report = session.analyzeTrace(text: lines.joined(separator: "\n"))
        XCTAssertEqual(report.lineCount, 100_001)
        // One statement, which SQLite can not parse: unreadable from line 1, nothing is a loop.
        XCTAssertEqual(report.statementCount, 0)
        XCTAssertEqual(report.unreadableLines.first?.number, 1)
        XCTAssertEqual(report.findings, [])
    }
}
