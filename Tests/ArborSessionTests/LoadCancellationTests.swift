import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// Ctrl-C during a load (`session.cancellation`, set by the interface from its
/// own thread) stops parsing and resolving, and leaves the session as it was:
/// nothing of the cancelled files is declared. Advice stops the same way.
final class LoadCancellationTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-cancel")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Many distinct record types, so that parsing and resolving take a while.
    func bigFile(types: Int) throws -> String {
        let path = directory.appendingPathComponent("Big.swift").path
        var text = "import GRDB\n"
        for i in 0..<types {
            text += "struct Thing\(i): TableRecord { static let databaseTableName = \"book\"; var id: Int64 }\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testACancelledLoadLeavesTheSessionAsItWas() throws {
        let session = try Session(path: nil)
        let path = try bigFile(types: 3)
        session.cancellation.cancel()
        XCTAssertThrowsError(try session.load(paths: [path])) { error in
            XCTAssertEqual((error as? ArborError)?.message, "cancelled")
        }
        XCTAssertNil(session.environment.typeNames.table(forType: "Thing1"))
        session.cancellation.reset()
        _ = try session.load(paths: [path])
        XCTAssertEqual(session.environment.typeNames.table(forType: "Thing1"), "book")
    }

    func testCtrlCFromAnotherThreadStopsALongLoad() throws {
        let session = try Session(path: nil)
        // About 4 MB, under the size cap: parsed, then resolved for seconds in a debug build.
        let path = try bigFile(types: 45_000)
        XCTAssertLessThan(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0, 4 << 20)
        let cancellation = session.cancellation
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            cancellation.cancel()
        }
        XCTAssertThrowsError(try session.load(paths: [path])) { error in
            XCTAssertEqual((error as? ArborError)?.message, "cancelled")
        }
        XCTAssertNil(session.environment.typeNames.table(forType: "Thing1"))
        XCTAssertTrue(session.program.units.allSatisfy { $0.name != path })
    }

    func testCancelledAdviceThrows() throws {
        let session = try Session(path: nil)
        session.cancellation.cancel()
        XCTAssertThrowsError(try session.advice()) { error in
            XCTAssertEqual((error as? ArborError)?.message, "cancelled")
        }
    }
}
