import XCTest

@testable import ArborLanguage

final class MemberKeyTests: XCTestCase {
    func testAMemberKeyIsThePathADotAndTheName() {
        XCTAssertEqual(String.memberKey("Author", "books"), "Author.books")
        XCTAssertEqual(String.memberKey("Library.Book", "Columns"), "Library.Book.Columns")
        // Beyond ASCII, and long enough to leave a string's inline storage.
        XCTAssertEqual(String.memberKey("Café", "crème"), "Café.crème")
        let long = String(repeating: "Nested", count: 20)
        XCTAssertEqual(String.memberKey(long, "member"), long + ".member")
        XCTAssertEqual(String.memberKey("", ""), ".")
    }
}
