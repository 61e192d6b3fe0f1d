import ArborCore
import XCTest

@testable import ArborLanguage

/// The pending members know, by name, whether a mention must visit the types of a table.
final class PendingMemberTableTests: XCTestCase {
    private func member(_ type: String, _ name: String, at offset: Int = 0) -> PendingMember {
        PendingMember(
            typePath: type, table: "book", name: name, nameRange: SourceRange(offset, offset + 1),
            definition: .initializer(Expr(.integer(1), SourceRange(offset, offset + 1))), origin: 0)
    }

    func testCountsEachNameUntilItsLastMemberIsTaken() {
        var table = PendingMemberTable()
        table.add(member("Thing0", "author"))
        table.add(member("Thing1", "author"))
        table.add(member("Thing1", "author", at: 9))
        XCTAssertTrue(table.hasPendingOrFailed(named: "author"))
        XCTAssertFalse(table.hasPendingOrFailed(named: "Author"))
        XCTAssertEqual(table["Thing1"]?["author"]?.nameRange, SourceRange(9, 10), "a redeclaration replaces")
        XCTAssertNotNil(table.remove("author", of: "Thing0"))
        XCTAssertNil(table.remove("author", of: "Thing0"), "taken once")
        XCTAssertTrue(table.hasPendingOrFailed(named: "author"), "Thing1's is still pending")
        XCTAssertNotNil(table.remove("author", of: "Thing1"))
        XCTAssertFalse(table.hasPendingOrFailed(named: "author"))
        XCTAssertTrue(table.isEmpty)
        XCTAssertNil(table["Thing1"])
    }

    func testAFailedMemberIsStillNamedSoThatItsErrorIsSaid() {
        var table = PendingMemberTable()
        table.add(member("Thing0", "author"))
        _ = table.remove("author", of: "Thing0")
        table.markFailed("author")
        XCTAssertTrue(table.hasPendingOrFailed(named: "author"))
        XCTAssertTrue(table.isEmpty)
    }
}
