import ArborTestSupport
import Foundation
import XCTest

/// The README's examples run as written, in a fresh folder, one after the other
/// (a block may use the file an earlier one made): every block that shows a
/// `$ command` and what it prints. `swift run arbor` is the built `arbor`; blocks
/// that install or build (no `$`) are left to scripts/test-install.sh and CI.
final class ReadmeExamplesTests: XCTestCase {
    struct Example {
        var command: String
        var expected: [String]
        var line: Int
    }

    /// The `$ ` commands of a block (with their `\` continuations, open quotes and
    /// here-documents), each with the lines it is shown to print.
    static func examples(in block: MarkdownDocument.Block) -> [Example] {
        var examples: [Example] = []
        var lines = block.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("$ ") else {
                if !examples.isEmpty { examples[examples.count - 1].expected.append(lines[i]) }
                i += 1
                continue
            }
            var command = String(lines[i].dropFirst(2))
            let start = i
            i += 1
            // Continued lines, an open double-quoted string, a here-document.
            while i < lines.count,
                command.hasSuffix("\\") || command.filter({ $0 == "\"" }).count % 2 == 1
            {
                command += "\n" + lines[i]
                i += 1
            }
            if let range = command.range(of: "<<'EOF'"), !command[range.upperBound...].contains("\nEOF") {
                while i < lines.count {
                    command += "\n" + lines[i]
                    i += 1
                    if lines[i - 1] == "EOF" { break }
                }
            }
            examples.append(Example(command: command, expected: [], line: block.line + 1 + start))
        }
        return examples
    }

    func testTheReadmeExamplesRunAsWritten() throws {
        let readme = try MarkdownDocument(repositoryPath: "README.md")
        let examples = readme.blocks.filter { $0.info.isEmpty || $0.info == ["sh"] }.flatMap(Self.examples)
        XCTAssertGreaterThanOrEqual(examples.count, 6)
        let folder = try TemporaryItems.folder("arbor-readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        let binFolder = ArborProcess.executable.deletingLastPathComponent().path
        for example in examples {
            let command = example.command.replacingOccurrences(of: "swift run arbor", with: "arbor")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = binFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("no-config").path
            environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
            environment["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = environment
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let place = "README.md:\(example.line): \(example.command)"
            // An example that shows an error fails, with the error on standard error.
            let showsError = example.expected.first?.hasPrefix("error:") == true
            XCTAssertEqual(process.terminationStatus, showsError ? 1 : 0, "\(place)\n\(stderr)")
            let printed = (showsError ? stderr : stdout).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            // Each line shown is printed, in order; a line cut with `…` starts a printed line, and a line
            // that is only `…` stands for lines left out.
            var next = 0
            for expected in example.expected where expected.trimmingCharacters(in: .whitespaces) != "…" {
                let cut = expected.hasSuffix(" …") ? String(expected.dropLast(2)) : nil
                guard
                    let found = printed[next...].firstIndex(where: { line in
                        cut.map { line.hasPrefix($0) } ?? (line == expected)
                    })
                else {
                    XCTFail("\(place)\nnot printed (in order): \(expected)\n---\n\(printed.joined(separator: "\n"))")
                    break
                }
                next = found + 1
            }
        }
    }
}
