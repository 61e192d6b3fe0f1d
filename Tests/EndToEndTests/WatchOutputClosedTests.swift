import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `arbor --watch … | head -1`: once the reader of standard output is gone,
/// the watch ends with status 0 at once, without waiting for another commit
/// (with notifications and with the polling fallback).
final class WatchOutputClosedTests: XCTestCase {
    func testTheWatchEndsWhenItsOutputCloses() throws { try assertEndsWhenOutputCloses(poll: false) }
    func testThePollingWatchEndsWhenItsOutputCloses() throws { try assertEndsWhenOutputCloses(poll: true) }

    func assertEndsWhenOutputCloses(poll: Bool) throws {
        let database = try ShellDatabase(
            "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 5);")
        defer { database.remove() }
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = [database.path, "-c", "Counter.all()", "--watch", "--format", "json"]
        var environment = ProcessInfo.processInfo.environment
        if poll { environment["ARBOR_WATCH_POLL"] = "1" }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // As `head -1` does: read the first line, then close.
        var received = Data()
        while !received.contains(10) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            received.append(data)
        }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "[{\"id\":1,\"n\":5}]\n")
        try output.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        XCTAssertFalse(process.isRunning, "the watch went on after its output closed")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(process.terminationReason, .exit)
    }
}
