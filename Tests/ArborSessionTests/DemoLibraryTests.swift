import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// The demo is embedded in the binary (no resource bundle to lose when it is
/// installed): the embedded text must be exactly the files in Resources/.
final class DemoLibraryTests: XCTestCase {
    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")

    func testEmbeddedDemoMatchesResources() throws {
        let sql = try String(contentsOf: Self.resources.appendingPathComponent("library.sql"), encoding: .utf8)
        let prelude = try String(contentsOf: Self.resources.appendingPathComponent("Prelude.swift"), encoding: .utf8)
        XCTAssertEqual(DemoLibrary.sql, sql, "run scripts/embed-demo.sh")
        XCTAssertEqual(DemoLibrary.prelude, prelude, "run scripts/embed-demo.sh")
    }
}
