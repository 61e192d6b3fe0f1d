import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A places app's lookup, shaped like CrisisCleanup/crisiscleanup-ios's: the ids an
// array parameter gives are made a `Set` for `filter(ids:)`.
private struct Spot: TableRecord, Identifiable {
    static let databaseTableName = "spot"
    var id: Int64
}

extension Spot {
    fileprivate static func spots(_ ids: [Int64]) -> QueryInterfaceRequest<Spot> {
        Spot.filter(ids: Set(ids))
    }
}

/// `Set(_:)` of values known now: the distinct values, which GRDB's `filter(ids:)` and
/// `contains` take as a sequence.
final class SetInitializerResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Spot: TableRecord, Identifiable {
            static let databaseTableName = "spot"
            var id: Int64
        }

        extension Spot {
            static func spots(_ ids: [Int64]) -> QueryInterfaceRequest<Spot> {
                Spot.filter(ids: Set(ids))
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE spot (id INTEGER PRIMARY KEY);
                INSERT INTO spot VALUES (1), (2), (3);
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Spot.swift").map(\.error.message), [])
        return harness
    }

    func testASetOfOneDistinctValueGivesGRDBsSQL() throws {
        let harness = try makeHarness()
        XCTAssertEqual(try harness.sql("Spot.spots([2, 2])"), try harness.grdbSQL(Spot.spots([2, 2])))
        XCTAssertEqual(try harness.rowCount("Spot.spots([2, 2])"), 1)
        XCTAssertEqual(
            try harness.sql("Spot.filter(Set([3]).contains(Column(\"id\")))"),
            try harness.grdbSQL(Spot.filter(Set([3]).contains(Column("id")))))
    }

    func testTheDistinctValuesKeepTheOrderTheyFirstAppearIn() throws {
        let harness = try makeHarness()
        // Swift's own order of a set is unspecified: GRDB's SQL holds the same values.
        XCTAssertEqual(try harness.sql("Spot.spots([3, 1, 3])"), #"SELECT * FROM "spot" WHERE "id" IN (3, 1)"#)
        XCTAssertEqual(try harness.rowCount("Spot.spots([3, 1, 3])"), 2)
        let grdb = try harness.grdbSQL(Spot.spots([3, 1, 3]))
        XCTAssertTrue(grdb.hasSuffix("IN (3, 1)") || grdb.hasSuffix("IN (1, 3)"), grdb)
        XCTAssertEqual(try harness.run("Set([1, 2, 1]).count")?.knownValue, .integer(2))
        // One type, as in Swift: beside a `Double`, the integer literal `1` is `1.0`.
        XCTAssertEqual(try harness.run("Set([1, 1.0, 2]).count")?.knownValue, .integer(2))
    }
}
