import ArborCore
import GRDB
import XCTest

@testable import ArborTerminal

/// Issue 21, the smaller points: a ZWJ family is one glyph of two columns and
/// curses is given no more than fits its cell (no stray glyph); the tree shows
/// `\u0301` (a backslash in the data) as the table does.
final class GraphemeWidthScreenTests: XCTestCase {
    static let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    /// wcwidth as glibc counts these: an emoji two columns, a joiner none.
    static func curses(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value == 0x200D || scalar.value == 0xFE0F || scalar.value == 0x301 { return 0 }
        return scalar.value >= 0x1F000 ? 2 : 1
    }

    func testAFamilyIsOneCellTwoColumnsWide() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.put(Self.family + " fam", x: 0, y: 0)
        XCTAssertEqual(buffer[0, 0].text, Self.family)
        XCTAssertEqual(buffer[0, 0].width, 2)
        XCTAssertTrue(buffer[1, 0].isContinuation)
        XCTAssertEqual(buffer.line(0), Self.family + " fam")
        XCTAssertEqual(buffer[3, 0].text, "f", "the text after it starts two columns on")
    }

    func testCursesIsGivenWhatFitsTheCell() {
        XCTAssertEqual(
            CursesCellText.scalars(Self.family, width: 2, scalarWidth: Self.curses).map(\.value), [0x1F469])
        XCTAssertEqual(
            CursesCellText.scalars("e\u{301}", width: 1, scalarWidth: Self.curses).map(\.value), [0x65, 0x301])
        XCTAssertEqual(
            CursesCellText.scalars("\u{26A0}\u{FE0F}", width: 2, scalarWidth: Self.curses).map(\.value),
            [0x26A0, 0xFE0F])
        XCTAssertEqual(CursesCellText.scalars("x", width: 1, scalarWidth: Self.curses).map(\.value), [0x78])
    }

    func testTheTreeShowsABackslashAsTheTableDoes() {
        let row = Fixtures.row([("id", 3), ("name", "\\u0301")])
        var state = AppState(width: 80, height: 12, environment: Fixtures.emptyEnvironment)
        state.results = ResultsState(source: ArrayResultSource(table: "t", rows: [row]), title: "T.all()")
        let tree = View.render(state).buffer.line(1)
        XCTAssertTrue(tree.contains(#"name:"\u0301""#), tree)
        state.setResultsFormat(.table)
        let table = View.render(state).buffer.line(2)
        XCTAssertTrue(table.contains(#"\u0301"#), table)
        XCTAssertFalse(table.contains(#"\\u0301"#), table)
    }
}
