import Foundation

/// The rules of docs/ARCHITECTURE.md §3 as data, and the checks of a
/// repository against them: each import allowed for its target (and, for some
/// modules, for its file), declared in `Package.swift`, and every project file
/// the architecture page names present.
enum ArchitectureRules {
    /// Modules every target may import without declaring them.
    static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin"]

    /// What each source target may import besides `system` (§3 of the page).
    static let allowed: [String: Set<String>] = [
        "ArborCore": ["GRDB", "GRDBSQLite"],
        "ArborLanguage": ["ArborCore", "SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftIfConfig"],
        "ArborMigrations": ["ArborCore", "GRDB", "SwiftSyntax", "SwiftParser"],
        "ArborSession": ["ArborCore", "ArborLanguage", "ArborMigrations", "GRDB", "GRDBSQLite"],
        "ArborTerminal": ["ArborCore", "ArborLanguage", "ArborSession", "GRDB", "CNCursesW"],
        "arbor": [
            "ArborCore", "ArborLanguage", "ArborMigrations", "ArborSession", "ArborTerminal", "GRDB", "ArgumentParser",
        ],
    ]

    static let swiftReadingFiles: Set<String> = [
        "SwiftReading/FlagBuildConfiguration.swift", "SwiftReading/LargeStackThread.swift",
        "SwiftReading/LocatedSyntax.swift",
        "SwiftReading/SwiftLowering+CasePatterns.swift", "SwiftReading/SwiftLowering+Declarations.swift",
        "SwiftReading/SwiftLowering+Expressions.swift",
        "SwiftReading/SwiftLowering+Statements.swift", "SwiftReading/SwiftLowering.swift",
        "SwiftReading/SwiftSourceReader.swift", "SwiftReading/SyntaxRefusals.swift",
    ]

    /// Modules a target may import in these files only (paths inside the target's folder).
    static let onlyIn: [String: [String: Set<String>]] = [
        // swift-syntax is the front end of app code: `SwiftReading/` lowers its tree to arbor's.
        "ArborLanguage": Dictionary(
            uniqueKeysWithValues: ["SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftIfConfig"].map {
                ($0, swiftReadingFiles)
            }),
        "ArborTerminal": [
            "GRDB": [
                "Runtime/SessionWorker.swift", "Widgets/RowText.swift", "Widgets/Theme.swift",
                "Model/WatchMarks.swift",
            ],
            "CNCursesW": ["Runtime/NCursesTerminal.swift"],
        ],
    ]

    /// The modules a Swift file imports (`import X`, `@testable import X`, inside `#if`
    /// too); an indented `import` elsewhere is text, as in a string literal of Swift.
    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        var conditional = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#if") { conditional += 1 }
            if line.hasPrefix("#endif") { conditional -= 1 }
            if line.first == " " && conditional == 0 { continue }
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.count >= 2, words[0] == "import" else { continue }
            // `import struct Foundation.URL` names its module after the kind.
            let name =
                ["struct", "class", "enum", "func", "protocol", "typealias"].contains(words[1])
                ? words.count > 2 ? words[2] : "" : words[1]
            if let module = name.split(separator: ".").first { modules.insert(String(module)) }
        }
        return modules
    }

    /// The dependencies `Package.swift` declares for each target: the names of
    /// `"Target"` strings and `.product(name: "X", …)` in its `dependencies: […]`.
    static func declaredDependencies(manifest: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let targetPattern = #/\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"/#
        for match in manifest.matches(of: targetPattern) {
            let name = String(match.1)
            let rest = manifest[match.range.upperBound...]
            var names: Set<String> = []
            // The dependency list, when the target has one before the next target starts.
            let next = rest.firstMatch(of: targetPattern)?.range.lowerBound ?? rest.endIndex
            let own = rest[..<next]
            if let start = own.range(of: "dependencies: [") {
                var depth = 1
                var index = start.upperBound
                while index < own.endIndex, depth > 0 {
                    if own[index] == "[" { depth += 1 }
                    if own[index] == "]" { depth -= 1 }
                    index = own.index(after: index)
                }
                let list = own[start.upperBound..<index]
                for product in list.matches(of: #/\.product\(name:\s*"([^"]+)"/#) { names.insert(String(product.1)) }
                let withoutProducts = list.replacing(#/\.product\([^)]*\)/#, with: "")
                for target in withoutProducts.matches(of: #/"([^"]+)"/#) { names.insert(String(target.1)) }
            }
            result[name] = names
        }
        return result
    }

    /// One source file of a target, by its path inside the target's folder.
    struct SourceFile {
        var target: String
        var path: String
        var text: String
    }

    /// Every import that breaks a rule, as `target/path: message`.
    static func importProblems(_ files: [SourceFile], declared: [String: Set<String>]) -> [String] {
        var problems: [String] = []
        for file in files {
            let isTest = file.target.hasSuffix("Tests") || file.target == "ArborTestSupport"
            for module in imports(in: file.text).sorted() where !system.contains(module) {
                let place = "\(file.target)/\(file.path)"
                if isTest && module == "XCTest" { continue }
                if module != file.target, declared[file.target]?.contains(module) != true {
                    problems.append(
                        "\(place): imports \(module), which Package.swift does not declare for \(file.target)")
                }
                if let rules = allowed[file.target], !rules.contains(module) {
                    problems.append("\(place): \(file.target) may not import \(module) (docs/ARCHITECTURE.md §3)")
                }
                if let files = onlyIn[file.target]?[module], !files.contains(file.path) {
                    problems.append("\(place): only \(files.sorted().joined(separator: ", ")) may import \(module)")
                }
            }
        }
        return problems
    }

    /// The project files a page names in backquotes (`Folder/File.swift`,
    /// `File.swift`, `scripts/x.sh`) that are nowhere in the repository.
    static func missingFiles(namedIn page: String, repositoryFiles: [String]) -> [String] {
        let names = Set(repositoryFiles.map { ($0 as NSString).lastPathComponent })
        var missing: [String] = []
        for match in page.matches(of: #/`([A-Za-z0-9_+./-]+\.(?:swift|sh|py|md))`/#) {
            let named = String(match.1)
            // GRDB's checkout, not the project's.
            if named.hasPrefix(".build/") { continue }
            let found =
                named.contains("/")
                ? repositoryFiles.contains { $0 == named || $0.hasSuffix("/" + named) }
                : names.contains(named)
            if !found && !missing.contains(named) { missing.append(named) }
        }
        return missing
    }
}
