import XCTest

@testable import ArborLanguage

/// The resolver's byte-wise substring test agrees with `String.contains` wherever it is asked.
final class TextSearchTests: XCTestCase {
    func testFindsTheNeedleAnywhereAndOnlyWhole() {
        XCTAssertTrue("QueryInterfaceRequest<Book>".containsBytes("Request"))
        XCTAssertTrue("Request".containsBytes("Request"))
        XCTAssertTrue("some DerivableRequest".containsBytes("Request"))
        XCTAssertTrue("RRequest".containsBytes("Request"), "a partial match before the real one")
        XCTAssertFalse("Reques".containsBytes("Request"))
        XCTAssertFalse("Int64".containsBytes("Request"))
        XCTAssertFalse("".containsBytes("Request"))
        XCTAssertTrue("inout PersistenceContainer".containsBytes("PersistenceContainer"))
    }

    func testAgreesWithTheStandardLibraryOnUnicodeText() {
        for text in ["Été.Request", "日本Database語", "Databas\u{301}e", "a.b", "ab"] {
            XCTAssertEqual(text.containsBytes("Database"), text.contains("Database"), text)
        }
    }
}
