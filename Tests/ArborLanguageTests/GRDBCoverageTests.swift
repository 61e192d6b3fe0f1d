import ArborTestSupport
import Foundation
import XCTest

@testable import ArborLanguage

/// docs/GRDB-COVERAGE.md is generated from GRDB's symbol graph, arbor's registry of
/// GRDB's API and its refusal rules: the document drifting from any of them fails here.
/// `ARBOR_WRITE_COVERAGE=1` writes it.
final class GRDBCoverageTests: XCTestCase {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/GRDB-COVERAGE.md")

    /// `swift-symbolgraph-extract`, on the `PATH` or beside the `swift` it finds.
    static var tool: String? {
        if let path = Executables.find("swift-symbolgraph-extract") { return path }
        guard let swift = Executables.find("swift") else { return nil }
        let beside = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("swift-symbolgraph-extract").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }

    /// GRDB's symbol graph, extracted once for all the tests of the class.
    static let extracted: Result<GRDBSymbolGraph, any Error> = Result {
        guard let tool else { throw GRDBSymbolGraph.Unavailable(description: "no swift-symbolgraph-extract") }
        return try GRDBSymbolGraph.extract(tool: tool)
    }

    func graph() throws -> GRDBSymbolGraph {
        #if !os(Linux)
            throw XCTSkip("the document is generated on Linux, whose GRDB module has no Combine members")
        #else
            guard Self.tool != nil else {
                throw XCTSkip(
                    "swift-symbolgraph-extract is not on the PATH nor beside `swift`: GRDB's symbols are unknown")
            }
            return try Self.extracted.get()
        #endif
    }

    func coverage() throws -> GRDBCoverage {
        let graph = try graph()
        return GRDBCoverage(
            version: graph.version, declarations: graph.declarations, registry: GRDBRegistryIndex.entry(serving:))
    }

    func testTheCoverageDocumentIsGeneratedFromGRDBsSymbolGraph() throws {
        let generated = GRDBCoverageDocument.markdown(try coverage())
        if ProcessInfo.processInfo.environment["ARBOR_WRITE_COVERAGE"] == "1" {
            try generated.write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        XCTAssertEqual(
            text, generated,
            "docs/GRDB-COVERAGE.md differs from GRDB's symbol graph and arbor's registry: run the tests with ARBOR_WRITE_COVERAGE=1"
        )
    }

    func testTheGraphHoldsGRDBsReadAPI() throws {
        let keys = Set(try coverage().all.map(\.key))
        for key in [
            "FilteredRequest.filter(_:)", "TableRecord.all()", "QueryInterfaceRequest.limit(_:offset:)",
            "FetchableRecord.fetchAll(_:)", "FTS5Pattern.init(matchingAllTokensIn:)", "Database.jsonExtract(_:atPath:)",
            "SQLRequest.init(literal:adapter:cached:)", "Row.fetchAll(_:sql:arguments:adapter:)",
        ] {
            XCTAssertTrue(keys.contains(key), key)
        }
        XCTAssertFalse(keys.contains("DatabaseQueue.read(_:)"), "the database's connections are not in the areas")
        XCTAssertFalse(keys.contains("Row.subscript(_:)"), "of rows, only fetches are listed")
    }

    func testEverySymbolTheRegistryNamesIsOneOfGRDBsDeclarations() throws {
        let keys = Set(try graph().declarations.map(\.key))
        let unknown = GRDBRegistryIndex.entries.keys.filter { !keys.contains($0) }.sorted()
        XCTAssertEqual(unknown, [], "registry symbols GRDB does not declare (pathComponents joined with \".\")")
    }

    func testNoRuleRefusesWhatTheRegistryAccepts() throws {
        let contradictions = try coverage().all.filter { member in
            member.acceptedBy != nil
                && GRDBRefusals.rule(key: member.key, kind: member.kind, files: member.files) != nil
        }
        XCTAssertEqual(contradictions.map(\.key), [], "accepted members a rule of GRDBRefusals.swift also refuses")
    }

    func testEveryRuleOfTheTableIsTheReasonForSomeMember() throws {
        let used = Set(
            try coverage().all.filter { $0.acceptedBy == nil }.compactMap {
                GRDBRefusals.ruleIndex(key: $0.key, kind: $0.kind, files: $0.files)
            })
        // The derived rules follow the refusals of calls, whose names may be outside the areas.
        let own =
            Array(0..<GRDBRefusals.overrides.count)
            + Array((GRDBRefusals.rules.count - GRDBRefusals.patterns.count)..<GRDBRefusals.rules.count)
        for index in own where !used.contains(index) {
            XCTFail("rule \(index) (\(GRDBRefusals.rules[index].refusal.description)) is the reason for no member")
        }
    }

    func testTheRulesGiveEachDeclarationItsReason() {
        func reason(_ key: String, _ kind: String, _ file: String) -> String {
            GRDBRefusals.refusal(key: key, kind: kind, files: [file]).description
        }
        XCTAssertEqual(
            reason("TableRecord.deleteAll(_:)", "swift.type.method", "Record/TableRecord.swift"),
            "a write: arbor runs requests and never writes through them")
        XCTAssertEqual(
            reason("QueryInterfaceRequest.deleteAndFetchIds(_:)", "swift.method", "QueryInterface/Request/X.swift"),
            "a write: arbor runs requests and never writes through them")
        XCTAssertEqual(
            reason("Database.create(table:options:body:)", "swift.method", "QueryInterface/Schema/Database.swift"),
            "database setup: schema definition, as in migrations")
        XCTAssertEqual(
            reason("MutablePersistableRecord.willInsert(_:)", "swift.method", "Record/MutablePersistableRecord.swift"),
            "a record type's hook: a persistence callback")
        XCTAssertEqual(
            reason("FetchRequest.adapted(_:)", "swift.method", "Core/FetchRequest.swift"),
            "not yet: `adapted` (row adapters)")
        XCTAssertEqual(
            reason("ScopeAdapter.init(_:)", "swift.init", "Core/RowAdapter.swift"),
            "not yet: `ScopeAdapter` (row adapters)")
        XCTAssertEqual(
            reason("FTS3.Diacritics.keep", "swift.enum.case", "FTS/FTS3.swift"),
            "database setup: a full-text table's definition")
        XCTAssertEqual(
            reason("SQL.init(unicodeScalarLiteral:)", "swift.init", "Core/SQL.swift"),
            "no meaning in a REPL: string literal plumbing the compiler calls")
        XCTAssertEqual(
            reason("SQL.init(stringLiteral:)", "swift.init", "Core/SQL.swift"), "not yet: no entry in arbor's registry")
        XCTAssertEqual(
            reason("Database.jsonExtract(_:atPath:)", "swift.type.method", "JSON/SQLJSONFunctions.swift"),
            "not yet: no entry in arbor's registry")
    }

    func testARegistryEntryAcceptsAndTheDocumentCountsIt() {
        let declarations = [
            GRDBSymbolGraph.Declaration(
                key: "FilteredRequest.filter(_:)", kind: "swift.method", kindName: "Instance Method",
                file: "QueryInterface/Request/RequestProtocols.swift"),
            GRDBSymbolGraph.Declaration(
                key: "TableRecord.deleteAll(_:)", kind: "swift.type.method", kindName: "Type Method",
                file: "Record/TableRecord.swift"),
            GRDBSymbolGraph.Declaration(
                key: "FetchRequest.fetchAll(_:)", kind: "swift.method", kindName: "Instance Method",
                file: "Core/Row.swift"),
            GRDBSymbolGraph.Declaration(
                key: "FetchRequest.fetchAll(_:)", kind: "swift.method", kindName: "Instance Method",
                file: "Record/FetchableRecord.swift"),
            GRDBSymbolGraph.Declaration(
                key: "Row.subscript(_:)", kind: "swift.subscript", kindName: "Subscript", file: "Core/Row.swift"),
            GRDBSymbolGraph.Declaration(
                key: "Table", kind: "swift.struct", kindName: "Structure", file: "QueryInterface/SQL/Table.swift"),
        ]
        let coverage = GRDBCoverage(version: "1.0", declarations: declarations) {
            $0 == "FilteredRequest.filter(_:)" ? "`filter` | test" : nil
        }
        XCTAssertEqual(
            coverage.all.map(\.key),
            ["FilteredRequest.filter(_:)", "FetchRequest.fetchAll(_:)", "TableRecord.deleteAll(_:)"])
        // Declared in two areas, listed in the first.
        XCTAssertEqual(coverage.members[3].map(\.key), ["FetchRequest.fetchAll(_:)", "TableRecord.deleteAll(_:)"])
        XCTAssertEqual(coverage.members[5].map(\.key), [])
        XCTAssertEqual(coverage.members[3][0].files, ["Core/Row.swift", "Record/FetchableRecord.swift"])
        let markdown = GRDBCoverageDocument.markdown(coverage)
        XCTAssertTrue(markdown.contains("| Query interface | 1 | 0 | 1 |\n"), markdown)
        XCTAssertTrue(markdown.contains("| Records | 0 | 2 | 2 |\n"), markdown)
        XCTAssertTrue(markdown.contains("| **All** | 1 | 2 | 3 |\n"), markdown)
        XCTAssertTrue(markdown.contains("| a write | 1 |\n"), markdown)
        XCTAssertTrue(
            markdown.contains(
                "| `FilteredRequest.filter(_:)` | instance method | `QueryInterface/Request/RequestProtocols.swift` | accepted: `filter` \\| test |"
            ), markdown)
        XCTAssertTrue(
            markdown.contains(
                "| `TableRecord.deleteAll(_:)` | type method | `Record/TableRecord.swift` | refused, a write: arbor runs requests and never writes through them |"
            ), markdown)
    }
}
