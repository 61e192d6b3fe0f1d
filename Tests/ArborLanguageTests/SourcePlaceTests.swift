import ArborLanguage
import XCTest

/// A place in a loaded file is kept as an offset and written `file:line:column`
/// only when a message shows it: the column counts characters, as the compiler does.
final class SourcePlaceTests: XCTestCase {
    func testDescriptionIsFileLineAndColumnInCharacters() {
        let text = "import GRDB\nlet é = 1 // ü\nstruct Book { var id: Int64 }\n"
        let lines = SourceLines(text)
        let offset = text.utf8.count - " var id: Int64 }\n".utf8.count - 1
        let place = SourcePlace(file: "Book.swift", offset: offset, lines: lines)
        XCTAssertEqual(place.description, "Book.swift:3:13")
        let afterAccent = SourcePlace(
            file: "Book.swift",
            offset: text.utf8.firstIndex(of: UInt8(ascii: "=")).map {
                text.utf8.distance(from: text.utf8.startIndex, to: $0)
            } ?? -1,
            lines: lines)
        XCTAssertEqual(afterAccent.description, "Book.swift:2:7")
    }

    func testPlacesAreEqualByFileAndOffset() {
        let lines = SourceLines("a\nb\n")
        XCTAssertEqual(
            SourcePlace(file: "A.swift", offset: 2, lines: lines),
            SourcePlace(file: "A.swift", offset: 2, lines: SourceLines("")))
        XCTAssertNotEqual(
            SourcePlace(file: "A.swift", offset: 2, lines: lines), SourcePlace(file: "B.swift", offset: 2, lines: lines)
        )
        XCTAssertNotEqual(
            SourcePlace(file: "A.swift", offset: 2, lines: lines), SourcePlace(file: "A.swift", offset: 0, lines: lines)
        )
    }
}
