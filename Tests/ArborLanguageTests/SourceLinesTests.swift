import ArborTestSupport
import XCTest

@testable import ArborLanguage

/// `SourceLines` finds the line and column (in characters) of every byte offset
/// as a scan from the start of the text does, for texts with multi-byte
/// characters, empty lines, and offsets at line ends and beyond the text.
final class SourceLinesTests: XCTestCase {
    /// The reference: count newlines before the offset, then characters since the last.
    func scanned(_ offset: Int, in text: String) -> (Int, Int) {
        let bytes = Array(text.utf8)
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)
    }

    func testEveryOffsetIsWhereAScanSaysItIs() {
        let texts = [
            "", "\n", "a", "ab\ncd\n\nef", "é漢字\n😀x\n\n  Book.all()\n", "\n\n\nlast line without newline",
        ]
        for text in texts {
            let lines = SourceLines(text)
            for offset in -1...(text.utf8.count + 2) {
                let location = lines.location(of: offset)
                let (line, column) = scanned(offset, in: text)
                XCTAssertEqual(location.line, line, "\(text.debugDescription) at \(offset)")
                XCTAssertEqual(location.column, column, "\(text.debugDescription) at \(offset)")
                XCTAssertEqual(SourceLocation(offset: offset, in: text), location)
            }
        }
    }

    /// Mostly a little further on, as a load's notes come; sometimes back, or far ahead
    /// (out of the text too).
    func nextPlace(after offset: Int, in text: String, using generator: inout SplitMix64) -> Int {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: Int.random(in: -2...(text.utf8.count + 2), using: &generator)
        case 1: offset - Int.random(in: 0...40, using: &generator)
        default: offset + Int.random(in: 0...12, using: &generator)
        }
    }

    /// From the line of the place asked before, forwards in steps, backwards, or far ahead,
    /// a place is where a scan says it is.
    func testAPlaceFoundFromTheLastOneIsWhereAScanSaysItIs() {
        var generator = SplitMix64(seed: 27)
        let pieces = ["a", "é", "😀", "\n", "\n\n", " ", "漢"]
        let text = (0..<3_000).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
        let lines = SourceLines(text)
        var line = 0
        var offset = 0
        for _ in 0..<2_000 {
            offset = nextPlace(after: offset, in: text, using: &generator)
            let location = lines.location(of: offset, line: &line)
            let (expectedLine, column) = scanned(offset, in: text)
            XCTAssertEqual(location.line, expectedLine, "at \(offset)")
            XCTAssertEqual(location.column, column, "at \(offset)")
            XCTAssertEqual(line, expectedLine - 1)
        }
        // A line out of range is no help, and no harm.
        var wrong = 1_000_000
        XCTAssertEqual(lines.location(of: 5, line: &wrong), lines.location(of: 5))
    }

    /// Counted on from the place before on a long line with characters above ASCII, among
    /// them ones that join what follows or precedes them into one character (a combining
    /// accent, a joiner, a prepended sign, a spacing mark, Thai's sara am, a skin tone, a
    /// regional indicator, a carriage return): every place is where a scan says.
    func testPlacesCountedOnFromTheLastOneAreWhereAScanSaysTheyAre() {
        var generator = SplitMix64(seed: 28)
        let pieces = [
            "a", "b", " ", "é", "e\u{301}", "\u{301}", "👩\u{200D}👩", "\u{200D}", "\u{600}", "\r", "漢", "書",
            "\u{903}", "\u{E33}", "👍", "\u{1F3FB}", "\u{1F1EB}", "\n",
        ]
        let text = (0..<4_000).map { _ -> String in
            let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            return piece == "\n" && Int.random(in: 0..<30, using: &generator) > 0 ? "a" : piece
        }.joined()
        let lines = SourceLines(text)
        var cursor = SourceLines.Cursor()
        var offset = 0
        for _ in 0..<3_000 {
            offset = nextPlace(after: offset, in: text, using: &generator)
            let location = lines.location(of: offset, from: &cursor)
            let (line, column) = scanned(offset, in: text)
            XCTAssertEqual([location.line, location.column], [line, column], "at \(offset)")
            XCTAssertEqual(cursor.line, line - 1)
        }
    }

    /// Counting a line's characters by runs (`SourceLines.characterCount`) counts what Swift
    /// counts, for text where ASCII meets what joins to it: accents, a prepended sign before a
    /// digit, keycaps, joiners, flags, Hangul jamo after a syllable, CR alone.
    func testCharactersCountedByRunsAreTheStringsCharacters() {
        var generator = SplitMix64(seed: 41)
        let pieces = [
            "a", "1", "#", " ", "\r", "é", "e\u{301}", "\u{301}", "\u{600}", "\u{600}1", "1\u{FE0F}\u{20E3}",
            "👩\u{200D}👩", "\u{200D}", "\u{1F1EB}", "\u{1F1F7}", "가", "\u{11A8}", "\u{1100}", "\u{1161}", "書",
            "\u{903}", "\u{E33}", "👍\u{1F3FB}", "\u{1F3FB}",
        ]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            var bytes = Array(text.utf8)
            let counted = bytes.withUnsafeMutableBufferPointer { SourceLines.characterCount(UnsafeBufferPointer($0)) }
            XCTAssertEqual(counted, text.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testManyLinesOfAGeneratedFile() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "😀", "\n", " ", "漢"]
        let text = (0..<5_000).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        let lines = SourceLines(text)
        for offset in stride(from: 0, through: text.utf8.count, by: 7) {
            let location = lines.location(of: offset)
            let (line, column) = scanned(offset, in: text)
            XCTAssertEqual([location.line, location.column], [line, column], "at \(offset)")
        }
    }
}
