import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

/// Compares arbor's SQL for a statement with GRDB's for the same Swift request,
/// on one demo session shared by the parity tests.
enum ParityChecking {
    nonisolated(unsafe) private static var shared: Session?

    static func session() throws -> Session {
        if let shared { return shared }
        let session = try Session(path: nil)
        shared = session
        return session
    }

    /// GRDB's main statement for `request` on the demo, arguments inlined.
    static func grdbSQL<T>(_ request: QueryInterfaceRequest<T>, single: Bool = false) throws -> String {
        try grdbSQL(request, in: session().database, single: single)
    }

    /// GRDB's main statement for `request` on `queue`, arguments inlined as arbor shows them.
    static func grdbSQL(_ request: some FetchRequest, in queue: DatabaseQueue, single: Bool = false) throws -> String {
        try queue.read { db in
            Session.expandedSQL(try request.makePreparedRequest(db, forSingleResult: single).statement)
        }
    }

    static func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, single: Bool = false, file: StaticString, line: UInt
    ) throws {
        let outcomes = try session().run(text, fetch: false)
        guard case .rows(let result)? = outcomes.last else {
            return XCTFail("\(text): \(outcomes)", file: file, line: line)
        }
        XCTAssertEqual(result.mainSQL, try grdbSQL(request, single: single), text, file: file, line: line)
    }
}
