import ArborTestSupport
import Foundation
import XCTest

@testable import ArborTerminal

/// Copying: the OSC 52 sequence, and a clipboard tool fed through its standard input.
final class ClipboardTests: XCTestCase {
    func testOSC52CarriesTheTextInBase64() {
        XCTAssertEqual(String(decoding: Clipboard.osc52("SELECT 1"), as: UTF8.self), "\u{1B}]52;c;U0VMRUNUIDE=\u{07}")
    }

    func testAToolReceivesTheTextOnItsStandardInput() throws {
        let directory = try TemporaryItems.folder("clip")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("copied").path
        let tool = Clipboard.Tool(name: "sh", path: "/bin/sh", arguments: ["-c", "cat > '\(output)'"])
        XCTAssertEqual(Clipboard.copyWithTool("SELECT * FROM \"author\";\n", tools: [tool]), "sh")
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "SELECT * FROM \"author\";\n")
        // A tool that fails before reading: the next one is tried, and no SIGPIPE ends the process.
        let failing = Clipboard.Tool(name: "false", path: "/bin/false", arguments: [])
        XCTAssertNil(Clipboard.copyWithTool(String(repeating: "x", count: 1 << 20), tools: [failing]))
        XCTAssertEqual(Clipboard.copyWithTool("SELECT 2", tools: [failing, tool]), "sh")
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "SELECT 2")
        XCTAssertEqual(Clipboard.tools(environment: ["PATH": directory.path]), [], "no tool, no display")
    }
}
