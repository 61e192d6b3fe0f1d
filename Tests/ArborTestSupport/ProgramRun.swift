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
        // Files, not pipes: a program that fills one pipe while the other is read would block.
        let folder = try TemporaryItems.folder("run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
