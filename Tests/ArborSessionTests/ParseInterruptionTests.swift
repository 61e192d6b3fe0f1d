import ArborCore
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborLanguage
@testable import ArborSession

/// Ctrl-C in the middle of one file's parse (issue 20: every long stage stops within
/// 100 ms). swift-syntax's parse of a file has no step at which to stop, so the load
/// stops waiting for it as soon as the cancellation fires; the parse left behind ends
/// on its own and nothing of it reaches the session.
final class ParseInterruptionTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-parse-cancel")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// When the cancellation fired, set from the thread that fires it.
    final class FiredAt: @unchecked Sendable {
        private let lock = NSLock()
        private var time: UInt64?

        func set(_ value: UInt64) {
            lock.lock()
            time = value
            lock.unlock()
        }

        var value: UInt64? {
            lock.lock()
            defer { lock.unlock() }
            return time
        }
    }

    func testCtrlCDuringOneFilesParseReturnsWithin100Milliseconds() throws {
        let session = try Session(path: nil)
        let small = directory.appendingPathComponent("Small.swift").path
        try "struct Small: TableRecord { static let databaseTableName = \"book\" }\n".write(
            toFile: small, atomically: true, encoding: .utf8)
        _ = try session.load(paths: [small])
        let unitsBefore = session.program.units.map(\.name)
        // About 500 KB: its parse alone takes seconds in a debug build.
        let big = directory.appendingPathComponent("Big.swift").path
        var text = "import GRDB\n"
        for i in 0..<6_000 {
            text += "struct Thing\(i): TableRecord { static let databaseTableName = \"book\"; var id: Int64 }\n"
        }
        try text.write(toFile: big, atomically: true, encoding: .utf8)

        let firedAt = FiredAt()
        let cancellation = session.cancellation
        // As the interface does it: Ctrl-C from another thread, here as the big file's parse starts.
        session.willReadFile = { name in
            guard name == big else { return }
            Thread.detachNewThread {
                firedAt.set(DispatchTime.now().uptimeNanoseconds)
                cancellation.cancel()
            }
        }
        XCTAssertThrowsError(try session.load(paths: [big])) { error in
            XCTAssertEqual((error as? ArborError)?.message, "cancelled")
        }
        let returnedAt = DispatchTime.now().uptimeNanoseconds
        let fired = try XCTUnwrap(firedAt.value, "the cancellation never fired")
        XCTAssertLessThan(Double(returnedAt - fired) / 1e6, 100, "milliseconds from Ctrl-C to the load's return")
        // The parse was cut short, not waited for: its thread is still running.
        XCTAssertGreaterThan(LargeStackThread.runningCount, 0, "the parse had ended: make the file bigger")

        // Once the abandoned parse ends, the session is still as it was before the load.
        let deadline = Date().addingTimeInterval(120)
        while LargeStackThread.runningCount > 0, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(LargeStackThread.runningCount, 0, "the abandoned parse never ended")
        XCTAssertEqual(session.program.units.map(\.name), unitsBefore)
        XCTAssertNil(session.environment.typeNames.table(forType: "Thing1"))
        XCTAssertEqual(session.environment.typeNames.table(forType: "Small"), "book")
        // And the session loads again once Ctrl-C is over.
        session.willReadFile = nil
        session.cancellation.reset()
        _ = try session.load(paths: [small])
        XCTAssertEqual(session.environment.typeNames.table(forType: "Small"), "book")
    }
}
