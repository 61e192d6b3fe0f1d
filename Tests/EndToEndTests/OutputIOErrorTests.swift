import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// An I/O error on standard output (`EIO`) is an error and status 1, as a full
/// disk is. Linux gives `EIO` to every write on the terminal side of a
/// pseudo-terminal whose other side was closed (the terminal hung up), which is
/// how the test makes one without a failing disk.
final class OutputIOErrorTests: XCTestCase {
    static let ioError = "arbor: cannot write to standard output: Input/output error\n"

    /// A descriptor of a hung-up terminal: a pseudo-terminal's slave side, its master closed.
    func hungUpTerminal() throws -> Int32 {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            // posix_openpt's kin (grantpt, unlockpt, ptsname) are not in Swift's Glibc: their ioctls are.
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard master >= 0 else { throw XCTSkip("no pseudo-terminal: \(String(cString: strerror(errno)))") }
            var unlock: Int32 = 0
            var number: UInt32 = 0
            // TIOCSPTLCK and TIOCGPTN, macros Swift does not import (x86-64 and arm64 share the numbers).
            let setLock: UInt = 0x4004_5431
            let getNumber: UInt = 0x8004_5430
            guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
                close(master)
                throw XCTSkip("no pseudo-terminal slave")
            }
            let name = "/dev/pts/\(number)"
            // O_NOCTTY: the test process must not take it as its controlling terminal.
            let slave = open(name, O_RDWR | O_NOCTTY)
            close(master)
            guard slave >= 0 else { throw XCTSkip("the slave side could not be opened") }
            // The premise of the test: this descriptor now fails writes with EIO.
            let probe = write(slave, "x", 1)
            XCTAssertEqual(probe, -1)
            XCTAssertEqual(errno, EIO)
            return slave
        #else
            throw XCTSkip("EIO from a hung-up pseudo-terminal is a Linux behaviour (tested on x86-64 and arm64)")
        #endif
    }

    func run(_ arguments: [String], stdout descriptor: Int32, stdin: String = "") throws -> (
        status: Int32, stderr: String
    ) {
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = arguments
        process.environment = ArborProcess.environment()
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    func testAnIOErrorIsAnErrorInEveryFormatAndInLineMode() throws {
        let descriptor = try hungUpTerminal()
        defer { close(descriptor) }
        for format in ["tree", "json", "csv", "sql"] {
            let result = try run(
                ["-c", "Author.including(all: Author.books)", "--format", format], stdout: descriptor)
            XCTAssertEqual(result.status, 1, format)
            XCTAssertEqual(result.stderr, Self.ioError, format)
        }
        let lineMode = try run(["--no-tui"], stdout: descriptor, stdin: "Author.all()\nBook.all()\n")
        XCTAssertEqual(lineMode.status, 1)
        XCTAssertTrue(lineMode.stderr.hasSuffix(Self.ioError), lineMode.stderr)
    }
}
