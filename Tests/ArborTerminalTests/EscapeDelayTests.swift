import XCTest

@testable import ArborTerminal

/// A lone Escape waits 25 ms for the rest of a key's sequence; `ESCDELAY` changes
/// that wait, as in every ncurses program (the end-to-end mouse test lengthens it,
/// so that a click's sequence read on a loaded machine is never taken for Escape).
final class EscapeDelayTests: XCTestCase {
    func testTheEnvironmentSetsTheEscapeDelayWithinBounds() {
        XCTAssertEqual(NCursesTerminal.escapeDelay(nil), 25)
        XCTAssertEqual(NCursesTerminal.escapeDelay("1000"), 1000)
        XCTAssertEqual(NCursesTerminal.escapeDelay("0"), 0)
        XCTAssertEqual(NCursesTerminal.escapeDelay("-5"), 25)
        XCTAssertEqual(NCursesTerminal.escapeDelay("99999"), 25)
        XCTAssertEqual(NCursesTerminal.escapeDelay("fast"), 25)
    }
}
