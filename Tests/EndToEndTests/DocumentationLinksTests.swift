import ArborTestSupport
import Foundation
import XCTest

/// A clone of the repository is all a reader has: every link and section
/// reference in the README, docs/ and the code's comments resolves inside it.
final class DocumentationLinksTests: XCTestCase {
    static let root = MarkdownDocument.repositoryRoot

    /// README.md, docs/*.md, and the sources, tests, scripts and resources.
    static func checkedFiles() throws -> [String] {
        let extensions: Set<String> = ["md", "swift", "sh", "py", "c", "h", "modulemap"]
        var files = ["README.md"]
        for folder in ["docs", "Sources", "Tests", "Resources", "scripts", "Benchmarks"] {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
                files.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
            }
        }
        return files.sorted()
    }

    func testEveryLinkAndSectionReferenceResolvesInsideTheRepository() throws {
        var problems: [String] = []
        var checked = 0
        // This file's own examples are broken on purpose.
        for file in try Self.checkedFiles() where file != "Tests/EndToEndTests/DocumentationLinksTests.swift" {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            let external = Self.externalNames(in: text)
            for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for problem in Self.problems(in: String(content), of: file, external: external) {
                    problems.append("\(file):\(line + 1): \(problem)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    /// The file names that a file links to on the web (`…/Documentation/AssociationsBasics.md`):
    /// the file may then cite them by name (`AssociationsBasics.md:270`).
    static func externalNames(in text: String) -> Set<String> {
        Set(matches(#"https?://[^\s)]+/([\w-]+\.md)"#, in: text))
    }

    /// The checks of one line, each a sentence naming what does not resolve.
    static func problems(in line: String, of file: String, external: Set<String> = []) -> [String] {
        var problems: [String] = []
        let directory = (file as NSString).deletingLastPathComponent
        // Markdown links `[text](target)` in Markdown files.
        if file.hasSuffix(".md") {
            for target in matches(#"\]\(([^)\s]+)\)"#, in: line) {
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") {
                    continue
                }
                let path = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
                if path.isEmpty { continue }
                if resolve(path, from: directory) == nil {
                    problems.append("link `\(target)` leads nowhere in the repository")
                }
            }
        }
        // Section references `docs/LANGUAGE.md §1`, `LANGUAGE.md §2.3`.
        for reference in matches(#"((?:[\w.-]+/)*[\w-]+\.md)\)? §(\d+(?:\.\d+)*)"#, in: line, groups: 2) {
            let (path, section) = (reference[0], reference[1])
            guard let url = resolve(path, from: directory) else {
                problems.append("`\(path) §\(section)`: no such file in the repository")
                continue
            }
            let document = MarkdownDocument(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
            if !document.hasSection(section) { problems.append("`\(path)` has no section \(section)") }
        }
        // A Markdown file named anywhere must be one of the repository's.
        for name in matches(#"(?<![\w/.-])((?:[\w.-]+/)*[A-Z][\w-]*\.md)\b"#, in: line)
        where resolve(name, from: directory) == nil && !external.contains(name) {
            problems.append("`\(name)` is not a file of the repository")
        }
        // Paths of a build machine or of folders beside the clone.
        for outside in ["../" + "shared", "/" + "work/", "GRDB-" + "FACTS", "PLATFORM-" + "FACTS"]
        where line.contains(outside) {
            problems.append("`\(outside)` points outside the repository")
        }
        return problems
    }

    /// `path` relative to the file's folder, to the repository root or to docs/, kept inside the repository.
    static func resolve(_ path: String, from directory: String) -> URL? {
        for base in [directory, "", "docs"] {
            let url = root.appendingPathComponent(base).appendingPathComponent(path).standardizedFileURL
            guard url.path.hasPrefix(root.standardizedFileURL.path + "/") else { continue }
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    static func matches(_ pattern: String, in line: String) -> [String] {
        matches(pattern, in: line, groups: 1).map { $0[0] }
    }

    static func matches(_ pattern: String, in line: String, groups: Int) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(line.startIndex..., in: line)
        return regex.matches(in: line, range: range).map { match in
            (1...groups).map { group in
                Range(match.range(at: group), in: line).map { String(line[$0]) } ?? ""
            }
        }
    }

    func testTheChecksFindWhatIsBroken() {
        XCTAssertEqual(
            Self.problems(in: "see [the language](../" + "shared/docs/LANGUAGE.md) §1", of: "README.md").count, 4)
        XCTAssertEqual(Self.problems(in: "the convention of docs/LANGUAGE.md §1", of: "Sources/A.swift"), [])
        XCTAssertEqual(
            Self.problems(in: "as docs/LANGUAGE.md §9 says", of: "Sources/A.swift"),
            ["`docs/LANGUAGE.md` has no section 9"])
        XCTAssertEqual(
            Self.problems(in: "[x](NOWHERE.md)", of: "docs/X.md"),
            ["link `NOWHERE.md` leads nowhere in the repository", "`NOWHERE.md` is not a file of the repository"])
        XCTAssertEqual(Self.problems(in: "[Safety](SAFETY.md), [up](../README.md)", of: "docs/DEMO.md"), [])
        XCTAssertEqual(
            Self.problems(in: "([docs/LANGUAGE.md](docs/LANGUAGE.md) §7)", of: "README.md"),
            ["`docs/LANGUAGE.md` has no section 7"])
        XCTAssertEqual(Self.problems(in: "[out](../../etc/passwd)", of: "docs/DEMO.md").count, 1)
        XCTAssertEqual(Self.problems(in: "(Guide.md:12)", of: "docs/DEMO.md").count, 1)
        XCTAssertEqual(
            Self.problems(
                in: "(Guide.md:12)", of: "docs/DEMO.md",
                external: Self.externalNames(in: "[guide](https://example.org/docs/Guide.md)")), [])
    }
}
