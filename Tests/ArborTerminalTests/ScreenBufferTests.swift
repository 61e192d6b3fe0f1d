import ArborTestSupport
import XCTest

@testable import ArborTerminal

final class ScreenBufferTests: XCTestCase {
    func testWideCharactersTakeTwoColumnsAndCombiningMarksNone() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        let used = buffer.put("漢字e\u{301}😀|", x: 0, y: 0)
        XCTAssertEqual(used, 8)
        XCTAssertEqual(buffer.line(0), "漢字é😀|")
        XCTAssertEqual(buffer[0, 0].width, 2)
        XCTAssertTrue(buffer[1, 0].isContinuation)
        XCTAssertEqual(buffer[4, 0].text, "e\u{301}")
        XCTAssertEqual(buffer[4, 0].width, 1)
        XCTAssertEqual(buffer[7, 0].text, "|")
    }

    func testControlCharactersAreEscapedNeverRaw() {
        var buffer = ScreenBuffer(width: 40, height: 1)
        buffer.put("a\u{1B}]52;c;eA==\u{07}b\nc\u{9B}", x: 0, y: 0)
        XCTAssertEqual(buffer.line(0), "a\\e]52;c;eA==\\u{7}b\\nc\\u{9b}")
        XCTAssertFalse(
            buffer.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }

    func testEllipsisAndClipping() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        buffer.put("Herman Melville", x: 0, y: 0, overflow: .ellipsis)
        buffer.put("Herman Melville", x: 0, y: 1, maxWidth: 6)
        XCTAssertEqual(buffer.text, "Herman Me…\nHerman")
    }

    func testAWideCharacterThatDoesNotFitIsNotHalfDrawn() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.put("ab漢字", x: 0, y: 0)
        XCTAssertEqual(buffer.line(0), "ab漢")
        XCTAssertEqual(buffer[4, 0], .blank)
        buffer.put("x", x: 3, y: 0)
        // Overwriting the second half of 漢 clears its first half.
        XCTAssertEqual(buffer.line(0), "ab x")
        XCTAssertEqual(buffer[2, 0].width, 1)
    }

    func testSpansEndWithAnEllipsisWhenCut() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.put(spans: [Span("name:", .dim), Span("\"村上春樹\"", .plain)], x: 0, y: 0, maxWidth: 12)
        XCTAssertEqual(buffer.line(0), "name:\"村上…")
        XCTAssertEqual(TextFit.truncated("村上春樹", columns: 5), "村上…")
        XCTAssertEqual(TextFit.width("村上 e\u{301}"), 6)
    }

    func testDiffWritesOnlyWhatChanged() {
        var old = ScreenBuffer(width: 10, height: 2)
        old.put("hello", x: 0, y: 0)
        old.put("world", x: 0, y: 1)
        var new = old
        new.put("J", x: 0, y: 0)
        new.put("漢", x: 3, y: 1)
        let runs = BufferDiff.runs(from: old, to: new)
        XCTAssertEqual(runs.map(\.x), [0, 3])
        XCTAssertEqual(runs.map(\.y), [0, 1])
        XCTAssertEqual(runs.map { $0.cells.map(\.text).joined() }, ["J", "漢"])
        XCTAssertEqual(BufferDiff.runs(from: new, to: new), [])
        XCTAssertEqual(BufferDiff.runs(from: nil, to: new).count, 2, "a first frame is written whole, row by row")
    }
}

extension ScreenBufferTests {
    func testDrawingOutsideTheBufferDoesNothing() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        buffer.fill(Rect(x: 2, y: 5, width: 3, height: 3), character: "x")
        buffer.fill(Rect(x: -3, y: -3, width: 2, height: 2), character: "x")
        buffer.restyle(Rect(x: 9, y: 0, width: 3, height: 1)) { $0.bold = true }
        XCTAssertEqual(buffer.put("abc", x: 1, y: 7), 0)
        XCTAssertEqual(buffer, ScreenBuffer(width: 4, height: 2))
        buffer.fill(Rect(x: 3, y: 1, width: 9, height: 9), character: "x")
        XCTAssertEqual(buffer.text, "\n   x")
    }
}
