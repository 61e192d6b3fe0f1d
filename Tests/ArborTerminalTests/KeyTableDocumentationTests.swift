import ArborTestSupport
import Foundation
import XCTest

@testable import ArborTerminal

/// docs/INTERFACE.md §2 lists the keys that F1 shows: both come from `KeyTable`.
final class KeyTableDocumentationTests: XCTestCase {
    static let interfaceDocument = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/INTERFACE.md")

    /// The `### 2.N Title` subsections of `## 2. Keys`, each with the rows of its table.
    static func documentedSections(_ text: String) -> [KeyTable.Section] {
        var sections: [KeyTable.Section] = []
        var inKeys = false
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("## ") {
                inKeys = line.hasPrefix("## 2. ")
                continue
            }
            guard inKeys else { continue }
            if line.hasPrefix("### ") {
                // `### 2.3 Results` → `Results`
                let title = line.dropFirst(4).drop(while: { $0 != " " }).dropFirst()
                sections.append(KeyTable.Section(title: String(title), entries: []))
            } else if line.hasPrefix("| "), !line.hasPrefix("| keys |"), !line.hasPrefix("| ---"), !sections.isEmpty {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count == 2 else {
                    sections[sections.count - 1].entries.append(KeyTable.Entry(keys: line, action: "(not two cells)"))
                    continue
                }
                sections[sections.count - 1].entries.append(KeyTable.Entry(keys: cells[0], action: cells[1]))
            }
        }
        return sections
    }

    func testTheDocumentListsExactlyTheKeysOfTheCode() throws {
        let text = try String(contentsOf: Self.interfaceDocument, encoding: .utf8)
        let documented = Self.documentedSections(text)
        XCTAssertEqual(documented.map(\.title), KeyTable.sections.map(\.title))
        for (doc, code) in zip(documented, KeyTable.sections) {
            XCTAssertEqual(doc.entries, code.entries, "docs/INTERFACE.md §2, \(code.title)")
        }
    }

    func testF1ShowsEveryKeyOfTheTable() {
        let help = HelpText.lines(examples: [])
        for section in KeyTable.sections {
            XCTAssertTrue(help.contains(section.title), section.title)
            for entry in section.entries {
                XCTAssertTrue(
                    help.contains { $0.hasPrefix("  " + entry.keys + " ") && $0.hasSuffix("  " + entry.action) },
                    "\(entry.keys): \(entry.action)")
            }
        }
    }

    func testADocumentWithAKeyLessIsCaught() {
        let page = """
            ## 2. Keys
            ### 2.1 SQL
            | keys | what they do |
            | --- | --- |
            ## 3. Copying
            | x | not a key |
            """
        XCTAssertEqual(Self.documentedSections(page), [KeyTable.Section(title: "SQL", entries: [])])
        XCTAssertNotEqual(Self.documentedSections(page), Array(KeyTable.sections.filter { $0.title == "SQL" }))
    }
}
