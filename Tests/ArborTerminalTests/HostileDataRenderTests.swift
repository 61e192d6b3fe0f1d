import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// Hostile values through the interface's path (`runInteractive`, windowed
/// results) into the in-memory screen: no cell holds anything a terminal acts
/// on, and a 100 MB value is held as 16 KiB with its size, and says so.
final class HostileDataRenderTests: XCTestCase {
    var directory: URL!
    var session: Session!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-render")
        let path = directory.appendingPathComponent("hostile.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE item (id INTEGER PRIMARY KEY, t TEXT, b BLOB, r REAL);
                    INSERT INTO item (id, t) VALUES
                      (1, char(27) || '[2J' || char(27) || ']52;c;SGVsbG8=' || char(7) || 'a' || char(8) || char(13) || char(127) || char(10)),
                      (2, 'x' || char(133) || char(155) || 'y' || char(8238) || 'z'),
                      (3, CAST(x'C328FF' AS TEXT)),
                      (4, CAST(x'610062' AS TEXT)),
                      (5, printf('%.*c', 100000, '['));
                    INSERT INTO item (id, t, b) VALUES (6, printf('%.*c', 100000000, 'x'), zeroblob(100000000));
                    INSERT INTO item (id, r) VALUES (7, 9e999), (8, -9e999);
                    """)
        }
        try queue.close()
        session = try Session(path: path)
    }

    override func tearDownWithError() throws {
        session = nil
        try FileManager.default.removeItem(at: directory)
    }

    /// Every scalar of every cell: none is a control character (C0, DEL, C1, bidi).
    func assertNoControls(_ buffer: ScreenBuffer, file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let bad = buffer[x, y].text.unicodeScalars.filter(TerminalText.isControl)
                XCTAssertTrue(bad.isEmpty, "cell \(x),\(y): \(bad.map(\.value))", file: file, line: line)
            }
        }
    }

    func state(after text: String, width: Int = 160, height: Int = 20) throws -> AppState {
        try Fixtures.state(after: text, width: width, height: height, in: session, interactive: true)
    }

    func testTheWindowedResultHoldsABoundedPrefixOfAHugeValueWithItsSize() throws {
        let outcomes = session.runInteractive("Item.filter(key: 6)")
        guard case .rows(let result)? = outcomes.first else { return XCTFail("\(outcomes)") }
        let row = try XCTUnwrap(result.rows.first)
        XCTAssertEqual(row.cutSizes, [1: 100_000_000, 2: 100_000_000])
        guard case .string(let text) = row.values[1].storage, case .blob(let blob) = row.values[2].storage else {
            return XCTFail("\(row.values)")
        }
        XCTAssertEqual(text.utf8.count, ValueCut.displayLimit)
        XCTAssertEqual(blob.count, ValueCut.displayLimit)
        // Through GRDB's rows too (a prefetch makes the window use them).
        let window = try WindowedResult(
            session: session,
            plan: RequestPlan(table: "item").appending(
                .filter(.binary(.equal, .column("id", alias: nil), .value(.integer(6))))),
            childCap: nil)
        XCTAssertEqual(try window.rows(in: 0..<1).first?.cutSizes, [1: 100_000_000, 2: 100_000_000])
    }

    func testTheResultsPaneShowsEverythingEscapedAndTheSizeOfCutValues() throws {
        let state = try state(after: "Item.all()")
        let buffer = View.render(state).buffer
        assertNoControls(buffer)
        let text = buffer.text
        XCTAssertTrue(
            text.contains(#"item  id:1  t:"\e[2J\e]52;c;SGVsbG8=\u{7}a\u{8}\r\u{7f}\n"  b:NULL  r:NULL"#), text)
        XCTAssertTrue(text.contains(#"t:"x\u{85}\u{9b}y\u{202e}z""#), text)
        XCTAssertTrue(text.contains("t:\"\u{FFFD}(\u{FFFD}\""), text)
        XCTAssertTrue(text.contains(#"t:"a\u{0}b""#), text)
        // Cut to the width of the pane, with the size of what was cut when it was read.
        XCTAssertTrue(
            text.contains("id:5  t:\"" + String(repeating: "[", count: 87) + "… (100 KB)  b:NULL  r:NULL"), text)
        XCTAssertTrue(
            text.contains(
                "id:6  t:\"" + String(repeating: "x", count: 74) + "… (100 MB)  b:<100000000 bytes>  r:NULL"), text)
        XCTAssertTrue(text.contains("r:Infinity"), text)
        XCTAssertTrue(text.contains("r:-Infinity"), text)
    }

    func testTheDetailViewSaysAValueWasCut() throws {
        let outcomes = session.runInteractive("Item.filter(key: 6)")
        guard case .rows(let result)? = outcomes.first, let row = result.rows.first else {
            return XCTFail("\(outcomes)")
        }
        let lines = RowText.detail(.row(table: "item", row))
        let t = lines[1].map(\.text).joined()
        XCTAssertTrue(t.hasPrefix("t: \"xxxx"), t)
        XCTAssertTrue(t.hasSuffix("…\" (100 MB) — cut: the first 16 KB of 100 MB are shown"), String(t.suffix(80)))
        XCTAssertEqual(lines[2].map(\.text).joined().prefix(20), "b: <100000000 bytes>")
        // Drawn in an overlay, it wraps without a control character.
        var buffer = ScreenBuffer(width: 100, height: 30)
        OverlayView.draw(Overlay(title: "item 6", lines: lines), into: &buffer, rect: buffer.bounds)
        assertNoControls(buffer)
    }

    func testTheDetailViewOfControlCharactersIsEscaped() throws {
        let outcomes = session.runInteractive("Item.filter(key: 1)")
        guard case .rows(let result)? = outcomes.first, let row = result.rows.first else {
            return XCTFail("\(outcomes)")
        }
        let lines = RowText.detail(.row(table: "item", row))
        XCTAssertEqual(
            lines[1].map(\.text).joined(), #"t: "\u{1b}[2J\u{1b}]52;c;SGVsbG8=\u{7}a\u{8}\r\u{7f}\n""#)
        var buffer = ScreenBuffer(width: 60, height: 10)
        OverlayView.draw(Overlay(title: "item 1", lines: lines), into: &buffer, rect: buffer.bounds)
        assertNoControls(buffer)
    }

    func testCopyingARowWithACutValueSaysSo() throws {
        var state = try state(after: "Item.filter(key: 6)")
        let effects = state.update(.key(.character("J")))
        guard case .copy(let text, let what)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(what, "row as JSON (long values cut at 16 KB)")
        XCTAssertLessThan(text.utf8.count, 64 * 1024)
    }
}
