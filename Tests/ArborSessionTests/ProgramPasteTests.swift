import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

@testable import ArborSession

/// A model file pasted whole at the prompt runs, its rows fetched. (How often pasted
/// declarations are kept is the language's: `ProgramPasteResolutionTests`.)
final class ProgramPasteTests: XCTestCase {
    /// A model file pasted whole at the prompt: `import`, protocols and free functions
    /// are skipped as when the file is loaded, and its declarations work.
    func testAWholeFilePastedAtThePromptRuns() throws {
        let session = try Session(path: nil)
        let outcomes = session.run(
            """
            import Foundation
            @preconcurrency import GRDB

            public protocol Named {
                var name: String { get }
            }

            func normalized(_ text: String) -> String { text.lowercased() }

            extension Book {
                static let translatorAgain = belongsTo(Author.self, key: "translatorAgain", using: ForeignKey(["translatorId"]))
            }
            """)
        for outcome in outcomes {
            if case .failure(let errors, _) = outcome { XCTFail("\(errors)") }
        }
        guard
            case .rows(let result)? = session.run("Book.including(required: Book.translatorAgain).filter(key: 35)").last
        else { return XCTFail("the pasted association") }
        XCTAssertEqual(result.rows.first?.children.first?.key, "translatorAgain")
        XCTAssertEqual(Parser.parse("import GRDB").errors, [])
    }
}
