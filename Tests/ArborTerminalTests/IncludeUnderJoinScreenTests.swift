import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// An include under a join hangs on the joining level's rows, read under the
/// join's scope as GRDB decodes it: the tree and the children pane show it.
final class IncludeUnderJoinScreenTests: XCTestCase {
    func testTheTreeAndTheChildrenPaneShowTheIncludedRow() throws {
        var state = try Fixtures.state(
            after: "Book.joining(required: Book.author.including(required: Author.country)).limit(1)", width: 80,
            height: 8, interactive: true)
        _ = state.update(.key(.character(" ")))
        let tree = View.render(state).buffer.text
        XCTAssertTrue(tree.contains("country  code:\"TR\"  name:\"Turkey\""), tree)
        _ = state.update(.key(.right))
        let children = View.render(state).buffer.text
        XCTAssertTrue(children.contains("country  code:\"TR\"  name:\"Turkey\""), children)
    }
}
