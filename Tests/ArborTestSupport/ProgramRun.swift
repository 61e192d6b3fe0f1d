import Foundation

/// Runs a program to its end with no standard input, and returns its status and
/// what it printed: the tests' one way to run `arbor`, `sqlite3` or a script
/// with an environment of their choosing.
public enum ProgramRun {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `environment` is added to this process's own, or with `inherit: false` is the
    /// whole environment (with this process's `PATH` unless it names one).
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        inherit: Bool = true
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var variables = inherit ? ProcessInfo.processInfo.environment : [:]
        if !inherit { variables["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }
        variables["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let folder = try TemporaryItems.folder("run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try OutputFiles(in: folder)
        defer { output.close() }
        output.attach(to: process)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: output.stdoutText, stderr: output.stderrText)
    }
}
