import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A map app's bounding-box count, shaped like CrisisCleanup's `WorksiteRecord.getCount(_:_:
// south:north:west:east:)`: `Double` parameters given integer literals.
private struct Spot: TableRecord {
    static let databaseTableName = "spot"
    enum Columns {
        static let latitude = Column("latitude")
        static let longitude = Column("longitude")
    }

    static func inBounds(south: Double, north: Double, west: Double, east: Double) -> QueryInterfaceRequest<Spot> {
        filter(
            Columns.latitude > south && Columns.latitude < north && Columns.longitude > west
                && Columns.longitude < east)
    }
}

private struct Radius {
    let meters: Double
    let count: Int

    func spots() -> QueryInterfaceRequest<Spot> {
        Spot.filter(Spot.Columns.latitude < meters).limit(count)
    }
}

/// An integer literal given where `Double` is declared (a parameter, a stored property) is
/// the `Double` Swift makes of it, and GRDB writes it so (`-30.0`); before, arbor kept the
/// integer and printed `-30`, other SQL than GRDB's.
final class IntegerLiteralAsDoubleResolutionTests: XCTestCase {
    static let model = """
        import GRDB

        struct Spot: TableRecord {
            static let databaseTableName = "spot"
            enum Columns {
                static let latitude = Column("latitude")
                static let longitude = Column("longitude")
            }

            static func inBounds(south: Double, north: Double, west: Double, east: Double) -> QueryInterfaceRequest<Spot> {
                filter(
                    Columns.latitude > south && Columns.latitude < north && Columns.longitude > west
                        && Columns.longitude < east)
            }
        }

        struct Radius {
            let meters: Double
            let count: Int

            func spots() -> QueryInterfaceRequest<Spot> {
                Spot.filter(Spot.Columns.latitude < meters).limit(count)
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE spot (id INTEGER PRIMARY KEY, latitude REAL, longitude REAL);
                INSERT INTO spot VALUES (1, 10.5, -25), (2, 40, -25);
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Spot.swift").map(\.error.message), [])
        return harness
    }

    func testAnIntegerLiteralWhereDoubleIsDeclaredIsADouble() throws {
        let harness = try makeHarness()
        XCTAssertEqual(
            try harness.sql("Spot.inBounds(south: 10, north: 20.5, west: -30, east: -20)"),
            try harness.grdbSQL(Spot.inBounds(south: 10, north: 20.5, west: -30, east: -20)))
        XCTAssertEqual(try harness.rowCount("Spot.inBounds(south: 10, north: 20.5, west: -30, east: -20)"), 1)
        XCTAssertEqual(
            try harness.sql("Radius(meters: 15, count: 3).spots()"),
            try harness.grdbSQL(Radius(meters: 15, count: 3).spots()))
    }

    func testAnIntegerParameterKeepsTheInteger() throws {
        let harness = try makeHarness()
        XCTAssertTrue(try harness.sql("Radius(meters: 15, count: 3).spots()").hasSuffix("LIMIT 3"))
    }
}
