import ArborTestSupport
import Foundation
import XCTest

/// `arbor --trace - <&-`: standard input closed. SQLite took descriptor 0 for the database
/// and gave it `/dev/null`, so arbor read an empty log: "read 0 lines … 0 findings of waste",
/// status 0, as if the app had been clean. Now an error and status 2, as an unreadable file.
final class TraceClosedInputTests: XCTestCase {
    func testAClosedStandardInputIsAnError() throws {
        let database = try Fixture.database(Fixture.library)
        let directory = try TemporaryItems.folder("trace-closed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "exec \"$0\" \"$@\" <&-", ArborProcess.executable.path, database, "--trace", "-",
        ]
        process.environment = ArborProcess.environment()
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(
            String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
            "arbor: --trace -: standard input is closed: give the log on it, or name its file\n")
        // An open, empty standard input is an empty log, as before.
        let empty = try ArborProcess.run([database, "--trace", "-"], stdin: "")
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stderr, "arbor: read 0 lines, 0 statements; 0 findings of waste\n")
    }
}
