import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The bytes of a database and of its companions, and the names in its
/// folder: what "left untouched" compares.
public struct FileSnapshot: Equatable {
    public var files: [String: Data]
    public var folder: [String]

    public init(_ path: String) {
        files = [:]
        for suffix in ["", "-wal", "-shm", "-journal"] {
            if let data = FileManager.default.contents(atPath: path + suffix) { files[suffix] = data }
        }
        let directory = (path as NSString).deletingLastPathComponent
        folder = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// The same, except the contents of `-shm`: SQLite's wal-index, shared
    /// memory between connections. Every reader, read-only too, writes its
    /// read mark there, and the first one after a writer left without
    /// checkpointing rewrites its header. It holds no database content.
    public var withoutSharedMemoryContent: FileSnapshot {
        var copy = self
        if let shm = copy.files["-shm"] { copy.files["-shm"] = Data(count: shm.count) }
        return copy
    }
}

extension Fixture {
    /// A WAL database whose last rows are only in its `-wal` file: the sqlite3
    /// shell that writes them does not checkpoint when it closes.
    public static func walDatabase(_ sql: String, rowsInWAL: String) throws -> String {
        let path = try database("PRAGMA journal_mode=WAL;\n" + sql)
        try SQLiteShell.run(path, ".dbconfig no_ckpt_on_close on\n" + rowsInWAL)
        return path
    }

    /// Overwrites bytes of a file (a header field, for instance).
    public static func patch(_ path: String, at offset: UInt64, with bytes: [UInt8]) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        handle.write(Data(bytes))
    }

    /// The first `count` bytes of a database, as a copy beside it.
    public static func truncatedCopy(of path: String, keeping count: Int) throws -> String {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let copy = path + ".truncated"
        XCTAssertGreaterThan(data.count, count)
        try data.prefix(count).write(to: URL(fileURLWithPath: copy))
        return copy
    }

    /// A fresh empty folder for files a test makes itself.
    public static func folder() throws -> String {
        try TemporaryItems.folder("e2e").path
    }
}

public struct ShellError: Error, CustomStringConvertible {
    public var description: String
}

/// The sqlite3 shell, as another process using the same database.
public final class SQLiteShell {
    public let process = Process()
    public let input = Pipe()

    /// Runs `script` to its end.
    public static func run(_ path: String, _ script: String) throws {
        let shell = try SQLiteShell(path)
        try shell.send(script)
        try shell.close()
    }

    public init(_ path: String) throws {
        process.executableURL = URL(fileURLWithPath: try Executables.require("sqlite3"))
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    public func send(_ script: String) throws {
        input.fileHandleForWriting.write(Data((script + "\n").utf8))
    }

    /// Sends `script`, then waits until the shell has run it: the shell writes
    /// a marker file after it, since it reads its input one line at a time.
    public func sendAndWait(_ script: String) throws {
        let marker = try Fixture.folder() + "/done"
        try send(script + "\n.output \(marker)\n.print done\n.output stdout")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: marker)
            || FileManager.default.contents(atPath: marker)?.isEmpty != false
        {
            guard Date() < deadline, process.isRunning else {
                throw ShellError(description: "the sqlite3 shell did not run: \(script)")
            }
            usleep(10_000)
        }
    }

    /// Ends the shell (an open transaction is rolled back) and waits for it.
    public func close() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
