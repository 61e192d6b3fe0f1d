import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

// A field-work app's dates, shaped like CrisisCleanup/crisiscleanup-ios's: the app extends
// Foundation's `Date` with a constant of its own, and its requests use both that constant
// and `Date`'s own initializer.
extension Date {
    fileprivate static var epochStart: Date { Date(timeIntervalSince1970: 0) }
}

private struct Visit: TableRecord {
    static let databaseTableName = "visit"
    enum Columns { static let seenAt = Column("seenAt") }

    static func seenSinceEpoch() -> QueryInterfaceRequest<Visit> {
        filter(Columns.seenAt > Date.epochStart)
    }
    static func seenAfterADay() -> QueryInterfaceRequest<Visit> {
        filter(Columns.seenAt > Date(timeIntervalSince1970: 86_400))
    }
}

/// An extension of a Foundation type adds members: the type's own initializers stay
/// Swift's (an `extension Date` must not make `Date(timeIntervalSince1970:)` unknown).
final class ExtendedFoundationTypeResolutionTests: XCTestCase {
    static let model = """
        import Foundation
        import GRDB

        extension Date {
            static var epochStart: Date { Date(timeIntervalSince1970: 0) }
        }

        struct Visit: TableRecord {
            static let databaseTableName = "visit"
            enum Columns { static let seenAt = Column("seenAt") }

            static func seenSinceEpoch() -> QueryInterfaceRequest<Visit> {
                filter(Columns.seenAt > Date.epochStart)
            }
            static func seenAfterADay() -> QueryInterfaceRequest<Visit> {
                filter(Columns.seenAt > Date(timeIntervalSince1970: 86_400))
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE visit (id INTEGER PRIMARY KEY, seenAt TEXT NOT NULL);
                INSERT INTO visit VALUES (1, '1970-01-01 12:00:00.000'), (2, '1970-01-03 00:00:00.000');
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Visit.swift").map(\.error.message), [])
        return harness
    }

    func testTheExtensionsConstantAndDatesInitializerGiveGRDBsSQL() throws {
        let harness = try makeHarness()
        XCTAssertEqual(try harness.sql("Visit.seenSinceEpoch()"), try harness.grdbSQL(Visit.seenSinceEpoch()))
        XCTAssertEqual(try harness.sql("Visit.seenAfterADay()"), try harness.grdbSQL(Visit.seenAfterADay()))
        XCTAssertEqual(try harness.rowCount("Visit.seenSinceEpoch()"), 2)
        XCTAssertEqual(try harness.rowCount("Visit.seenAfterADay()"), 1)
    }
}
