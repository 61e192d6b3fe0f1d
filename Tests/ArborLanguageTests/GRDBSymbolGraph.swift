import ArborTestSupport
import Foundation

/// GRDB's public declarations, as `swift-symbolgraph-extract` reads them from the GRDB
/// module of the build the tests run from (about 1.5 s): each declaration's key
/// (`pathComponents` joined with "."), kind and source file under GRDB's `GRDB/` folder.
/// The JSON goes to a temporary folder, removed once read.
struct GRDBSymbolGraph {
    struct Declaration: Hashable, Sendable {
        /// `FilteredRequest.filter(_:)`.
        var key: String
        /// `swift.method`.
        var kind: String
        /// `Instance Method`.
        var kindName: String
        /// `QueryInterface/Request/RequestProtocols.swift`.
        var file: String
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// GRDB's version, as the package resolved it (`7.10.0`).
    var version: String
    /// Every public declaration with a source file, synthesized members left out.
    var declarations: [Declaration]

    /// The build folder of the tests being run (`.build/<triple>/debug`): the folder
    /// holding `Modules/GRDB.swiftmodule` above the test bundle.
    static func buildFolder() -> URL? {
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules/GRDB.swiftmodule").path) {
                return url
            }
        }
        return nil
    }

    /// Extracts and reads GRDB's symbol graph; `Unavailable` when the build has no GRDB
    /// module or checkout to read.
    static func extract(tool: String) throws -> GRDBSymbolGraph {
        guard let build = buildFolder() else {
            throw Unavailable(description: "no `Modules/GRDB.swiftmodule` above the test bundle")
        }
        // SwiftPM's layout: <scratch>/<triple>/<configuration>, checkouts in <scratch>/checkouts.
        let triple = build.deletingLastPathComponent().lastPathComponent
        let scratch = build.deletingLastPathComponent().deletingLastPathComponent()
        let moduleMap = scratch.appendingPathComponent("checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap")
        guard FileManager.default.fileExists(atPath: moduleMap.path) else {
            throw Unavailable(description: "no GRDB checkout at \(moduleMap.path)")
        }
        let output = try TemporaryItems.folder("grdb-symbolgraph")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try GRDBCompilation.run(
            URL(fileURLWithPath: tool),
            [
                "-module-name", "GRDB", "-target", triple, "-I", build.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=\(moduleMap.path)", "-minimum-access-level", "public",
                "-skip-synthesized-members", "-module-cache-path", output.appendingPathComponent("cache").path,
                "-output-dir", output.path,
            ])
        guard result.status == 0 else {
            throw Unavailable(description: "swift-symbolgraph-extract failed: \(result.text)")
        }
        var declarations: [Declaration] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
            .filter { $0.hasSuffix(".symbols.json") }.sorted()
        for file in files {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            declarations += try declarationsIn(symbolGraph: data)
        }
        return GRDBSymbolGraph(version: version(scratch: scratch), declarations: declarations)
    }

    /// The declarations of one `*.symbols.json`, with their files relative to GRDB's `GRDB/` folder.
    static func declarationsIn(symbolGraph data: Data) throws -> [Declaration] {
        let graph = try JSONDecoder().decode(SymbolGraphFile.self, from: data)
        return graph.symbols.compactMap { symbol in
            guard let uri = symbol.location?.uri, let folder = uri.range(of: "/GRDB/", options: .backwards) else {
                return nil
            }
            return Declaration(
                key: symbol.pathComponents.joined(separator: "."), kind: symbol.kind.identifier,
                kindName: symbol.kind.displayName, file: String(uri[folder.upperBound...]))
        }
    }

    /// GRDB's version in SwiftPM's `workspace-state.json`; its revision when it has none.
    static func version(scratch: URL) -> String {
        guard let data = try? Data(contentsOf: scratch.appendingPathComponent("workspace-state.json")),
            let state = try? JSONDecoder().decode(WorkspaceState.self, from: data),
            let grdb = state.object.dependencies.first(where: { $0.packageRef.identity == "grdb.swift" })
        else { return "unknown" }
        return grdb.state.checkoutState?.version ?? grdb.state.checkoutState?.revision ?? "unknown"
    }

    /// The part of the symbol graph format read here.
    struct SymbolGraphFile: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable {
                var identifier: String
                var displayName: String
            }
            struct Location: Decodable {
                var uri: String
            }
            var kind: Kind
            var pathComponents: [String]
            var location: Location?
        }
        var symbols: [Symbol]
    }

    /// The part of `workspace-state.json` read here.
    struct WorkspaceState: Decodable {
        struct Object: Decodable {
            var dependencies: [Dependency]
        }
        struct Dependency: Decodable {
            struct Reference: Decodable {
                var identity: String
            }
            struct State: Decodable {
                struct Checkout: Decodable {
                    var version: String?
                    var revision: String?
                }
                var checkoutState: Checkout?
            }
            var packageRef: Reference
            var state: State
        }
        var object: Object
    }
}
