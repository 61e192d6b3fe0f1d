import ArborTestSupport
import XCTest

@testable import ArborCore

/// The error for an association between two tables joined by several foreign keys, written
/// as bytes (`ForeignKeyResolver.severalForeignKeys`), says what interpolating and joining
/// its parts says: for names above ASCII, quotes and backticks, keys of several columns, and
/// two or three candidates.
final class SeveralForeignKeysMessageTests: XCTestCase {
    func testTheBytesSayWhatTheJoinedPartsSay() {
        let names = ["author", "book", "é", "書名", "a\"b", "`x`", "authorId", "translator_id", "👩‍👩‍👧", ""]
        var generator = SplitMix64(seed: 20)
        func name() -> String { names[Int(generator.next() % UInt64(names.count))] }
        for _ in 0..<500 {
            let candidates = (0..<(2 + Int(generator.next() % 2))).map { id in
                ForeignKeyInfo(
                    id: id, destinationTable: "author",
                    originColumns: (0..<(1 + Int(generator.next() % 3))).map { _ in name() },
                    destinationColumns: [])
            }
            let (holder, referenced, displayName) = (name(), name(), "\(name()).\(name())")
            let range = SourceRange(3, 9)
            let error = ForeignKeyResolver.severalForeignKeys(
                candidates, holder: holder, referenced: referenced, displayName, range)
            let options = candidates.map {
                "ForeignKey([" + $0.originColumns.map { "\"\($0)\"" }.joined(separator: ", ") + "])"
            }
            XCTAssertEqual(error.message, "`\(displayName)`: `\(holder)` has several foreign keys to `\(referenced)`")
            XCTAssertEqual(error.suggestion, "say which with `using:` " + options.joined(separator: " or "))
            XCTAssertEqual(error.range, range)
        }
    }
}
