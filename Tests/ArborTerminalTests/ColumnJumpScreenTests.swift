import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

@testable import ArborTerminal

/// `c` in the table view goes to a column by name (issue 21, item 10): the letters
/// typed after it select the first column whose name (or the part after a dot)
/// begins with them, without a prompt; ↵ or Esc stays there, another key stays and
/// acts.
final class ColumnJumpScreenTests: XCTestCase {
    static let request =
        #"Customer.annotated(with: Customer.invoices.sum(Column("Total")).forKey("invoiceTotalSum"))"#
        + ".including(optional: Customer.supportRep)"

    func table(width: Int = 80) throws -> AppState {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try Fixtures.state(after: Self.request, width: width, height: 24, in: session)
        _ = state.update(.key(.character("t")))
        return state
    }

    func type(_ text: String, into state: inout AppState) {
        for c in text { _ = state.update(.key(.character(c))) }
    }

    func selectedTitle(_ state: AppState) -> String? {
        guard let table = state.results?.table, table.visibleColumns.indices.contains(table.selected) else {
            return nil
        }
        return table.visibleColumns[table.selected].title
    }

    func testLettersGoToTheColumnAsTheyAreTyped() throws {
        var state = try table()
        type("c", into: &state)
        XCTAssertNotNil(state.columnJump)
        XCTAssertTrue(View.render(state).buffer.text.contains("go to a column: type the start of its name"))
        type("inv", into: &state)
        XCTAssertEqual(selectedTitle(state), "invoiceTotalSum")
        let lines = View.render(state).buffer.text.split(separator: "\n").map(String.init)
        // The header scrolled to it, and the status line says where the letters led.
        XCTAssertTrue(lines[1].contains("invoiceTotalSum"), lines[1])
        XCTAssertTrue(lines.last?.contains("“inv” → invoiceTotalSum") == true, lines.last ?? "")
        // A part after a dot: `Title` of `supportRep.Title`; the whole name wins first.
        _ = state.update(.key(.backspace))
        _ = state.update(.key(.backspace))
        _ = state.update(.key(.backspace))
        type("tit", into: &state)
        XCTAssertEqual(selectedTitle(state), "supportRep.Title")
        type("x", into: &state)
        XCTAssertEqual(selectedTitle(state), "supportRep.Title")
        XCTAssertTrue(View.render(state).buffer.text.contains("no column begins with “titx”"))
        // ↵ stays there; the next letters are the table's keys again (`x` hides the column).
        _ = state.update(.key(.enter))
        XCTAssertNil(state.columnJump)
        XCTAssertEqual(selectedTitle(state), "supportRep.Title")
        XCTAssertEqual(state.focus, .results)
        type("x", into: &state)
        XCTAssertEqual(state.results?.table?.hidden, ["supportRep.Title"])
    }

    /// A hidden column named is shown again; a key that is not a letter ends the
    /// jump and does what it does (→ the next column).
    func testAHiddenColumnComesBackAndOtherKeysAct() throws {
        var state = try table()
        type("x", into: &state)
        XCTAssertEqual(state.results?.table?.hidden, ["CustomerId"])
        type("ccust", into: &state)
        XCTAssertEqual(selectedTitle(state), "CustomerId")
        XCTAssertEqual(state.results?.table?.hidden, [])
        _ = state.update(.key(.right))
        XCTAssertNil(state.columnJump)
        XCTAssertEqual(selectedTitle(state), "FirstName")
    }

    /// In the tree, `c` still closes everything under the selection.
    func testTheTreeKeepsItsC() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try Fixtures.state(after: Self.request, width: 80, height: 24, in: session)
        _ = state.update(.key(.character("e")))
        XCTAssertTrue(state.results?.walker.isOpen(NodePath([0])) == true)
        _ = state.update(.key(.character("c")))
        XCTAssertNil(state.columnJump)
        XCTAssertFalse(state.results?.walker.isOpen(NodePath([0])) == true)
    }
}
