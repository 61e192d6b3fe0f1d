import ArborCore
import ArborTestSupport
import XCTest

/// GRDB stops the app on `fetchCursor` of a request that prefetches (trap T22): arbor
/// refuses it, located, before anything runs.
final class CursorOfPrefetchTests: XCTestCase {
    func testACursorOfAPrefetchingRequestIsRefused() throws {
        let harness = try LanguageHarness.demo()
        let text = "try Author.including(all: Author.books).fetchCursor(db)"
        let error = harness.error(text)
        XCTAssertEqual(
            error?.message,
            "GRDB stops the app on `fetchCursor` of a request that includes a to-many association (`including(all:)`): a cursor does not prefetch"
        )
        XCTAssertEqual(error?.range, SourceRange(40, 51))
        // Nested under a to-one join, and through the record type's static fetch.
        XCTAssertNotNil(
            harness.error("try Book.including(required: Book.author.including(all: Author.books)).fetchCursor(db)"))
        XCTAssertNotNil(harness.error("try Author.fetchCursor(db, Author.including(all: Author.books))"))
    }

    func testACursorWithoutPrefetchRuns() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertNil(harness.error("try Author.including(required: Author.books).fetchCursor(db)"))
        XCTAssertEqual(
            try harness.sql("Author.including(required: Author.books).fetchCursor(db)"),
            try harness.sql("Author.including(required: Author.books)"))
    }
}
