import ArborTestSupport
import XCTest

@testable import ArborSession

/// A trace log is input like any other: binary junk, an unclosed quote, brackets
/// nested deep, a huge line, a statement that is not SQL are read without a
/// crash, and what is not a statement is counted as unreadable.
final class TraceHostileLogTests: XCTestCase {
    func testHostileLinesAreReadWithoutFailing() throws {
        let session = try Session(path: nil)
        let deep = String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
        let trace = [
            "\u{1B}[2J\u{0}\u{7}binary \u{FFFD} junk",
            "SELECT * FROM \"author\" WHERE \"id\" = " + deep,
            "SELECT * FROM \"book\" WHERE \"title\" = 'never closed",
            "SELECT * FROM \"book\" WHERE \"id\" IN (" + (1...20_000).map(String.init).joined(separator: ", ") + ")",
            "UPDATE your app, please",
            "SELECT * FROM \"nowhere\" WHERE \"id\" = 1",
            "SELECT * FROM \"nowhere\" WHERE \"id\" = 2",
        ].joined(separator: "\n")
        let report = session.analyzeTrace(text: trace)
        // The unclosed quote swallows the lines after it into its statement, which SQLite
        // can not parse: unreadable, as the junk and the words that only look like SQL.
        XCTAssertGreaterThanOrEqual(report.unreadableCount, 2)
        XCTAssertTrue(report.unreadableLines.contains { $0.number == 1 })
        XCTAssertTrue(report.unreadableText.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B } })
        XCTAssertEqual(report.findings.filter { $0.kind == .nPlusOne }, [])
    }

    func testUnknownTablesAreReadNotFailed() throws {
        let session = try Session(path: nil)
        // Another database's statements: SQL all the same, nothing to confirm or measure.
        let trace = """
            SELECT * FROM "playlist"
            SELECT * FROM "track" WHERE "playlistId" = 1
            SELECT * FROM "track" WHERE "playlistId" = 2
            """
        let report = session.analyzeTrace(text: trace)
        XCTAssertEqual(report.unreadableCount, 0)
        XCTAssertEqual(report.statementCount, 3)
        XCTAssertFalse(report.hasWaste)
    }
}
