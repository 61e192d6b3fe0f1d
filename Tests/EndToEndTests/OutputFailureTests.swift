import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Output is never lost in silence: standard output on a full disk
/// (`/dev/full`) or closed (`>&-`) is an error and status 1, in every format,
/// in line mode and under `--watch`; a reader that went away (`EPIPE`, as with
/// `| head`) ends arbor quietly with status 0.
final class OutputFailureTests: XCTestCase {
    struct Run {
        var status: Int32
        var stderr: String
    }

    /// Runs arbor through `/bin/sh`, its standard output redirected as `redirection` says.
    func run(_ arguments: [String], redirection: String, stdin: String = "") throws -> Run {
        let directory = try TemporaryItems.folder("arbor-out")
        defer { try? FileManager.default.removeItem(at: directory) }
        let errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirection)", ArborProcess.executable.path] + arguments
        process.environment = ArborProcess.environment()
        let input = Pipe()
        process.standardInput = input
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
    }

    static let diskFull = "arbor: cannot write to standard output: No space left on device\n"
    static let closed = "arbor: cannot write to standard output: Bad file descriptor\n"

    func testAFullDiskIsAnErrorInEveryFormat() throws {
        for format in ["tree", "table", "json", "sql", "swift"] {
            let result = try run(
                ["-c", "Author.including(all: Author.books)", "--format", format], redirection: ">/dev/full")
            XCTAssertEqual(result.status, 1, format)
            XCTAssertEqual(result.stderr, Self.diskFull, format)
        }
    }

    func testAFullDiskIsAnErrorInLineMode() throws {
        let result = try run(["--no-tui"], redirection: ">/dev/full", stdin: "Author.all()\nBook.all()\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasSuffix(Self.diskFull), result.stderr)
    }

    func testAFullDiskIsAnErrorUnderWatch() throws {
        let database = try ShellDatabase(
            "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 5);")
        defer { database.remove() }
        let result = try run(
            [database.path, "-c", "Counter.all()", "--watch", "--format", "json"], redirection: ">/dev/full")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, Self.diskFull)
    }

    func testAClosedStandardOutputIsAnError() throws {
        for arguments in [["-c", "Author.all()"], ["-c", "Author.all()", "--format", "json"]] {
            let result = try run(arguments, redirection: ">&-")
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, Self.closed, "\(arguments)")
        }
        let lineMode = try run(["--no-tui"], redirection: ">&-", stdin: "Author.all()\n")
        XCTAssertEqual(lineMode.status, 1)
        XCTAssertTrue(lineMode.stderr.hasSuffix(Self.closed), lineMode.stderr)
    }

    func testNothingToPrintIsNoError() throws {
        let result = try run(["-c", "let x = Author.all()"], redirection: ">/dev/full")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
    }

    func testAReaderThatWentAwayEndsArborQuietly() throws {
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = ["-c", "Book.all()", "--format", "json"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // The reader is gone before arbor writes: every write fails with EPIPE.
        try output.fileHandleForReading.close()
        try process.run()
        try output.fileHandleForWriting.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "")
    }
}
