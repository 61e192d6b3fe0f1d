import ArborTestSupport
import Foundation
import XCTest

/// docs/ARCHITECTURE.md is the code as it is: every project file it names
/// exists, and every target imports only what `Package.swift` declares for it
/// and the page's rules allow.
final class ArchitectureTests: XCTestCase {
    static let root = MarkdownDocument.repositoryRoot

    /// Every file of the repository's own folders, by path from its root.
    static func repositoryFiles() -> [String] {
        var files = ["Package.swift", "README.md"]
        for folder in ["Sources", "Tests", "Benchmarks", "scripts", "docs", "Resources"] {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in enumerator {
                files.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
            }
        }
        return files
    }

    /// The Swift files of the source targets and of the test targets.
    static func sourceFiles() throws -> [ArchitectureRules.SourceFile] {
        var files: [ArchitectureRules.SourceFile] = []
        for path in repositoryFiles() where path.hasSuffix(".swift") {
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count >= 3, parts[0] == "Sources" || parts[0] == "Tests", parts[1] != "Fixtures" else {
                continue
            }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            files.append(.init(target: parts[1], path: parts.dropFirst(2).joined(separator: "/"), text: text))
        }
        return files
    }

    func testEveryFileThePageNamesExists() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let files = Self.repositoryFiles()
        XCTAssertEqual(ArchitectureRules.missingFiles(namedIn: page, repositoryFiles: files), [])
        // The check sees names: the page names more than fifty files.
        XCTAssertGreaterThan(page.matches(of: #/`[A-Za-z0-9_+./-]+\.swift`/#).count, 50)
    }

    func testEveryTargetImportsOnlyWhatItDeclaresAndTheRulesAllow() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = ArchitectureRules.declaredDependencies(manifest: manifest)
        XCTAssertEqual(
            declared["ArborLanguage"], ["ArborCore", "SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftIfConfig"])
        let files = try Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 300)
        XCTAssertEqual(ArchitectureRules.importProblems(files, declared: declared), [])
    }

    /// The checks find what they are for.
    func testTheChecksFindBrokenRules() {
        let declared = ArchitectureRules.declaredDependencies(
            manifest: """
                .target(name: "ArborLanguage", dependencies: ["ArborCore"]),
                .target(
                    name: "ArborTerminal",
                    dependencies: ["ArborSession", "CNCursesW", .product(name: "GRDB", package: "GRDB.swift")]
                ),
                """)
        XCTAssertEqual(
            declared, ["ArborLanguage": ["ArborCore"], "ArborTerminal": ["ArborSession", "CNCursesW", "GRDB"]])
        let files: [ArchitectureRules.SourceFile] = [
            .init(target: "ArborLanguage", path: "A.swift", text: "import ArborCore\nimport Foundation\n"),
            .init(target: "ArborLanguage", path: "B.swift", text: "import GRDB\n"),
            .init(target: "ArborTerminal", path: "Model/X.swift", text: "@preconcurrency import GRDB\n"),
            .init(target: "ArborTerminal", path: "Runtime/NCursesTerminal.swift", text: "import CNCursesW\n"),
            .init(target: "ArborTerminal", path: "Y.swift", text: "#if canImport(X)\n    import CNCursesW\n#endif\n"),
            .init(
                target: "ArborTerminal", path: "Z.swift", text: "let source = \"\"\"\n    import Combine\n    \"\"\"\n"),
        ]
        XCTAssertEqual(
            ArchitectureRules.importProblems(files, declared: declared),
            [
                "ArborLanguage/B.swift: imports GRDB, which Package.swift does not declare for ArborLanguage",
                "ArborLanguage/B.swift: ArborLanguage may not import GRDB (docs/ARCHITECTURE.md §3)",
                "ArborTerminal/Model/X.swift: only Model/WatchMarks.swift, Runtime/SessionWorker.swift, "
                    + "Widgets/RowText.swift, Widgets/Theme.swift may import GRDB",
                "ArborTerminal/Y.swift: only Runtime/NCursesTerminal.swift may import CNCursesW",
            ])
        XCTAssertEqual(
            ArchitectureRules.missingFiles(
                namedIn: "Read `Schema/Naming.swift`, `Gone.swift` and `scripts/lint.sh`, not `Naming` alone.",
                repositoryFiles: ["Sources/ArborCore/Schema/Naming.swift", "scripts/lint.sh"]),
            ["Gone.swift"])
    }
}
