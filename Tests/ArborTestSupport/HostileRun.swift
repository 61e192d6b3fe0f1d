import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Runs `arbor` with raw bytes on standard input and keeps standard output as
/// bytes, so that tests can look for any byte a terminal would act on; can
/// send the process a signal once its standard output shows a trigger.
public enum HostileRun {
    public struct Result {
        public var status: Int32
        /// True when the process ended by a signal (`status` is then its number).
        public var signaled: Bool
        public var stdout: Data
        public var stderr: String
    }

    public static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], signal: Int32? = nil,
        whenStdoutContains trigger: String = "", afterStdin: Bool = false
    ) throws -> Result {
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = arguments
        process.environment = ArborProcess.environment(environment)
        let directory = try TemporaryItems.folder("hostile-run")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try OutputFiles(in: directory)
        defer { output.close() }
        let input = Pipe()
        output.attach(to: process)
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        if !afterStdin || signal == nil { try input.fileHandleForWriting.close() }
        if let signal {
            // Waits (at most 20 s) for the trigger on standard output, then signals.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, process.isRunning {
                if output.stdoutText.contains(trigger) { break }
                usleep(20_000)
            }
            usleep(100_000)  // The statement is under way.
            kill(process.processIdentifier, signal)
        }
        process.waitUntilExit()
        if afterStdin, signal != nil { try? input.fileHandleForWriting.close() }
        return Result(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdout: output.stdoutData, stderr: output.stderrText)
    }

    /// The bytes a terminal would act on: C0 except newline, DEL, and the C1
    /// controls and bidirectional controls as UTF-8 (U+0080–U+009F, U+202A–U+202E,
    /// U+2066–U+2069, U+200E/F, U+061C).
    public static func terminalControls(in data: Data) -> [String] {
        var found: [String] = []
        for byte in data where (byte < 0x20 && byte != 0x0A) || byte == 0x7F {
            found.append(String(format: "0x%02x", byte))
        }
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            let v = scalar.value
            if (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                || v == 0x200E || v == 0x200F || v == 0x061C
            {
                found.append(String(format: "U+%04X", v))
            }
        }
        return found
    }
}
