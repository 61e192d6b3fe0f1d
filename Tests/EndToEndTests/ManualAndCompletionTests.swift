import ArborTestSupport
import Foundation
import XCTest

/// `--help`, `--version`, the man page (`--generate-manual`) and the completion
/// scripts: made from one definition, with no `help` subcommand, with the sections
/// and completions users expect.
final class ManualAndCompletionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryItems.folder("arbor-manual")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func program(_ name: String) -> URL? {
        Executables.find(name).map { URL(fileURLWithPath: $0) }
    }

    private func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> (Int32, String, String) {
        let result = try ProgramRun.run(executable, arguments, in: directory, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    private func arbor(_ arguments: [String]) throws -> String {
        let (status, out, err) = try run(ArborProcess.executable, arguments)
        XCTAssertEqual(status, 0, err)
        return out
    }

    /// The long options `--help` lists.
    private func helpOptions() throws -> Set<String> {
        let help = try arbor(["--help"])
        let regex = try NSRegularExpression(pattern: "^  (?:-[a-z], )?(--[a-z-]+)", options: [.anchorsMatchLines])
        let range = NSRange(help.startIndex..., in: help)
        return Set(
            regex.matches(in: help, range: range).compactMap {
                Range($0.range(at: 1), in: help).map { String(help[$0]) }
            })
    }

    func testHelpSaysExitStatusEnvironmentFilesAndStandardInput() throws {
        let help = try arbor(["--help"])
        for text in [
            "EXIT STATUS:", "ENVIRONMENT:", "FILES:", "EXAMPLES:", "ARBOR_BUSY_TIMEOUT", "NO_COLOR", "XDG_STATE_HOME",
            "XDG_CONFIG_HOME", "reads statements from standard input", "130", "--color <color>", "--init <file>",
        ] {
            XCTAssertTrue(help.contains(text), text)
        }
        XCTAssertFalse(help.contains("SUBCOMMANDS"), help)
    }

    func testVersionNamesGRDBAndSQLite() throws {
        let version = try arbor(["--version"])
        XCTAssertNotNil(
            version.range(
                of: #"^\d+\.\d+\.\d+ \(GRDB \d+\.\d+\.\d+, SQLite 3\.\d+\.\d+\)\n$"#, options: .regularExpression),
            version)
        // The GRDB version is the one the package resolved, when it says.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent("Package.resolved").path),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pins = object["pins"] as? [[String: Any]],
            let grdb = pins.first(where: { ($0["identity"] as? String) == "grdb.swift" }),
            let resolved = (grdb["state"] as? [String: Any])?["version"] as? String
        {
            XCTAssertTrue(version.contains("GRDB \(resolved),"), "\(version) vs Package.resolved \(resolved)")
        }
    }

    func testColorTakesAutoAlwaysNever() throws {
        for choice in ["auto", "always", "never"] {
            let (status, out, err) = try run(
                ArborProcess.executable, ["--color", choice, "-c", "Author.fetchCount(db)"])
            XCTAssertEqual(status, 0, err)
            XCTAssertEqual(out, "76\n")
        }
        let (status, _, err) = try run(
            ArborProcess.executable, ["--color", "sometimes", "-c", "Author.fetchCount(db)"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(err.contains("--color"), err)
    }

    func testManualPageHasTheSectionsAndEveryOptionOfHelp() throws {
        let page = try arbor(["--generate-manual"])
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
        ] {
            XCTAssertTrue(page.contains("\n.SH \(section)\n"), section)
        }
        let synopsis = page.components(separatedBy: ".SH SYNOPSIS\n").last?.components(separatedBy: ".SH").first ?? ""
        XCTAssertFalse(synopsis.contains("subcommand"), synopsis)
        XCTAssertFalse(synopsis.contains("help\\fR]\n[\\fB"), synopsis)
        XCTAssertTrue(synopsis.hasPrefix(".B arbor\n[\\fIDATABASE\\fR]\n"), synopsis)
        let options = try helpOptions()
        XCTAssertGreaterThan(options.count, 10)
        for option in options {
            XCTAssertTrue(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), option)
        }
        guard let man = program("man") else { return }
        let file = folder.appendingPathComponent("arbor.1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let (status, text, err) = try run(
            man, ["-l", file.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        XCTAssertEqual(status, 0, err)
        XCTAssertTrue(text.contains("EXIT STATUS"), text)
        XCTAssertTrue(text.contains("ARBOR_BUSY_TIMEOUT"), text)
    }

    /// Bash's completion function, called as bash calls it for the words of `line`.
    private func bashCompletions(_ line: String, script: URL, in directory: URL) throws -> [String] {
        guard let bash = program("bash") else { throw XCTSkip("no bash") }
        let driver = """
            source "$1"
            COMP_LINE="$2"
            read -ra COMP_WORDS <<< "$2"
            [[ "$2" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_POINT=${#COMP_LINE}
            _arbor arbor "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let (status, out, err) = try run(bash, ["-c", driver, "driver", script.path, line], in: directory)
        XCTAssertEqual(status, 0, err)
        return out.split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletesFilesFormatsAndSwiftFoldersAndNeverHelp() throws {
        let script = folder.appendingPathComponent("arbor.bash")
        try arbor(["--generate-completion-script", "bash"]).write(to: script, atomically: true, encoding: .utf8)
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Models"), withIntermediateDirectories: true)
        for file in ["Models/Author.swift", "Models/notes.txt", "library.sqlite", "README.md"] {
            _ = FileManager.default.createFile(atPath: work.appendingPathComponent(file).path, contents: Data())
        }
        XCTAssertEqual(
            try bashCompletions("arbor ", script: script, in: work), ["Models", "README.md", "library.sqlite"])
        XCTAssertEqual(
            try bashCompletions("arbor --format ", script: script, in: work),
            ["csv", "dot", "json", "jsonl", "mermaid", "sql", "swift", "table", "tree", "tsv"])
        XCTAssertEqual(try bashCompletions("arbor --load ", script: script, in: work), ["Models"])
        XCTAssertEqual(try bashCompletions("arbor --load Models/", script: script, in: work), ["Models/Author.swift"])
        XCTAssertEqual(try bashCompletions("arbor --col", script: script, in: work), ["--color"])
        XCTAssertEqual(try bashCompletions("arbor --color ", script: script, in: work), ["always", "auto", "never"])
        XCTAssertFalse(try bashCompletions("arbor h", script: script, in: work).contains("help"))
    }

    func testZshAndFishScriptsHaveNoHelpSubcommand() throws {
        let zsh = try arbor(["--generate-completion-script", "zsh"])
        XCTAssertFalse(zsh.contains("_arbor_help"))
        XCTAssertFalse(zsh.contains("'help:"))
        XCTAssertTrue(zsh.contains("':database:_files'"))
        XCTAssertTrue(zsh.contains("_files -g"))
        let fish = try arbor(["--generate-completion-script", "fish"])
        XCTAssertFalse(fish.contains("-fa 'help'"))
        XCTAssertFalse(fish.contains("arbor help"))
        XCTAssertFalse(fish.contains("case 'help'"))
        for (shell, script) in [("zsh", zsh), ("fish", fish)] {
            guard let executable = program(shell) else { continue }
            let file = folder.appendingPathComponent("arbor.\(shell)")
            try script.write(to: file, atomically: true, encoding: .utf8)
            let (status, _, err) = try run(executable, ["-n", file.path])
            XCTAssertEqual(status, 0, "\(shell): \(err)")
        }
    }
}
