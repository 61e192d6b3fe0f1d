import ArborTestSupport
import Foundation
import XCTest

/// `--simulator BUNDLE_ID` with a stand-in `xcrun` on the PATH (printing a prepared
/// container, as `xcrun simctl get_app_container booted ID data` does on macOS),
/// and the message for an encrypted (SQLCipher) file.
final class SimulatorAndEncryptedTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryItems.folder("arbor-simulator")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func sqlite3() throws -> URL {
        URL(fileURLWithPath: try Executables.require("sqlite3"))
    }

    private func run(_ executable: URL, _ arguments: [String], path: String? = nil) throws -> (Int32, String, String) {
        var environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("no-config").path]
        if let path { environment["PATH"] = path }
        let result = try ProgramRun.run(executable, arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    private func database(_ relative: String, in container: URL, name: String) throws {
        let url = container.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let (status, _, err) = try run(
            try sqlite3(),
            [
                url.path,
                "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO player VALUES (1, '\(name)');",
            ])
        XCTAssertEqual(status, 0, err)
    }

    /// A folder holding a stand-in `xcrun` that logs its arguments and prints `container`
    /// for `bundle` (or fails as simctl does for another app); the PATH to use.
    private func standInXcrun(container: URL, bundle: String) throws -> String {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            echo "$@" > '\(folder.appendingPathComponent("xcrun-arguments").path)'
            if [ "$1 $2 $3 $4 $5" = "simctl get_app_container booted \(bundle) data" ]; then
                echo '\(container.path)'
            else
                echo "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):" >&2
                exit 2
            fi
            """
        let url = bin.appendingPathComponent("xcrun")
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    func testTheOnlyDatabaseOfTheContainerOpens() throws {
        let container = folder.appendingPathComponent("Containers/Data/Application/ABCD")
        try database("Library/Application Support/db.sqlite", in: container, name: "Arthur")
        try FileManager.default.createDirectory(
            at: container.appendingPathComponent("Documents"), withIntermediateDirectories: true)
        try "not a database".write(
            to: container.appendingPathComponent("Documents/notes.txt"), atomically: true, encoding: .utf8)
        let path = try standInXcrun(container: container, bundle: "com.example.Game")
        let (status, out, err) = try run(
            ArborProcess.executable, ["--simulator", "com.example.Game", "-c", "Player.all()", "--format", "jsonl"],
            path: path)
        XCTAssertEqual(status, 0, err)
        XCTAssertEqual(out, "{\"id\":1,\"name\":\"Arthur\"}\n")
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("xcrun-arguments"), encoding: .utf8),
            "simctl get_app_container booted com.example.Game data\n")
    }

    func testSeveralDatabasesAreListedGRDBPlacesFirstAndOneIsChosenByName() throws {
        let container = folder.appendingPathComponent("container")
        try database("tmp/scratch.sqlite", in: container, name: "Scratch")
        try database("Documents/backup.sqlite", in: container, name: "Backup")
        try database("Library/Application Support/db.sqlite", in: container, name: "Main")
        let path = try standInXcrun(container: container, bundle: "com.example.Game")
        let (status, out, err) = try run(
            ArborProcess.executable, ["--simulator", "com.example.Game", "-c", "Player.all()"], path: path)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        let listed = err.split(separator: "\n").filter { $0.hasPrefix("  ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(
            listed, ["Library/Application Support/db.sqlite", "Documents/backup.sqlite", "tmp/scratch.sqlite"])
        let (named, namedOut, namedErr) = try run(
            ArborProcess.executable,
            [
                "--simulator", "com.example.Game", "backup.sqlite", "-c", "Player.select(Column(\"name\"))", "--format",
                "csv",
            ],
            path: path)
        XCTAssertEqual(named, 0, namedErr)
        XCTAssertEqual(namedOut, "name\nBackup\n")
    }

    func testAnAppWithoutContainerOrWithoutXcrunIsAnOpenError() throws {
        let container = folder.appendingPathComponent("container")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let path = try standInXcrun(container: container, bundle: "com.example.Game")
        let (other, _, otherErr) = try run(
            ArborProcess.executable, ["--simulator", "com.example.Other", "-c", "1"], path: path)
        XCTAssertEqual(other, 2)
        XCTAssertTrue(otherErr.contains("com.example.Other"), otherErr)
        let (empty, _, emptyErr) = try run(
            ArborProcess.executable, ["--simulator", "com.example.Game", "-c", "1"], path: path)
        XCTAssertEqual(empty, 2)
        XCTAssertTrue(emptyErr.contains("no SQLite file"), emptyErr)
        let (none, _, noneErr) = try run(
            ArborProcess.executable, ["--simulator", "com.example.Game", "-c", "1"],
            path: folder.appendingPathComponent("nothing").path)
        XCTAssertEqual(none, 2)
        XCTAssertTrue(noneErr.contains("xcrun"), noneErr)
    }

    // MARK: Encrypted files

    func testAnEncryptedFileIsSaidToBeOne() throws {
        var generator = SystemRandomNumberGenerator()
        let pages = (0..<4096 * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let encrypted = folder.appendingPathComponent("app.sqlite")
        try Data(pages).write(to: encrypted)
        let (status, out, err) = try run(ArborProcess.executable, [encrypted.path, "-c", "1"])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.contains("looks encrypted"), err)
        XCTAssertTrue(err.contains("SQLCipher"), err)
        // Text is no database, and not said to be encrypted.
        let text = folder.appendingPathComponent("notes.sqlite")
        try String(repeating: "just some text\n", count: 400).write(to: text, atomically: true, encoding: .utf8)
        let (textStatus, _, textErr) = try run(ArborProcess.executable, [text.path, "-c", "1"])
        XCTAssertEqual(textStatus, 2)
        XCTAssertFalse(textErr.contains("encrypted"), textErr)
        XCTAssertTrue(textErr.contains("not a database"), textErr)
    }
}
