import ArborTestSupport
import Foundation
import XCTest

/// Runs every example of docs/LANGUAGE.md with the real binary, so that the
/// reference stays true. The conventions of its blocks are stated at the top
/// of docs/LANGUAGE.md:
/// - ```` ```arbor [ARGUMENTS] [database=NAME] ````: fed to `arbor --no-tui` on
///   standard input; must exit 0.
/// - ```` ```arbor fails ````: must exit 1.
/// - ```` ```arbor pending ````: a promised feature, skipped.
/// - ```` ```output ```` right after: exact standard output (standard error for `fails`).
/// - ```` ```sql database=NAME ````: a database the examples can open.
/// - ```` ```swift file=PATH ````: a file written in the examples' working directory.
final class LanguageDocumentationTests: XCTestCase {
    func testEveryExampleRunsAsShown() throws {
        let document = try MarkdownDocument(repositoryPath: "docs/LANGUAGE.md")
        let blocks = document.blocks
        let directory = try TemporaryItems.folder("arbor-doc")
        defer { try? FileManager.default.removeItem(at: directory) }

        var databases: [String: String] = [:]
        for block in blocks {
            if block.info.first == "swift", let path = Self.option("file", in: block.info) {
                let url = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try block.body.write(to: url, atomically: true, encoding: .utf8)
            }
            if block.info.first == "sql", let name = Self.option("database", in: block.info) {
                databases[name] = try Fixture.database(block.body)
            }
        }

        var ran = 0
        var compared = 0
        var pending: [Int] = []
        for (index, block) in blocks.enumerated() where block.info.first == "arbor" {
            var words = Array(block.info.dropFirst())
            if words.contains("pending") {
                pending.append(block.line)
                continue
            }
            let fails = words.contains("fails")
            words.removeAll { $0 == "fails" }
            var arguments = ["--no-tui"]
            if let name = Self.option("database", in: words) {
                let path = try XCTUnwrap(databases[name], "line \(block.line): no `sql database=\(name)` block")
                arguments.insert(path, at: 0)
            }
            arguments += words.filter { !$0.hasPrefix("database=") }

            let result = try Self.run(arguments, stdin: block.body, in: directory)
            ran += 1
            let place = "docs/LANGUAGE.md:\(block.line) (arbor \(words.joined(separator: " ")))\n\(block.body)"
            XCTAssertEqual(result.status, fails ? 1 : 0, "\(place)\nstderr:\n\(result.stderr)")
            if blocks.indices.contains(index + 1), blocks[index + 1].info == ["output"] {
                compared += 1
                XCTAssertEqual(fails ? result.stderr : result.stdout, blocks[index + 1].body, place)
            }
        }
        // The page holds many examples: a parser that finds none must fail.
        XCTAssertGreaterThan(ran, 25)
        XCTAssertGreaterThan(compared, 15)
        print("docs/LANGUAGE.md: \(ran) examples run, \(compared) outputs compared, pending at lines \(pending)")
    }

    /// The fence conventions themselves, on a small page.
    func testBlocksAreReadWithTheirInfoAndLine() {
        let page = MarkdownDocument(
            text: """
                # Title
                ```arbor --format sql
                Author.all()
                ```
                ```output
                SELECT * FROM "author";
                ```
                ## 2. Section
                """)
        let blocks = page.blocks
        XCTAssertEqual(blocks.map(\.info), [["arbor", "--format", "sql"], ["output"]])
        XCTAssertEqual(blocks.map(\.body), ["Author.all()\n", "SELECT * FROM \"author\";\n"])
        XCTAssertEqual(blocks.map(\.line), [2, 5])
        XCTAssertTrue(page.hasSection("2"))
        XCTAssertFalse(page.hasSection("1"))
    }

    static func option(_ name: String, in words: [String]) -> String? {
        words.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// Runs `arbor` in `directory` (the examples' relative paths are there).
    static func run(_ arguments: [String], stdin: String, in directory: URL) throws -> ArborProcess.Result {
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ArborProcess.environment()
        let output = try OutputFiles(in: directory, names: (".stdout", ".stderr"))
        defer { output.close() }
        let input = Pipe()
        process.standardInput = input
        output.attach(to: process)
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return ArborProcess.Result(
            status: process.terminationStatus, stdout: output.stdoutText, stderr: output.stderrText)
    }
}
