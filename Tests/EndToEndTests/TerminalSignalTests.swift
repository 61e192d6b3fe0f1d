import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// SIGINT sent to the terminal interface from outside (not Ctrl-C, which is a
/// key there): arbor leaves with status 130 and the terminal in its modes.
final class TerminalSignalTests: XCTestCase {
    func testSIGINTFromOutsideRestoresTheTerminalAndExits130() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let tmux = try TmuxSession.arbor(width: 80, height: 20)
        defer { tmux.kill() }
        let shell = try XCTUnwrap(try tmux.paneProcessID())
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let arbor = try XCTUnwrap(children.split(separator: " ").compactMap { Int32($0) }.first)
        XCTAssertEqual(kill(arbor, SIGINT), 0)
        let screen = try tmux.waitUntil("the exit status and the terminal modes") {
            $0.contains("exit=130") && $0.contains("icanon")
        }
        XCTAssertTrue(screen.contains("echo icanon"), screen)
    }
}
