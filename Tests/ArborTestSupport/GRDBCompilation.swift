import Foundation

/// Swift compiled against GRDB for real: a small SwiftPM package in a temporary folder,
/// depending on the GRDB checkout of this package (`.build/checkouts/GRDB.swift`, no
/// network), with one executable per program. Building GRDB takes minutes, so the tests
/// that use it run when `ARBOR_COMPILE_GRDB=1`.
public enum GRDBCompilation {
    public static var isEnabled: Bool { ProcessInfo.processInfo.environment["ARBOR_COMPILE_GRDB"] == "1" }

    /// The package's root, from this file's place in it.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The package's dependencies' sources (`.build/checkouts`), real Swift to read in tests.
    public static var checkouts: URL { packageRoot.appendingPathComponent(".build/checkouts") }

    public struct BuildFailure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    /// Builds `programs` (executable name → file name → Swift source; each program needs a
    /// `main.swift`) and returns the folder of the built executables.
    public static func build(_ programs: [String: [String: String]]) throws -> URL {
        try build(programs, in: TemporaryItems.folder("grdb-compilation"))
    }

    /// Builds `programs` in `folder`, replacing the sources a build there had: building
    /// again in the same folder only compiles what changed (GRDB is built once).
    public static func build(_ programs: [String: [String: String]], in folder: URL) throws -> URL {
        let grdb = packageRoot.appendingPathComponent(".build/checkouts/GRDB.swift").path
        let targets = programs.keys.sorted().map { name in
            """
                    .executableTarget(name: "\(name)", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
            """
        }.joined(separator: "\n")
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Compiled",
                dependencies: [.package(path: "\(grdb)")],
                targets: [
            \(targets)
                ]
            )
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        for (name, files) in programs {
            let sources = folder.appendingPathComponent("Sources/\(name)")
            try? FileManager.default.removeItem(at: sources)
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            for (file, text) in files { try Data(text.utf8).write(to: sources.appendingPathComponent(file)) }
        }
        let output = try run(
            URL(fileURLWithPath: Executables.require("swift")),
            ["build", "--package-path", folder.path, "--disable-automatic-resolution"])
        guard output.status == 0 else { throw BuildFailure(description: output.text) }
        return folder.appendingPathComponent(".build/debug")
    }

    /// The compiler's verdict on statements, each as `    _ = statement` on a line of its own
    /// after `header` (which opens a function the statements close): `accepted` must compile,
    /// and `refused`, compiled together, must not. Returns the compiler's output for
    /// `refused` and the line each of them stands on, to find its error there.
    public static func verdicts(header: String, accepted: [String], refused: [String], in folder: URL) throws
        -> (output: String, lines: [Int])
    {
        func program(_ statements: [String]) -> [String: [String: String]] {
            ["Statements": ["main.swift": header + statements.map { "    _ = \($0)\n" }.joined() + "}\n"]]
        }
        _ = try build(program(accepted), in: folder)
        do {
            _ = try build(program(refused), in: folder)
        } catch let failure as BuildFailure {
            let first = header.split(separator: "\n", omittingEmptySubsequences: false).count
            return (failure.description, refused.indices.map { first + $0 })
        }
        throw BuildFailure(description: "the compiler accepts every refused statement")
    }

    /// Runs `executable` with `arguments`; its status and what it printed.
    public static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A `main.swift` that runs `statement` with `queue`, a database file named by its first argument.
    public static func migratingMain(_ statement: String) -> String {
        """
        import GRDB

        let queue = try DatabaseQueue(path: CommandLine.arguments[1])
        \(statement)
        """
    }
}
