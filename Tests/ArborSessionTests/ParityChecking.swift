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

    /// GRDB's main statement for `request`, arguments inlined.
    static func grdbSQL<T>(_ request: QueryInterfaceRequest<T>, single: Bool = false) throws -> String {
        try session().database.read { db in
            let prepared = try request.makePreparedRequest(db, forSingleResult: single)
            guard let expanded = sqlite3_expanded_sql(prepared.statement.sqliteStatement) else { return "" }
            defer { sqlite3_free(expanded) }
            return String(cString: expanded)
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
