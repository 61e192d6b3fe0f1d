import ArborTestSupport
import XCTest

@testable import ArborSession

/// Which `PRAGMA` statements `:sql` reads back to say what they set.
final class PragmaSettingTests: XCTestCase {
    func testOnlyAssignmentsOfSettingsAreReadBack() {
        XCTAssertEqual(PragmaSetting.name(in: "-- note\n /* x */ pragma User_Version=3"), "User_Version")
        XCTAssertEqual(PragmaSetting.name(in: "PRAGMA main . cache_size (100)"), "main.cache_size")
        XCTAssertNil(PragmaSetting.name(in: "PRAGMA user_version"), "a query shows its rows")
        XCTAssertNil(PragmaSetting.name(in: "PRAGMA incremental_vacuum(5)"), "querying it would act")
        XCTAssertNil(PragmaSetting.name(in: "PRAGMAuser_version = 1"))
        XCTAssertNil(PragmaSetting.name(in: "SELECT 1"))
    }
}
