import ArborLanguage
import ArborTestSupport
import XCTest

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
