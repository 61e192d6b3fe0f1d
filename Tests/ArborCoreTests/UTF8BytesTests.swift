import XCTest

@testable import ArborCore

/// The byte-wise questions asked of every name a load declares or looks up agree with the
/// standard library's answers, on ASCII, non-ASCII and small or long strings alike.
final class UTF8BytesTests: XCTestCase {
    static let texts = [
        "", "a.b", "ab", "Été.Request", "日本Database語", "Databas\u{301}e", "author\"id",
        String(repeating: "x", count: 40) + ".",
    ]

    func testContainsByteAgreesWithTheStandardLibrary() {
        for text in Self.texts {
            XCTAssertEqual(text.containsByte(UInt8(ascii: ".")), text.utf8.contains(UInt8(ascii: ".")), text)
            XCTAssertEqual(text.containsByte(0x22), text.utf8.contains(0x22), text)
            XCTAssertEqual(
                text.containsByte { $0 >= 0x80 }, text.utf8.contains { $0 >= 0x80 }, text)
        }
    }

    /// A string's bytes and repeated bytes are appended as `append(contentsOf:)` appends them.
    func testBytesAreAppendedAsTheStandardLibraryAppendsThem() {
        for text in Self.texts {
            var bytes: [UInt8] = Array("at ".utf8)
            bytes.append(utf8Of: text)
            XCTAssertEqual(bytes, Array("at ".utf8) + Array(text.utf8))
        }
        for count in [-1, 0, 1, 7, 300] {
            var bytes: [UInt8] = [1, 2]
            bytes.append(UInt8(ascii: "~"), count: count)
            XCTAssertEqual(bytes, [1, 2] + Array(repeating: UInt8(ascii: "~"), count: max(0, count)), "\(count)")
        }
    }

    func testTheSuffixAfterTheLastByte() {
        XCTAssertEqual("Author.Columns".suffix(afterLast: UInt8(ascii: ".")), "Columns")
        XCTAssertEqual("Library.Été.Columns".suffix(afterLast: UInt8(ascii: ".")), "Columns")
        XCTAssertEqual("Été.日本".suffix(afterLast: UInt8(ascii: ".")), "日本")
        XCTAssertEqual("Author.".suffix(afterLast: UInt8(ascii: ".")), "")
        XCTAssertNil("Author".suffix(afterLast: UInt8(ascii: ".")))
        XCTAssertNil("".suffix(afterLast: UInt8(ascii: ".")))
    }

    /// SQLite folds `A`…`Z` alone: `Été` and `été` stay two names, `Author` and `AUTHOR` are one.
    func testNamesFoldAsSQLiteFoldsThem() {
        XCTAssertEqual("AuthorId".sqlFolded, "authorid")
        XCTAssertEqual("author".sqlFolded, "author")
        XCTAssertEqual("Été".sqlFolded, "Été")
        XCTAssertEqual("ÉTÉ_X".sqlFolded, "ÉtÉ_x")
        XCTAssertTrue("authorId".sqlEquals("AUTHORID"))
        XCTAssertTrue("Été".sqlEquals("Été"))
        XCTAssertFalse("Été".sqlEquals("été"))
        XCTAssertFalse("author".sqlEquals("authors"))
        XCTAssertFalse("a_b".sqlEquals("a\u{7f}b"), "0x5f and 0x7f differ only by 0x20, and are no letters")
        XCTAssertFalse("a@b".sqlEquals("a`b"), "0x40 and 0x60 differ only by 0x20, and are no letters")
        for text in Self.texts {
            XCTAssertTrue(text.sqlEquals(text.sqlFolded), text)
            XCTAssertEqual(text.sqlFolded, String(text.map { $0.isASCII ? Character($0.lowercased()) : $0 }), text)
        }
    }

    func testAQuoteInANameIsRefused() {
        XCTAssertTrue(GRDBQuoting.canQuote("author_id"))
        XCTAssertFalse(GRDBQuoting.canQuote("a\"b"))
    }
}
