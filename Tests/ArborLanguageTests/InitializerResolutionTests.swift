import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

/// The app's explicit initializers: Swift runs the declared one, never the memberwise
/// one it replaces, body and all; an error in its body is located in its file, with the
/// call underlined.
final class InitializerResolutionTests: XCTestCase {
    private func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: "")
        harness.load(
            """
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
            """, name: "Initializers.swift")
        return harness
    }

    func testAnInitializerRunsItsBodyAsSwiftDoes() throws {
        // Swift runs the declared initializer, never the memberwise one it replaces.
        for (argument, stored) in [(-5, 0), (3, 3)] {
            guard case .composite(_, let fields)? = try harness().run("Clamped(x: \(argument))"),
                case .expression(.value(let x))? = fields.first?.value
            else { return XCTFail("the memberwise initializer Swift does not have was used") }
            XCTAssertEqual(x, .integer(Int64(stored)))
        }
    }

    func testAnErrorInAnInitializerIsLocatedInItsFile() throws {
        guard let error = try harness().error("Broken(y: 1)") else { return XCTFail() }
        XCTAssertEqual(error.message, "unknown name `undefinedThing` (in `init(y:)` at Initializers.swift:7:29)")
        XCTAssertEqual(error.range, SourceRange(0, 12))
    }

    func testAnInitializerThatAssignsRunsWithItsDefaults() throws {
        guard case .composite(let type, let fields)? = try harness().run("Plain()") else { return XCTFail() }
        XCTAssertEqual(type, "Plain")
        XCTAssertEqual(fields.map(\.name), ["x"])
        guard case .expression(.value(let x))? = fields.first?.value else { return XCTFail("\(fields)") }
        XCTAssertEqual(x, .integer(7))
    }
}
