import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// docs/INTERFACE.md §1's drawing is the screen of today at 100 columns: the
/// demo after `Author.filter(key: 1).including(all: Author.books)`, its author
/// opened, as the interface draws it (its SQL pane measured as the worker
/// measures it). Times differ from run to run and are compared as `~ ms`.
/// `ARBOR_WRITE_SCREEN=1` writes the drawing.
final class InterfaceDrawingTests: XCTestCase {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/INTERFACE.md")

    static let request = "Author.filter(key: 1).including(all: Author.books)"

    /// The first ``` block of `## 1. The screen`.
    static func drawingRange(in text: String) -> Range<String.Index>? {
        guard let section = text.range(of: "\n## 1. The screen"),
            let open = text.range(of: "\n```\n", range: section.upperBound..<text.endIndex),
            let close = text.range(of: "\n```\n", range: open.upperBound..<text.endIndex)
        else { return nil }
        return open.upperBound..<close.lowerBound
    }

    /// Durations written the same whatever they were: `   <1 ms` and ` 12 ms` read ` ~ ms`.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #" *(<1|[0-9]+(\.[0-9]+)?) ms"#, with: " ~ ms", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }

    func screen() throws -> String {
        let session = try Fixtures.demo()
        var state = try Fixtures.state(after: Self.request, width: 100, height: 16, in: session, interactive: true)
        XCTAssertEqual(state.focus, .results)
        // The row counts of the schema pane, as the worker counts them at start-up.
        for table in state.schema.tables.map(\.name) {
            let count = try session.database.read { try Table<Row>(table).fetchCount($0) }
            _ = state.update(.counted(table: table, count: count))
        }
        if let statements = state.sql.appStatements, let generation = state.shownGeneration {
            _ = state.update(
                .measured(generation: generation, measures: statements.map { try? session.measure($0.sql) }))
        }
        _ = state.update(.key(.character(" ")))
        return View.render(state).buffer.text
    }

    func testTheDrawingIsTodaysScreen() throws {
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        let range = try XCTUnwrap(Self.drawingRange(in: text), "docs/INTERFACE.md §1 has no drawing")
        let screen = try screen()
        if ProcessInfo.processInfo.environment["ARBOR_WRITE_SCREEN"] == "1" {
            text.replaceSubrange(
                range,
                with: screen.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
                }.joined(separator: "\n"))
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            Self.normalized(String(text[range])), Self.normalized(screen),
            "docs/INTERFACE.md §1 is not today's screen: run the tests with ARBOR_WRITE_SCREEN=1")
        XCTAssertTrue(screen.split(separator: "\n").allSatisfy { TextFit.width(String($0)) <= 100 })
    }

    func testTheComparisonSeesADifference() throws {
        let screen = try screen()
        XCTAssertEqual(
            Self.normalized(screen), Self.normalized(screen.replacingOccurrences(of: " 4 ms", with: "12 ms")))
        XCTAssertNotEqual(
            Self.normalized(screen), Self.normalized(screen.replacingOccurrences(of: "Victor Hugo", with: "V. Hugo")))
    }
}
