import ArborCore
import Foundation
import XCTest

/// `Eventual`: a value one thread gives once, which others wait for (the self-member check
/// and the command line's read-ahead hand their results back through one).
final class EventualTests: XCTestCase {
    func testEveryWaiterGetsTheValueGivenAfterItBeganWaiting() {
        let eventual = Eventual<Int>()
        // Each waiter hands back what it got through an eventual of its own.
        let received = (0..<3).map { _ in Eventual<Int>() }
        for waiter in received {
            Thread.detachNewThread { waiter.fulfil(eventual.wait()) }
        }
        XCTAssertNil(eventual.current)
        XCTAssertTrue(received.allSatisfy { $0.current == nil })
        eventual.fulfil(42)
        XCTAssertEqual(received.map { $0.wait() }, [42, 42, 42])
    }

    func testTheFirstValueGivenIsKept() {
        let eventual = Eventual<String>()
        eventual.fulfil("first")
        eventual.fulfil("second")
        XCTAssertEqual(eventual.wait(), "first")
        XCTAssertEqual(eventual.wait(), "first")
        XCTAssertEqual(eventual.current, "first")
    }
}
