import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `--load` on hostile files: each bad entry of a folder is an error located
/// at its path that names the real cause, and never stops the others (the
/// good file beside them still loads); an unterminated string is a note at its
/// line and column; a file above the size cap is refused without being read.
final class HostileLoadedFilesTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryItems.folder("arbor-hostile-load")
    }

    override func tearDownWithError() throws {
        _ = chmod(folder.appendingPathComponent("locked").path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    func testEveryBadEntryIsSaidAndTheOthersLoad() throws {
        try write("Good.swift", Array("struct Good: TableRecord { static let databaseTableName = \"book\" }\n".utf8))
        try write("Nul.swift", Array("struct C".utf8) + [0] + Array(": TableRecord {}\n".utf8))
        try write("Latin1.swift", Array("struct D: TableRecord {}\n// caf".utf8) + [0xE9] + [0x0A])
        try write("Unterminated.swift", Array("struct U: TableRecord {}\nlet s = #\"abc\n".utf8))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("Pipe.swift").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Loop1.swift").path, withDestinationPath: "Loop2.swift")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Loop2.swift").path, withDestinationPath: "Loop1.swift")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Gone.swift").path, withDestinationPath: "nothing.swift")
        let path = folder.path
        let result = try ArborProcess.run([
            "--load", path, "-c", "Good.filter(key: 1).select(Column(\"id\"))", "--format", "json",
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "[\n{\"id\":1}\n]\n")
        for line in [
            "\(path)/Nul.swift: error: skipped: a NUL byte at 1:9: a binary file, not Swift source",
            "\(path)/Latin1.swift: error: skipped: not UTF-8 (a byte that is not at 2:7): Swift source is UTF-8",
            "\(path)/Pipe.swift: error: skipped: not a regular file (a FIFO)",
            "\(path)/Loop1.swift: error: skipped: a loop of symbolic links",
            "\(path)/Gone.swift: error: skipped: a symbolic link to nothing",
            "\(path)/Unterminated.swift:2:9: note: unterminated string literal",
        ] {
            XCTAssertTrue(result.stderr.contains(line + "\n"), "missing \(line) in:\n\(result.stderr)")
        }
    }

    func testAFIFOGivenAloneIsNotOpened() throws {
        let fifo = folder.appendingPathComponent("Alone.swift").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let result = try ArborProcess.run(["--load", fifo, "-c", "let x = 1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(fifo): error: skipped: not a regular file (a FIFO)"), result.stderr)
    }

    func testASymbolicLinkLoopGivenAloneSaysSo() throws {
        let loop = folder.appendingPathComponent("Self.swift").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "Self.swift")
        let result = try ArborProcess.run(["--load", loop, "-c", "let x = 1"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "arbor: \(loop): a loop of symbolic links\n")
    }

    func testAFileAboveTheCapIsRefusedWithoutReadingIt() throws {
        let big = folder.appendingPathComponent("Big.swift").path
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        // Sparse: 20 MB that take no room, and would take a parse of seconds.
        XCTAssertEqual(truncate(big, 20 * 1024 * 1024), 0)
        let result = try ArborProcess.run(["--load", big, "-c", "let x = 1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("\(big): error: skipped: 20 MB, above the 4 MB arbor reads from one file"),
            result.stderr)
    }

    func testUnreadableFilesAndFoldersSayPermissionDenied() throws {
        try XCTSkipIf(geteuid() == 0, "root reads every file: permissions can not be tested")
        try write("Good.swift", Array("struct Good: TableRecord { static let databaseTableName = \"book\" }\n".utf8))
        try write("Secret.swift", Array("struct S: TableRecord {}\n".utf8))
        XCTAssertEqual(chmod(folder.appendingPathComponent("Secret.swift").path, 0), 0)
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(locked.path, 0), 0)
        let result = try ArborProcess.run(["--load", folder.path, "-c", "let x = 1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Secret.swift: error: skipped: permission denied"), result.stderr)
        XCTAssertTrue(result.stderr.contains("locked: error: folder skipped: permission denied"), result.stderr)
        let lockedAlone = try ArborProcess.run(["--load", locked.path, "-c", "let x = 1"])
        XCTAssertEqual(lockedAlone.status, 2)
        XCTAssertEqual(lockedAlone.stderr, "arbor: \(locked.path): permission denied\n")
    }
}
