import Foundation

/// A child process's standard output and error as two files, not pipes: a program that
/// fills one pipe while the other is read would block, and a file can be read as it grows.
public struct OutputFiles {
    public let stdoutURL: URL
    public let stderrURL: URL
    private let stdout: FileHandle
    private let stderr: FileHandle

    /// Makes the two files, empty, in `folder` (`out` and `err` unless named otherwise) and
    /// opens them for writing.
    public init(in folder: URL, names: (stdout: String, stderr: String) = ("out", "err")) throws {
        stdoutURL = folder.appendingPathComponent(names.stdout)
        stderrURL = folder.appendingPathComponent(names.stderr)
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        stdout = try FileHandle(forWritingTo: stdoutURL)
        stderr = try FileHandle(forWritingTo: stderrURL)
    }

    /// Gives the files to `process` as its standard output and error.
    public func attach(to process: Process) {
        process.standardOutput = stdout
        process.standardError = stderr
    }

    /// Closes this process's handles on the files (the child keeps its own).
    public func close() {
        try? stdout.close()
        try? stderr.close()
    }

    /// What was written to standard output so far.
    public var stdoutData: Data { (try? Data(contentsOf: stdoutURL)) ?? Data() }
    public var stdoutText: String { String(decoding: stdoutData, as: UTF8.self) }
    public var stderrText: String { String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self) }
}
