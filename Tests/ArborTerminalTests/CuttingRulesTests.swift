import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// The cutting rules of the tree, at every width from 20 to 200 columns: no line
/// is wider than its pane, no `……`, no value cut to a stub, no name cut, wide
/// characters whole.
final class CuttingRulesTests: XCTestCase {
    static let rows: [ResultRow] = [
        Fixtures.row(
            [
                ("id", 1), ("name", "Brian Johnson Brian Johnson Brian Johnson"), ("city", "村上春樹村上春樹村上春樹村上"),
                ("emoji", "😀😀😀😀😀😀😀😀😀😀😀😀"), ("note", nil), ("score", 12.5),
            ],
            children: [
                ResultChild(
                    key: "album", table: "album", value: .toOne(Fixtures.row([("id", 9), ("title", "Mと漢字 Title")]))),
                ResultChild(
                    key: "tracks", table: "track",
                    value: .toMany([
                        Fixtures.row([
                            ("id", 1), ("name", "M"), ("composer", "Angus Young, Malcolm Young, Brian Johnson"),
                        ])
                    ]), totalCount: 1_204),
            ]),
        Fixtures.row([("id", 2), ("name", "M")]),
    ]

    func assertNoArtefacts(_ line: String, width: Int, file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertLessThanOrEqual(TextFit.width(line), width, line, file: file, line: lineNumber)
        XCTAssertFalse(line.contains("……"), line, file: file, line: lineNumber)
        XCTAssertFalse(line.contains(" ……"), line, file: file, line: lineNumber)
        for token in line.components(separatedBy: "  ") where token.hasSuffix("…") && token != "…" {
            // A cut value keeps more than a stub (`"M…`) after its name; a name is never cut.
            guard let colon = token.firstIndex(of: ":") else {
                return XCTFail("a cut name or key: \(token) in \(line)", file: file, line: lineNumber)
            }
            let value = token[token.index(after: colon)...]
            XCTAssertGreaterThanOrEqual(
                TextFit.width(String(value)), 4, "a stub: \(token) in \(line)", file: file,
                line: lineNumber)
        }
    }

    func testTheTreeHasNoArtefactsAtAnyWidth() {
        let source = ArrayResultSource(table: "artist", rows: Self.rows)
        for width in 20...200 {
            var results = ResultsState(source: source, title: "t")
            results.toggle(height: 10)
            results.expanded.insert(NodePath([0, 1]))
            for open in [true, false] {
                if !open { results.collapse(NodePath([0])) }
                var buffer = ScreenBuffer(width: width, height: 10)
                ResultsView.draw(
                    results, info: "", into: &buffer, rect: buffer.bounds, focused: false, separatorOnRight: false)
                for y in 1..<10 { assertNoArtefacts(buffer.line(y), width: width) }
                // No wide character is cut in half: every continuation cell follows its head.
                for y in 0..<10 {
                    for x in 0..<width where buffer[x, y].isContinuation {
                        XCTAssertEqual(buffer[x - 1, y].width, 2, "width \(width) line \(y): \(buffer.line(y))")
                    }
                }
            }
        }
    }

    func testValuesShareTheWidthOfThePaneOrTheFirstColumnsShow() {
        let source = ArrayResultSource(table: "artist", rows: Self.rows)
        let results = ResultsState(source: source, title: "t")
        var buffer = ScreenBuffer(width: 100, height: 3)
        ResultsView.draw(results, info: "", into: &buffer, rect: buffer.bounds, focused: false, separatorOnRight: false)
        // The closed row's to-one row comes first (issue 21, item 10), then its columns.
        XCTAssertEqual(
            buffer.line(1),
            "▸ artist  album(id:9, title:\"Mと漢字 Title\")  id:1  name:\"Brian Johnson Brian Johnson…  …")
        // Narrower than all the columns at 16 columns a value: the first ones, a value at most a third of the line.
        var narrow = ScreenBuffer(width: 60, height: 3)
        ResultsView.draw(results, info: "", into: &narrow, rect: narrow.bounds, focused: false, separatorOnRight: false)
        XCTAssertEqual(narrow.line(1), "▸ artist  album(id:9, title:…  id:1  name:\"Brian Johns…  …")
        // Wide enough, nothing is cut, and the to-one row shows first on its line.
        var wide = ScreenBuffer(width: 200, height: 3)
        ResultsView.draw(results, info: "", into: &wide, rect: wide.bounds, focused: false, separatorOnRight: false)
        XCTAssertEqual(
            wide.line(1),
            "▸ artist  album(id:9, title:\"Mと漢字 Title\")  id:1  name:\"Brian Johnson Brian Johnson Brian Johnson\"  city:\"村上春樹村上春樹村上春樹村上\"  emoji:\"😀😀😀😀😀😀😀😀😀😀😀😀\"  note:NULL  score:12.5"
        )
        XCTAssertEqual(wide.line(2), "  artist  id:2  name:\"M\"")
    }

    func testTheTableHasNoArtefactsAtAnyWidth() {
        let source = ArrayResultSource(table: "artist", rows: Self.rows)
        for width in 20...200 {
            let results = ResultsState(source: source, title: "t", format: .table)
            var buffer = ScreenBuffer(width: width, height: 5)
            ResultsView.draw(
                results, info: "", into: &buffer, rect: buffer.bounds, focused: true, separatorOnRight: false)
            for y in 1..<5 {
                XCTAssertFalse(buffer.line(y).contains("……"), buffer.line(y))
                for x in 0..<width where buffer[x, y].isContinuation {
                    XCTAssertEqual(buffer[x - 1, y].width, 2, "width \(width): \(buffer.line(y))")
                }
            }
        }
    }
}
