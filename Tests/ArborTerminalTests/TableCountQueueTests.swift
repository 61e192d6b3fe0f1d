import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborTerminal

/// The schema pane's row counts run one at a time behind requests: a request typed
/// while thousands of tables are being counted runs after one count, not after all.
final class TableCountQueueTests: XCTestCase {
    func testARequestDoesNotWaitForEveryTableCount() throws {
        let tables = (0..<3000).map { "t\($0)" }
        let path = try Fixtures.database(
            tables.map { "CREATE TABLE \($0) (id INTEGER PRIMARY KEY);" }.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        let inbox = Inbox()
        let worker = SessionWorker(session: session, inbox: inbox)
        worker.countRows(tables)
        worker.run(":sql SELECT 1 AS one", generation: 1)
        var countedBefore = 0
        var finished = false
        var counted = 0
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, counted < tables.count {
            for message in inbox.drain() {
                switch message {
                case .counted: counted += 1
                case .finished:
                    finished = true
                    countedBefore = counted
                default: break
                }
            }
            usleep(2_000)
        }
        XCTAssertTrue(finished)
        XCTAssertEqual(counted, tables.count, "every table is counted in the end")
        XCTAssertLessThan(countedBefore, 100, "the request waited for \(countedBefore) counts")
    }
}
