import ArborCore
import ArborLanguage
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

/// Every example of GRDB's documentation on the query interface, SQL interpolation, common
/// table expressions, full-text search, JSON and record fetching (Fixtures/GRDBDocExamples)
/// runs in arbor and gives what the same Swift compiled against GRDB gives (expected.txt):
/// SQL, rows, values, counts and errors. The examples arbor refuses today are listed with
/// arbor's message (refusals.txt); an example that runs with another output fails.
/// `ARBOR_RECORD_REFUSALS=1` rewrites refusals.txt from this run (differences are never written).
final class GRDBDocExamplesTests: XCTestCase {
    func testRecordsLoadWithoutErrors() throws {
        let session = try Session(path: try TemporaryDatabase.make(DocExampleCorpus.read("schema.sql")))
        let report = session.load(source: try DocExampleCorpus.read("Records.swift"), name: "Records.swift")
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
    }

    func testExamplesAreUniqueAndEachHasGRDBsOutput() throws {
        let examples = try DocExampleCorpus.examples()
        XCTAssertGreaterThan(examples.count, 250)
        XCTAssertEqual(Set(examples.map(\.id)).count, examples.count, "an example id is used twice")
        let expected = DocExampleCorpus.parseOutputs(try DocExampleCorpus.read("expected.txt"))
        XCTAssertEqual(
            Set(expected.keys), Set(examples.map(\.id)),
            "expected.txt is not for these examples: run GRDBDocExamplesExpectedTests with ARBOR_COMPILE_GRDB=1")
        let refusals = try DocExampleCorpus.refusals()
        XCTAssertEqual(Set(refusals.keys).subtracting(examples.map(\.id)), [], "refusals of no example")
    }

    func testEveryExampleGivesGRDBsOutputOrIsAListedRefusal() throws {
        let examples = try DocExampleCorpus.examples()
        let expected = DocExampleCorpus.parseOutputs(try DocExampleCorpus.read("expected.txt"))
        let refusals = try DocExampleCorpus.refusals()
        let path = try TemporaryDatabase.make(DocExampleCorpus.read("schema.sql"))
        var problems: [String] = []
        var refused: [(id: String, message: String)] = []
        var passed = 0
        var different = 0
        for example in examples {
            guard let output = expected[example.id] else { continue }
            let verdict = try DocExampleVerdict.judge(example, expected: output, path: path)
            switch (verdict, refusals[example.id]) {
            case (.pass, nil):
                passed += 1
            case (.pass, _?):
                passed += 1
                problems.append("\(example.id) now runs as GRDB does: remove it from refusals.txt")
            case (.refused(let message), let listed):
                refused.append((example.id, message))
                if listed != message {
                    problems.append(
                        "\(example.id) is refused: \(message)\n  listed: \(listed ?? "not listed")\n\(example.text)")
                }
            case (.different(let arbor), _):
                different += 1
                problems.append(
                    "\(example.id) differs from GRDB\n\(example.text)\n  GRDB:  \(output.joined(separator: "\n         "))\n  arbor: \(arbor.joined(separator: "\n         "))"
                )
            }
        }
        print(
            "GRDB documentation examples: \(examples.count), pass \(passed), refused \(refused.count), different \(different)"
        )
        if ProcessInfo.processInfo.environment["ARBOR_RECORD_REFUSALS"] == "1" {
            try Data(DocExampleCorpus.formatRefusals(refused).utf8).write(to: DocExampleCorpus.url("refusals.txt"))
        }
        XCTAssertTrue(problems.isEmpty, "\(problems.count) problems:\n\n" + problems.joined(separator: "\n\n"))
    }
}
