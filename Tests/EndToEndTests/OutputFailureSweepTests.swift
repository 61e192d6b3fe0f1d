import ArborTestSupport
import Foundation
import XCTest

/// Every way arbor prints to standard output says so when the write fails: the
/// help and the version (which the argument parser used to print and lose in
/// silence), the manual, completion scripts, the graph, commands and `:sql` in
/// each format, all to a full disk (`/dev/full`).
final class OutputFailureSweepTests: XCTestCase {
    static let diskFull = "arbor: cannot write to standard output: No space left on device\n"

    func runToFullDisk(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        defer { try? full.close() }
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = arguments
        process.environment = ArborProcess.environment()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    func testEveryPrintingPathSaysItsOutputFailed() throws {
        for arguments in [
            ["--help"], ["-h"], ["--version"], ["--generate-manual"], ["--generate-completion-script", "zsh"],
            ["--graph", "--format", "mermaid"], ["-c", ":tables"], ["-c", ":explain Author.all()"],
            ["--format", "json", "-c", ":sql SELECT * FROM book"],
            ["--format", "csv", "-c", ":sql SELECT * FROM book"],
            ["-c", ":sql SELECT * FROM book"],
            ["--format", "json", "-c", #"String.fetchAll(db, sql: "SELECT title FROM book")"#],
            ["--format", "json", "-c", "Book.fetchCount(db)"],
        ] {
            let result = try runToFullDisk(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, Self.diskFull, "\(arguments)")
        }
    }
}
