import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// Every input of the fuzzer's seed corpus (Tests/Fuzz/corpus) and every input
/// the fuzzer found a crash with (Tests/Fuzz/regressions) runs in-process, as
/// `arbor-fuzz` runs it: it must produce outcomes, fail only with located
/// errors, and complete without crashing. An input whose first line is
/// `// expect-error` must fail with a located error. An input whose first line
/// is `// open: WHY` is a known crash not fixed yet: it is skipped (it would
/// stop the test process); whoever fixes it removes that line.
final class FuzzRegressionTests: XCTestCase {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(in folder: String) throws -> [(name: String, text: String)] {
        let directory = fuzzDirectory.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }
            .sorted()
        return try names.map { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            return (name, String(decoding: data, as: UTF8.self))
        }
    }

    func testCorpus() throws {
        let inputs = try Self.inputs(in: "corpus")
        XCTAssertGreaterThan(inputs.count, 100)
        try run(inputs)
    }

    func testRegressions() throws {
        let inputs = try Self.inputs(in: "regressions")
        let open = inputs.filter { $0.text.hasPrefix("// open:") }.map(\.name)
        if !open.isEmpty {
            print("FuzzRegressionTests: \(open.count) open inputs (known problems, not fixed yet) not run:")
            print(open.joined(separator: "\n"))
        }
        try run(inputs)
    }

    func run(_ inputs: [(name: String, text: String)]) throws {
        let session = try Session(path: nil)
        let initialEnvironment = session.environment
        for (name, text) in inputs where !text.hasPrefix("// open:") {
            session.evaluator.environment = initialEnvironment
            let outcomes = session.run(text, fetch: true)
            let statements = Parser.parse(text).statements
            if !statements.isEmpty { XCTAssertFalse(outcomes.isEmpty, "\(name): no outcome") }
            var failed = false
            for case .failure(let errors, let failedText) in outcomes {
                failed = true
                XCTAssertFalse(errors.isEmpty, "\(name): a failure without errors")
                for error in errors {
                    guard let range = error.range else {
                        XCTFail("\(name): “\(error.message)” has no range")
                        continue
                    }
                    XCTAssertTrue(
                        range.lowerBound >= 0 && range.upperBound <= failedText.utf8.count,
                        "\(name): “\(error.message)” at \(range) is outside the text")
                    XCTAssertFalse(DiagnosticRenderer.render(error, in: failedText).isEmpty)
                }
            }
            if text.hasPrefix("// expect-error") {
                XCTAssertTrue(failed, "\(name): expected an error")
            }
            let result = Completer.complete(text, cursor: text.utf8.count, environment: session.environment)
            XCTAssertLessThanOrEqual(result.range.upperBound, text.utf8.count, name)
        }
    }
}
