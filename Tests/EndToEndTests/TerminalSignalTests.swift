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
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-sig-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let command =
            "env LANG=C.UTF-8 XDG_STATE_HOME='\(state)' XDG_CONFIG_HOME='\(state)/no-config' SWIFT_BACKTRACE=enable=no '\(ArborProcess.executable.path)';"
            + " echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e -icanon -e -echo | sort | tr '\\n' ' '; echo; sleep 60"
        let tmux = try TmuxSession(command: command, width: 80, height: 20)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
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
