import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// `:graph` in the terminal interface: its drawing shows in the overlay as the line
/// mode prints it, box-drawing characters one column each, names escaped.
final class GraphOverlayTests: XCTestCase {
    func testGraphShowsInTheOverlay() throws {
        let state = try Fixtures.state(after: ":graph Tag", width: 100, height: 24, walk: false)
        let overlay = try XCTUnwrap(state.overlay)
        XCTAssertEqual(overlay.title, ":graph Tag")
        let text = View.render(state).buffer.text
        for line in [
            "├─ BookTag",
            "│  ├─▶ bookTags     hasMany         tagId → id",
            "   └─◀ Book.tags    hasManyThrough  through Book.bookTags using BookTag.tag",
        ] {
            XCTAssertTrue(text.contains(line), "\(line)\n\(text)")
        }
    }

    func testHostileNamesInTheOverlayAreEscaped() throws {
        let session = try Session(
            path: Fixtures.database(
                """
                CREATE TABLE "a\u{1B}[2Jb" (id INTEGER PRIMARY KEY);
                CREATE TABLE "c\u{202E}d" (id INTEGER PRIMARY KEY, "x\u{7}Id" INTEGER REFERENCES "a\u{1B}[2Jb"(id));
                """))
        let state = try Fixtures.state(after: ":graph", width: 100, height: 24, in: session, walk: false)
        let buffer = View.render(state).buffer
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let bad = buffer[x, y].text.unicodeScalars.filter(TerminalText.isControl)
                XCTAssertTrue(bad.isEmpty, "cell \(x),\(y): \(bad.map(\.value))")
            }
        }
        XCTAssertTrue(buffer.text.contains(#"└─▶ x\u{7}id  belongsTo  "x\u{7}Id" → id"#), buffer.text)
    }
}
