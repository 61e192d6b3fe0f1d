import XCTest

@testable import ArborTerminal

/// A lone Escape waits 25 ms for the rest of a key's sequence; `ESCDELAY`, which ncurses
/// reads itself when the screen starts, changes that wait and arbor leaves it alone (the
/// end-to-end mouse test lengthens it, so that a click's sequence read on a loaded
/// machine is never taken for Escape).
final class EscapeDelayTests: XCTestCase {
    func testArborSetsItsDelayOnlyWithoutESCDELAY() {
        XCTAssertEqual(NCursesTerminal.defaultEscapeDelay(nil), 25)
        XCTAssertNil(NCursesTerminal.defaultEscapeDelay("1000"))
        XCTAssertNil(NCursesTerminal.defaultEscapeDelay(""))
    }
}
