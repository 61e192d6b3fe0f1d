import ArborTestSupport
import XCTest

@testable import ArborCore

/// The line shown under a message is the window around the range, cut with `…` where the
/// line goes on, on whole characters, as if the whole line had been read, though only the
/// bytes near the window are (a minified file's notes each read its one long line before).
final class DiagnosticWindowTests: XCTestCase {
    /// The shown line as reading the whole line gives it: its ends found first, then the window.
    func exactShownLine(_ bytes: [UInt8], range: SourceRange) -> String {
        let before = DiagnosticRenderer.before
        let after = DiagnosticRenderer.after
        let lower = min(max(0, range.lowerBound), bytes.count)
        let upper = min(max(lower, range.upperBound), bytes.count)
        let lineStart = bytes[..<lower].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let lineEnd = bytes[lower...].firstIndex(of: 0x0A) ?? bytes.count
        let start = DiagnosticRenderer.boundary(bytes, max(lineStart, lower - before), lineStart)
        let shownUpper = DiagnosticRenderer.boundary(
            bytes, min(min(upper, lineEnd), lower + DiagnosticRenderer.rangeShown), lower)
        let end = DiagnosticRenderer.boundary(bytes, min(lineEnd, shownUpper + after), shownUpper)
        return "  " + (start > lineStart ? "…" : "") + String(decoding: bytes[start..<end], as: UTF8.self)
            + (end < lineEnd ? "…" : "")
    }

    func testTheWindowIsAsIfTheWholeLineWereRead() {
        var generator = SplitMix64(seed: 20)
        // Characters of one to four bytes, so that a window's edge falls inside some of them.
        let pieces = ["a", "é", "漢", "😀", " ", "(", "\n"]
        for round in 0..<400 {
            let length = round % 4 == 0 ? 2_000 : 300
            let text = (0..<length).map { _ in
                // Line breaks are rare: most places are on a long line.
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                return piece == "\n" && Int.random(in: 0..<20, using: &generator) > 0 ? "x" : piece
            }.joined()
            let bytes = Array(text.utf8)
            let lower = Int.random(in: 0...bytes.count, using: &generator)
            let upper = min(bytes.count, lower + Int.random(in: 0...300, using: &generator))
            let range = SourceRange(lower, upper)
            let shown = DiagnosticRenderer.render(ArborError("m", at: range), bytes: bytes)
                .split(separator: "\n", omittingEmptySubsequences: false)[1]
            XCTAssertEqual(String(shown), exactShownLine(bytes, range: range), "round \(round), at \(lower)..<\(upper)")
        }
    }

    func testAPlaceInAMegabyteLineShowsItsWindow() {
        let line = String(repeating: "abcdefghij", count: 100_000)
        let bytes = Array((line + "\n" + line).utf8)
        let lower = 500_000
        let rendered = DiagnosticRenderer.render(ArborError("m", at: SourceRange(lower, lower + 3)), bytes: bytes)
        let expected = "  …" + String(decoding: bytes[(lower - 60)..<(lower + 3 + 40)], as: UTF8.self) + "…"
        XCTAssertEqual(rendered.split(separator: "\n")[1], Substring(expected))
        XCTAssertEqual(rendered.split(separator: "\n")[2], Substring(String(repeating: " ", count: 2 + 1 + 60) + "^~~"))
    }
}
