import ArborTestSupport
import XCTest

@testable import ArborCore

/// The `sql` format prints the SQL GRDB runs: newline and tab stay as they are
/// (valid SQL, harmless on a terminal); other control characters in a string
/// literal are spelled with `char()`, elsewhere escaped.
final class SQLTextTests: XCTestCase {
    func testNewlineAndTabAreKeptAsTheyAre() {
        let sql = "SELECT * FROM \"book\" WHERE \"title\" = 'a\nb\tc'"
        XCTAssertTrue(SQLText.terminalSafe(sql) == (sql, true))
        let name = "SELECT * FROM \"odd\tname\nhere\""
        XCTAssertTrue(SQLText.terminalSafe(name) == (name, true))
    }

    func testOtherControlCharactersInAStringAreCharCalls() {
        let (text, isExact) = SQLText.terminalSafe("SELECT 'a\n\u{1B}[2J\tb\r'")
        XCTAssertEqual(text, "SELECT 'a\n'||char(27)||'[2J\tb'||char(13)||''")
        XCTAssertTrue(isExact)
    }

    func testOtherControlCharactersInANameAreEscaped() {
        let (text, isExact) = SQLText.terminalSafe("SELECT * FROM \"a\u{1B}b\tc\"")
        XCTAssertEqual(text, "SELECT * FROM \"a\\eb\tc\"")
        XCTAssertFalse(isExact)
    }

    /// A label inside `/* … */` on one line: it can end neither the comment nor the line.
    func testCommentTextCanEndNeitherTheCommentNorTheLine() {
        XCTAssertEqual(SQLText.commentSafe("prefetch books"), "prefetch books")
        XCTAssertEqual(SQLText.commentSafe("a*/b**/c/*d"), "a* /b** /c/*d")
        XCTAssertEqual(SQLText.commentSafe("a\nb\u{1B}c\u{2028}d"), "a\\nb\\ec\\u{2028}d")
    }
}
