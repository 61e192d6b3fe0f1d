import ArborCore
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// The app's explicit initializers: Swift runs the declared one, never the memberwise
/// one it replaces, so one arbor cannot run is said so; an error in its body is
/// located in its file, with the call underlined.
final class InitializerTests: XCTestCase {
    private func session() throws -> Session {
        let url = try TemporaryItems.folder("init").appendingPathComponent("Initializers.swift")
        try """
        struct Clamped {
            var x: Int
            init(x: Int) { if x > 0 { self.x = x } else { self.x = 0 } }
        }
        struct Broken {
            var x: Int
            init(y: Int) { self.x = undefinedThing + y }
        }
        struct Plain {
            var x: Int
            init(value: Int = 7) { self.x = value }
        }
        """.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        let session = try Session(path: nil)
        _ = try session.load(paths: [url.path])
        return session
    }

    func testAnInitializerThatDoesMoreThanAssignIsSaidSo() throws {
        guard case .failure(let errors, _)? = try session().run("Clamped(x: -5)").last else {
            return XCTFail("the memberwise initializer Swift does not have was used")
        }
        XCTAssertEqual(
            errors.first?.message,
            "arbor runs an initializer that only assigns stored properties; `Clamped.init(x:)` does more")
        XCTAssertEqual(errors.first?.range, SourceRange(0, 14))
    }

    func testAnErrorInAnInitializerIsLocatedInItsFile() throws {
        guard case .failure(let errors, _)? = try session().run("Broken(y: 1)").last else { return XCTFail() }
        XCTAssertEqual(
            errors.first?.message.replacingOccurrences(
                of: #"/[^ ]*init-[^ ]*\.swift"#, with: "F", options: .regularExpression),
            "unknown name `undefinedThing` (in `init(y:)` at F:7:29)")
        XCTAssertEqual(errors.first?.range, SourceRange(0, 12))
    }

    func testAnInitializerThatAssignsRunsWithItsDefaults() throws {
        guard case .description(let text)? = try session().run("Plain()").last else { return XCTFail() }
        XCTAssertEqual(text, "Plain(x: 7)")
    }
}
