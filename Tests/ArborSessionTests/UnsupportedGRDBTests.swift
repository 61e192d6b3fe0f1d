import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// GRDB API arbor does not run yet is named as such, located, never "unknown".
final class UnsupportedGRDBTests: XCTestCase {
    func testUnsupportedConstructsAreNamed() throws {
        let session = try Session(path: nil)
        func error(_ text: String) -> ArborError? {
            guard case .failure(let errors, _)? = session.run(text, fetch: false).last else { return nil }
            return errors.first
        }
        let observation = error("DatabaseRegionObservation(tracking: Author.all())")
        XCTAssertEqual(observation?.message, "`DatabaseRegionObservation` (database observation) is not supported yet")
        XCTAssertEqual(observation?.range, SourceRange(0, 25))
        let adapted = error("Author.all().adapted(x)")
        XCTAssertEqual(adapted?.message, "`adapted` (row adapters) is not supported yet")
        XCTAssertEqual(adapted?.range, SourceRange(13, 20))
        XCTAssertEqual(
            error("RangeRowAdapter(0..<1)")?.message, "`RangeRowAdapter` (row adapters) is not supported yet")
    }
}
