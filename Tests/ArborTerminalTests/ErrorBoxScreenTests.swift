import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// Issue 21 item 4: an error shows whole, wrapped, with its caret under the
/// place and its hint, above the input; `E` in a pane copies it.
final class ErrorBoxScreenTests: XCTestCase {
    func testTheErrorShowsWholeWithCaretAndHint() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        let state = try Fixtures.state(
            after: #"Artist.order(Column("Nmae"))"#, width: 60, height: 24, in: session, walk: false)
        let lines = View.render(state).buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        guard let top = lines.firstIndex(where: { $0.hasPrefix("─ Error ") }) else {
            return XCTFail("no error box:\n" + lines.joined(separator: "\n"))
        }
        XCTAssertEqual(
            Array(lines[(top + 1)...(top + 4)]),
            [
                " error: table `Artist` has no column `Nmae`",
                #"   Artist.order(Column("Nmae"))"#,
                "                       ^~~~~~",
                "   did you mean `Name`?",
            ])
        XCTAssertEqual(lines[top + 5], #"arbor> Artist.order(Column("Nmae"))"#)
    }

    func testALongErrorWrapsAndItsCaretStaysUnderItsText() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        let request =
            #"Artist.filter(Column("Name") == "a name").order(Column("Nmae"))"#
        var state = try Fixtures.state(after: request, width: 40, height: 30, in: session, walk: false)
        let lines = View.render(state).buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        guard let top = lines.firstIndex(where: { $0.hasPrefix("─ Error ") }) else {
            return XCTFail("no error box:\n" + lines.joined(separator: "\n"))
        }
        let box = Array(lines[(top + 1)..<(lines.count - 2)])
        // The line of input is cut into pieces of the box's width, the caret under the piece it marks.
        guard let caret = box.firstIndex(where: { $0.contains("^~~~~~") }) else {
            return XCTFail("no caret:\n" + box.joined(separator: "\n"))
        }
        let column = box[caret].distance(from: box[caret].startIndex, to: box[caret].firstIndex(of: "^")!)
        let above = Array(box[caret - 1])
        XCTAssertEqual(String(above[column..<min(above.count, column + 6)]), #""Nmae""#, box.joined(separator: "\n"))
        XCTAssertTrue(box.contains("   did you mean `Name`?"), box.joined(separator: "\n"))
        XCTAssertTrue(box.allSatisfy { $0.count <= 40 })
        // Nothing of the input was cut from what the box shows.
        let pieces = box.filter { $0.hasPrefix("   ") && !$0.contains("^") && !$0.contains("`") }
        XCTAssertEqual(pieces.map { String($0.dropFirst(3)) }.joined(), request)

        // E in a pane copies it whole, as the command line prints it.
        _ = state.update(.resize(width: 120, height: 30))
        _ = state.update(.key(.escape))
        XCTAssertNotEqual(state.focus, .input)
        let effects = state.update(.key(.character("E")))
        guard case .copy(let text, _)? = effects.first else { return XCTFail("no copy: \(effects)") }
        XCTAssertEqual(
            text,
            "error: table `Artist` has no column `Nmae`\n  " + request + "\n  "
                + String(repeating: " ", count: request.count - 8) + "^~~~~~\n  did you mean `Name`?")
    }

    func testTheBoxGoesOnceTheRequestIsEdited() throws {
        let session = try Session(path: try Fixtures.database(MusicStore.sql))
        var state = try Fixtures.state(after: "Artist.albumz", width: 80, height: 24, in: session, walk: false)
        XCTAssertNotNil(state.layout.error)
        _ = state.update(.key(.character("A")))
        XCTAssertNil(state.layout.error)
        XCTAssertFalse(View.render(state).buffer.text.contains("─ Error "))
    }
}
