import ArborCore
import ArborTestSupport
import GRDB
import XCTest

/// The plans next to the traps, which the validator lets pass, go through ArborCore's
/// `Lowering` to GRDB, which makes their SQL and fetches their rows (prefetches
/// included, where T20 and T21 trap) without stopping the process.
final class TrapNeighbourLoweringTests: XCTestCase {
    func testEveryNeighbourLowersToGRDBsSQLAndFetches() throws {
        let database = try TrapSchema.database()
        let schema = try TrapSchema.graph(of: database)
        for row in TrapTable.rows {
            let label = "\(row.trap) \(row.what)"
            let validated = try Validator(schema: schema, range: nil).validate(row.neighbour)
            let request = try Lowering().request(validated)
            try database.read { db in
                let sql = try request.makePreparedRequest(db, forSingleResult: false).statement.sql
                XCTAssertTrue(sql.hasPrefix("SELECT ") || sql.hasPrefix("WITH "), "\(label): \(sql)")
                XCTAssertTrue(sql.contains("\"\(row.neighbour.table)\""), "\(label): \(sql)")
                _ = try Row.fetchAll(db, request)
            }
        }
    }

    /// T22: GRDB can not fetch a prefetching request through a cursor (`Row.swift:2032`, a
    /// precondition that is silent in release builds); `RequestPlan.hasPrefetch` is what
    /// tells the session to fetch such a plan whole, at any depth.
    func testAPrefetchAtAnyDepthIsSeen() {
        typealias P = Plans
        let nested = RequestPlan(
            table: "bookTag", operations: [.including(.required, P.bookTagBook([.including(.all, P.bookTags())]))])
        XCTAssertTrue(nested.hasPrefetch)
        XCTAssertTrue(RequestPlan(table: "author", operations: [.including(.all, P.authorBooks())]).hasPrefetch)
        XCTAssertFalse(
            RequestPlan(table: "bookTag", operations: [.including(.required, P.bookTagBook())]).hasPrefetch)
        var values = nested
        values.valueType = FetchedValueType(name: "String", isOptional: false)
        XCTAssertFalse(values.runsPrefetches, "a value fetch reads the main statement alone")
    }
}
