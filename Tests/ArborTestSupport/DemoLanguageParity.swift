import GRDB
import XCTest

/// A test case that compares arbor's SQL with GRDB's on the demo in memory, one
/// demo per test: what a test binds with `let` stays in it. A test case adopts
/// it with `var demo: LanguageHarness?`.
public protocol DemoLanguageParity: AnyObject {
    var demo: LanguageHarness? { get set }
}

extension DemoLanguageParity {
    /// The test's demo, made on first use.
    public func harness() throws -> LanguageHarness {
        if let demo { return demo }
        let harness = try LanguageHarness.demo()
        demo = harness
        return harness
    }

    /// Fails when arbor's main statement for `text` is not GRDB's for `request`, arguments inlined.
    public func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, single: Bool = false, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(text), try harness.grdbSQL(request, single: single), text, file: file, line: line)
    }
}
