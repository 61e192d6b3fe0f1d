import ArborCore
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// Every data-reading request of the GRDB guides runs on the demo database
/// (Fixtures/guide-requests.txt lists them, with their place in the guides).
final class GuideRequestsTests: XCTestCase {
    struct Entry {
        var source: String
        var statements: String
        var expectsError: Bool
        var note: String?

        /// `default name bookCount` in the entry's note.
        var defaultName: String? {
            guard let note, let range = note.range(of: "default name ") else { return nil }
            return note[range.upperBound...].prefix { $0.isLetter || $0.isNumber }.description
        }
    }

    static func entries() throws -> [Entry] {
        guard let url = Bundle.module.url(forResource: "Fixtures/guide-requests", withExtension: "txt") else {
            throw ArborError("missing fixture")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        var entries: [Entry] = []
        for block in text.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard
                let source = lines.first(where: { $0.hasPrefix("# ") && ($0.contains(".md:") || $0.contains(".txt:")) })
            else { continue }
            let statements = lines.filter { !$0.hasPrefix("#") }
            guard !statements.isEmpty else { continue }
            entries.append(
                Entry(
                    source: source, statements: statements.joined(separator: "\n"),
                    expectsError: lines.contains { $0.hasPrefix("# expect-error") },
                    note: lines.first { $0.hasPrefix("# note:") }))
        }
        return entries
    }

    func testEveryGuideRequestRuns() throws {
        let entries = try Self.entries()
        XCTAssertGreaterThan(entries.count, 80)
        var failures: [String] = []
        for entry in entries {
            let session = try Session(path: nil)
            let outcomes = session.run(entry.statements)
            let failed = outcomes.contains { if case .failure = $0 { true } else { false } }
            if failed != entry.expectsError {
                let errors = outcomes.compactMap { outcome -> String? in
                    if case .failure(let errors, let text) = outcome {
                        return errors.map { DiagnosticRenderer.render($0, in: text) }.joined(separator: "\n")
                    }
                    return nil
                }
                failures.append("\(entry.source)\n\(entry.statements)\n\(errors.joined(separator: "\n"))")
            }
            guard !entry.expectsError, !failed else { continue }
            switch outcomes.last {
            case .rows?, .count?:
                break
            case .description(let text)?:
                // Aggregates are described with their default name, which the note gives.
                guard let name = entry.defaultName, text.contains(name) else {
                    failures.append("\(entry.source): described as \(text)")
                    continue
                }
            default:
                failures.append("\(entry.source): last statement is not a request")
            }
        }
        XCTAssertTrue(
            failures.isEmpty, "\(failures.count) of \(entries.count) failed:\n" + failures.joined(separator: "\n\n"))
    }
}
