import ArborCore
import Foundation
import XCTest

@testable import ArborLanguage

/// `LargeStackThread.begin` starts work on a thread of its own and returns at once (loading
/// checks the request methods that way while it evaluates the members); `wait()` gives the
/// work's value, as often as it is asked.
final class BegunWorkTests: XCTestCase {
    func testBeginReturnsBeforeTheWorkEndsAndWaitGivesItsValue() {
        let release = DispatchSemaphore(value: 0)
        let running = LargeStackThread.runningCount
        // Had `begin` waited for the work, the work would have timed out before the release.
        let begun = LargeStackThread.begin { release.wait(timeout: .now() + 10) == .success }
        XCTAssertGreaterThan(LargeStackThread.runningCount, running)
        release.signal()
        XCTAssertEqual(begun.wait(), true)
        XCTAssertEqual(begun.wait(), true)
    }

    func testTheWorkRunsOnAnotherThread() {
        let caller = pthread_self()
        let begun = LargeStackThread.begin { pthread_equal(pthread_self(), caller) == 0 }
        XCTAssertEqual(begun.wait(), true)
    }
}
