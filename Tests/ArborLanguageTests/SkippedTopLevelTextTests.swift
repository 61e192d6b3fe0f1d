import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

/// Top-level code and text that is not Swift are skipped with a located note,
/// once per file: `/etc/passwd` named `.swift` loaded with no word before.
final class SkippedTopLevelTextTests: XCTestCase {
    func notes(_ text: String) -> [ProgramDiagnostic] {
        SourceUnit.parse(name: "F.swift", text: text).diagnostics.filter { $0.severity == .note }
    }

    func testTextThatIsNotSwiftIsANoteAtItsFirstPlace() {
        let notes = notes("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n")
        XCTAssertEqual(
            notes.map(\.error.message),
            ["top-level code or text that is not a declaration is skipped (and 1 more place in this file)"])
        XCTAssertEqual(notes.first?.error.range, SourceRange(0, 31))
    }

    func testDeclarationsSwiftAllowsAtTheTopAreSkippedInSilence() {
        let text = """
            import GRDB
            protocol P {}
            func helper() -> Int { 1 }
            let shared = 3
            @MainActor var current = 0
            typealias Id = Int64
            struct Book: TableRecord { static let author = belongsTo(Author.self) }
            """
        XCTAssertEqual(notes(text).map(\.error.message), [])
        XCTAssertEqual(SourceUnit.parse(name: "F.swift", text: text).declarations.map(\.name), ["Book"])
    }

    func testStatementsOfAMainFileAreOneNote() {
        let notes = notes("struct A {}\nprint(\"hi\")\nA.run()\nstruct B {}\n")
        XCTAssertEqual(
            notes.map(\.error.message),
            ["top-level code or text that is not a declaration is skipped (and 1 more place in this file)"])
        XCTAssertEqual(notes.first?.error.range, SourceRange(12, 23))
    }
}
