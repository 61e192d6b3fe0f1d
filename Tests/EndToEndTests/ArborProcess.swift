import Foundation
import XCTest

/// Runs the built `arbor` binary as a user would, capturing its output.
struct ArborProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `arbor` executable: `$ARBOR_BINARY`, or the one beside the test bundle in the build folder.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["ARBOR_BINARY"] { return URL(fileURLWithPath: path) }
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("arbor")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                return candidate
            }
        }
        return URL(fileURLWithPath: "/usr/local/bin/arbor")
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let result = try HostileRun.run(arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment)
        return Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
    }
}

enum Fixture {
    /// A small library database file in a fresh temporary directory, made with the sqlite3 shell.
    static func database(_ sql: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("library.sqlite").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(sql.data(using: .utf8) ?? Data())
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return path
    }

    static let library = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, year INTEGER);
        INSERT INTO author VALUES (1, 'Herman Melville'), (2, 'Ursula K. Le Guin');
        INSERT INTO book VALUES (1, 1, 'Moby-Dick', 1851), (2, 1, 'Typee', 1846), (3, 2, 'The Dispossessed', 1974);
        """
}
