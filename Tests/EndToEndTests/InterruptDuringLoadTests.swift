import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT while arbor loads code, before any statement runs, ends it at once
/// with status 130 and `arbor: interrupted` (not killed by the signal).
final class InterruptDuringLoadTests: XCTestCase {
    func testSIGINTDuringALoadExits130() throws {
        let directory = try TemporaryItems.folder("arbor-sigint")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Big.swift").path
        var text = "import GRDB\n"
        // About 4 MB, under the size cap: seconds of reading in a debug build.
        for i in 0..<45_000 {
            text += "struct Thing\(i): TableRecord { static let databaseTableName = \"book\"; var id: Int64 }\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let arbor = try BackgroundProcess(ArborProcess.executable.path, ["--load", path, "-c", "Book.all()"])
        defer { arbor.stop() }
        usleep(300_000)
        XCTAssertTrue(arbor.process.isRunning, "the load ended before the signal: make the file bigger")
        kill(arbor.pid, SIGINT)
        XCTAssertEqual(arbor.wait(), 130)
        XCTAssertEqual(arbor.process.terminationReason, .exit)
        XCTAssertEqual(arbor.stderr, "arbor: interrupted\n")
        XCTAssertEqual(arbor.stdout, "")
    }
}
