import ArborTestSupport
import Foundation
import XCTest

@testable import ArborTerminal

/// Key bindings are data: each key of a scope sends one command, and
/// docs/INTERFACE.md §2 is generated from them (`KeyTable.markdown`): the
/// document drifting from the code fails here. `ARBOR_WRITE_KEYS=1` writes it.
final class KeyBindingsTests: XCTestCase {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/INTERFACE.md")

    /// The text between `## 2. Keys`'s introduction (its first `### `) and the next `## `.
    static func keySubsections(of text: String) -> Range<String.Index>? {
        guard let section = text.range(of: "\n## 2. "),
            let first = text.range(of: "\n### ", range: section.upperBound..<text.endIndex),
            let next = text.range(of: "\n## ", range: first.upperBound..<text.endIndex)
        else { return nil }
        return text.index(after: first.lowerBound)..<next.lowerBound
    }

    func testTheDocumentsKeyTablesAreGeneratedFromTheBindings() throws {
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        let range = try XCTUnwrap(Self.keySubsections(of: text), "docs/INTERFACE.md has no §2 subsections")
        let generated = KeyTable.markdown + "\n"
        if ProcessInfo.processInfo.environment["ARBOR_WRITE_KEYS"] == "1" {
            text.replaceSubrange(range, with: generated)
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            String(text[range]), generated,
            "docs/INTERFACE.md §2 differs from KeyBindings: run the tests with ARBOR_WRITE_KEYS=1")
    }

    func testADocumentWithAnEditedRowDrifts() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "| ^L | redraw the screen |", with: "| ^L | clear |")
        XCTAssertNotEqual(edited, text)
        let range = try XCTUnwrap(Self.keySubsections(of: edited))
        XCTAssertNotEqual(String(edited[range]), KeyTable.markdown + "\n")
    }

    func testEachKeyOfAScopeSendsItsBindingsCommand() {
        for section in KeyBindings.sections {
            var seen: [Key: KeyCommand] = [:]
            for binding in section.bindings {
                for (key, command) in binding.keys {
                    XCTAssertNil(seen[key], "\(section.title): \(key) is bound twice")
                    seen[key] = command
                    XCTAssertEqual(KeyBindings.command(for: key, in: section.scope), command, "\(section.title) \(key)")
                }
            }
        }
        XCTAssertNil(KeyBindings.command(for: .character("z"), in: .results))
        XCTAssertEqual(KeyBindings.command(for: .character("E"), in: .panes), .copyError)
        XCTAssertEqual(KeyBindings.command(for: .character("y"), in: .overlay), .copyBlock)
    }

    func testF1ListsEveryBindingWithItsHelp() {
        let help = HelpText.lines(examples: [])
        for section in KeyBindings.sections {
            XCTAssertTrue(help.contains(section.title), section.title)
            for binding in section.bindings {
                XCTAssertTrue(
                    help.contains { $0.hasPrefix("  " + binding.label + " ") && $0.hasSuffix("  " + binding.help) },
                    binding.label)
            }
        }
    }
}
