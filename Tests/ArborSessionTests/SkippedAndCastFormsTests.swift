import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// A form a review found mishandled: a value fetch of a request that prefetches never
/// reaches GRDB's cursor trap. (The skipped and cast forms are the language's:
/// `SkippedAndCastFormsResolutionTests`.)
final class SkippedAndCastFormsTests: XCTestCase {
    /// GRDB's `Date.fetchAll(db, request)` runs no prefetch; the check for NUL
    /// characters must not open a row cursor on the prefetching request (GRDB traps).
    func testAValueFetchOfARequestThatPrefetchesRunsAsGRDBs() throws {
        let session = try ParityChecking.session()
        let text = "try Date.fetchAll(db, Author.including(all: Author.books).order(Column(\"id\")).limit(2))"
        let result = try session.requestResult(text)
        let grdb = try session.database.read { db in
            try Date.fetchAll(db, Table("author").order(Column("id")).limit(2))
        }
        XCTAssertEqual(result.rows.map { $0.values[0] }, grdb.map(\.databaseValue))
        // `--prefetch` lists what GRDB runs: the main statement alone.
        guard case .rows(let planned)? = session.run(text, fetch: false).last else { return XCTFail() }
        XCTAssertEqual(try session.appStatements(planned.plan, single: false).map(\.label), ["main"])
    }
}
