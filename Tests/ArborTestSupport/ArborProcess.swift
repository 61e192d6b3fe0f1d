import Foundation
import XCTest

/// Runs the built `arbor` binary as a user would, capturing its output.
public struct ArborProcess {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `arbor` executable: `$ARBOR_BINARY`, or the one beside the test bundle in the
    /// build folder. Never an installed copy, which could be stale: when the built binary
    /// is missing, the test run stops here and says so.
    public static let executable: URL = {
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
        // A test of the binary without the binary is meaningless: stop loudly.
        FileHandle.standardError.write(
            Data("the built `arbor` binary is missing: run `swift build` first, or set ARBOR_BINARY\n".utf8))
        exit(2)
    }()

    /// The environment a test runs `arbor` in: this process's, with no crash report (it would
    /// fill standard error) and never the developer's own start-up file (a config folder that
    /// does not exist), `extra` over them.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["XDG_CONFIG_HOME"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("arbor-no-config-\(UUID().uuidString)").path
        environment.merge(extra) { $1 }
        return environment
    }

    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        let result = try HostileRun.run(arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment)
        return Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
    }
}

public enum Fixture {
    /// A small library database file in a fresh temporary directory, made with the sqlite3 shell.
    public static func database(_ sql: String) throws -> String {
        let path = try TemporaryItems.folder("e2e").appendingPathComponent("library.sqlite").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Executables.require("sqlite3"))
        process.arguments = [path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(sql.data(using: .utf8) ?? Data())
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return path
    }

    public static let library = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, year INTEGER);
        INSERT INTO author VALUES (1, 'Herman Melville'), (2, 'Ursula K. Le Guin');
        INSERT INTO book VALUES (1, 1, 'Moby-Dick', 1851), (2, 1, 'Typee', 1846), (3, 2, 'The Dispossessed', 1974);
        """
}
