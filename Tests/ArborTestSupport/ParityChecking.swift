import ArborSession
import GRDB
import XCTest

/// Compares arbor's SQL for a statement with GRDB's for the same Swift request,
/// on one demo session that the parity checks only read.
public enum ParityChecking {
    /// Parity checks compile requests without fetching and declare nothing, so
    /// one demo session serves them all.
    nonisolated(unsafe) private static let shared = Result { try DemoSession.make() }

    public static func session() throws -> Session {
        try shared.get()
    }

    /// GRDB's main statement for `request` on the demo, arguments inlined.
    public static func grdbSQL<T>(_ request: QueryInterfaceRequest<T>, single: Bool = false) throws -> String {
        try grdbSQL(request, in: session().database, single: single)
    }

    /// GRDB's main statement for `request` on `queue`, arguments inlined as arbor shows them.
    public static func grdbSQL(_ request: some FetchRequest, in queue: DatabaseQueue, single: Bool = false) throws
        -> String
    {
        try queue.read { db in
            Session.expandedSQL(try request.makePreparedRequest(db, forSingleResult: single).statement)
        }
    }

    /// Fails when arbor's main statement for `text` on the demo is not GRDB's for `request`.
    public static func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, single: Bool = false, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let result = try session().requestResult(text, fetch: false)
        XCTAssertEqual(result.mainSQL, try grdbSQL(request, single: single), text, file: file, line: line)
    }
}
