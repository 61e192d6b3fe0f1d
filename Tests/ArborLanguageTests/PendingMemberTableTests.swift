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
        XCTAssertEqual(
            table.inLoadingOrder.map { "\($0.typePath).\($0.name)@\($0.nameRange.lowerBound)" },
            ["Thing0.author@0", "Thing1.author@9"], "a redeclaration replaces")
        XCTAssertNotNil(table.remove("author", of: "Thing0"))
        XCTAssertNil(table.remove("author", of: "Thing0"), "taken once")
        XCTAssertTrue(table.hasPendingOrFailed(named: "author"), "Thing1's is still pending")
        XCTAssertNotNil(table.remove("author", of: "Thing1"))
        XCTAssertFalse(table.hasPendingOrFailed(named: "author"))
        XCTAssertTrue(table.isEmpty)
        XCTAssertFalse(table.hasMembers(of: "Thing1"))
        XCTAssertFalse(table.contains("author", of: "Thing1"))
    }

    func testLoadingForcesByTypeThenByPlace() {
        var table = PendingMemberTable()
        table.add(member("Book", "b", at: 30))
        table.add(member("Author", "a", at: 20))
        table.add(member("Book", "a", at: 10))
        XCTAssertTrue(table.contains("a", of: "Book"))
        XCTAssertEqual(table.inLoadingOrder.map { "\($0.typePath).\($0.name)" }, ["Author.a", "Book.a", "Book.b"])
        _ = table.remove("a", of: "Book")
        XCTAssertEqual(table.inLoadingOrder.map { "\($0.typePath).\($0.name)" }, ["Author.a", "Book.b"])
        XCTAssertTrue(table.hasMembers(of: "Book"))
        XCTAssertFalse(table.hasFailed(named: "a"))
    }

    func testAFailedMemberIsStillNamedSoThatItsErrorIsSaid() {
        var table = PendingMemberTable()
        table.add(member("Thing0", "author"))
        _ = table.remove("author", of: "Thing0")
        XCTAssertFalse(table.hasFailed(named: "author"))
        table.markFailed("author")
        XCTAssertTrue(table.hasFailed(named: "author"))
        XCTAssertTrue(table.hasPendingOrFailed(named: "author"))
        XCTAssertTrue(table.isEmpty)
    }

    func testLoadingTakesEachMemberByItsPlaceOnce() {
        var table = PendingMemberTable()
        table.add(member("Book", "b", at: 30))
        table.add(member("Book", "a", at: 10))
        table.add(member("Author", "a", at: 20))
        let places = table.placesInLoadingOrder
        XCTAssertEqual(places, [2, 1, 0], "Author.a, then Book.a, then Book.b")
        XCTAssertNotNil(table.remove("a", of: "Book"), "forced first by a member that names it")
        XCTAssertEqual(table.take(at: places[0])?.typePath, "Author")
        XCTAssertNil(table.take(at: places[1]), "already taken")
        XCTAssertFalse(table.hasMembers(of: "Author"))
        XCTAssertTrue(table.hasMembers(of: "Book"))
        XCTAssertEqual(table.take(at: places[2])?.name, "b")
        XCTAssertNil(table.take(at: 99), "no such place")
        XCTAssertTrue(table.isEmpty)
        XCTAssertFalse(table.hasPendingOrFailed(named: "a"))
        table.add(member("Book", "a", at: 10))
        XCTAssertTrue(table.contains("a", of: "Book"), "declared again after it was taken")
        XCTAssertEqual(table.placesInLoadingOrder, [3])
        // The counts that fell to 0 count again.
        XCTAssertFalse(table.isEmpty)
        XCTAssertTrue(table.hasPendingOrFailed(named: "a"))
        XCTAssertTrue(table.hasMembers(of: "Book"))
        XCTAssertFalse(table.hasMembers(of: "Author"))
        XCTAssertEqual(table.remove("a", of: "Book")?.nameRange.lowerBound, 10)
        XCTAssertTrue(table.isEmpty)
        XCTAssertFalse(table.hasMembers(of: "Book"))
    }
}
