import ArborTestSupport
import Foundation
import XCTest

/// The start-up file (docs/LANGUAGE.md §4): `$XDG_CONFIG_HOME/arbor/init` or
/// `--init FILE`, run before `--load` and `-c`, skipped with `--no-init`; the
/// command line wins; nothing is read from the current folder unless named.
final class StartupFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryItems.folder("arbor-startup")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to relative: String) throws -> String {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs arbor in `folder` with exactly the environment given (plus PATH).
    private func arbor(_ arguments: [String], environment: [String: String]) throws -> (Int32, String, String) {
        let result = try ProgramRun.run(
            ArborProcess.executable, arguments, in: folder, environment: environment, inherit: false)
        return (result.status, result.stdout, result.stderr)
    }

    private let request = #"few.select(Column("name"))"#

    func testTheUsersFileRunsBeforeTheCommandsAndTheCommandLineWins() throws {
        _ = try write(":format csv\nlet few = Author.order(Column(\"id\")).limit(2)\n", to: "config/arbor/init")
        let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        let (status, out, err) = try arbor(["-c", request], environment: environment)
        XCTAssertEqual(status, 0, err)
        XCTAssertEqual(out, "name\n\"Victor Hugo\"\n\"Émile Zola\"\n")
        let (jsonStatus, json, jsonErr) = try arbor(["-c", request, "--format", "jsonl"], environment: environment)
        XCTAssertEqual(jsonStatus, 0, jsonErr)
        XCTAssertEqual(json, "{\"name\":\"Victor Hugo\"}\n{\"name\":\"Émile Zola\"}\n")
        let (skipped, _, skippedErr) = try arbor(["-c", request, "--no-init"], environment: environment)
        XCTAssertEqual(skipped, 1)
        XCTAssertTrue(skippedErr.contains("unknown name `few`"), skippedErr)
    }

    func testWithoutXDGConfigHomeTheFileIsUnderHome() throws {
        _ = try write("let few = Author.limit(1)\n", to: "home/.config/arbor/init")
        let (status, out, err) = try arbor(
            ["-c", request, "--format", "csv"], environment: ["HOME": folder.appendingPathComponent("home").path])
        XCTAssertEqual(status, 0, err)
        XCTAssertEqual(out, "name\n\"Victor Hugo\"\n")
    }

    func testInitNamesAnotherFileAndItsLoadRunsBeforeLoadAndCommands() throws {
        let models = try write(
            "extension Author { static let works = hasMany(Book.self, using: ForeignKey([\"authorId\"])) }\n",
            to: "app/Models/Author.swift")
        let initFile = try write(
            ":load \((models as NSString).deletingLastPathComponent)\nlet few = Author.limit(1)\n", to: "mine.arbor")
        _ = try write("let few = Book.limit(1)\n", to: "config/arbor/init")
        let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        let (status, out, err) = try arbor(
            [
                "--init", initFile, "-c",
                "few.including(all: Author.works.select(Column(\"id\"))).select(Column(\"id\"))",
                "--format", "jsonl",
            ],
            environment: environment)
        XCTAssertEqual(status, 0, err)
        // What `:load` says goes to standard error: standard output is for what -c asked.
        XCTAssertTrue(err.contains("read 1 file"), err)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], out)
        XCTAssertEqual(object["id"] as? Int, 1)
        XCTAssertEqual((object["books"] as? [Any])?.count, 11)  // GRDB keys it by its table
    }

    func testAMissingInitFileOrInitWithNoInitIsAUsageError() throws {
        let (missing, _, missingErr) = try arbor(
            ["--init", folder.appendingPathComponent("nothing").path, "-c", "Author.limit(1)"], environment: [:])
        XCTAssertEqual(missing, 2)
        XCTAssertTrue(missingErr.contains("--init"), missingErr)
        let (folderStatus, _, folderErr) = try arbor(
            ["--init", folder.path, "-c", "Author.limit(1)"], environment: [:])
        XCTAssertEqual(folderStatus, 2, folderErr)
        let path = try write("let x = 1\n", to: "init")
        let (both, _, bothErr) = try arbor(["--init", path, "--no-init", "-c", "Author.limit(1)"], environment: [:])
        XCTAssertEqual(both, 2, bothErr)
    }

    func testAFailingStatementIsReportedAndTheRunFails() throws {
        let path = try write("Author.limt(1)\n", to: "bad")
        let (status, out, err) = try arbor(
            ["--init", path, "-c", #"Author.limit(1).select(Column("id"))"#, "--format", "csv"], environment: [:])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out, "id\n1\n")
        XCTAssertTrue(err.contains("did you mean `limit`?"), err)
        XCTAssertTrue(err.contains("start-up file"), err)
    }

    /// A cloned repository can not run statements of its own: no file of the current
    /// folder is read, and a relative XDG_CONFIG_HOME (which would name one) is ignored.
    func testNothingIsReadFromTheCurrentFolder() throws {
        for relative in ["arbor/init", ".arbor/init", "init", ".arborrc", "config/arbor/init", ".config/arbor/init"] {
            _ = try write("let few = Book.limit(1)\n", to: relative)
        }
        let (status, _, err) = try arbor(
            ["-c", request],
            environment: ["XDG_CONFIG_HOME": "config", "HOME": folder.appendingPathComponent("home").path])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(err.contains("unknown name `few`"), err)
    }
}
