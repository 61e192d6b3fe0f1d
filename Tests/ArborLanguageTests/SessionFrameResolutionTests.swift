import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// The session's `let`s and `var`s are the outermost frame of the scope chain: one lookup
/// walks a closure's, a function's and a type's frames, then the session's, so each inner
/// name shadows a session name of the same spelling, as in Swift. Compared with the same
/// Swift compiled against GRDB here.
final class SessionFrameResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
        """

    static let appCode = """
        struct Book: TableRecord {
            static let year = Column("year")
            static func recent() -> QueryInterfaceRequest<Book> { Book.filter(year > 2000) }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testAnInnerNameShadowsTheSessions() throws {
        let harness = try harness()
        // The type's static `year` inside its method, not the session's `year`.
        XCTAssertEqual(
            try harness.sql("let year = 1\nBook.recent()"), try harness.grdbSQL(Book.filter(Book.year > 2000)))
        // A closure's parameter inside the closure, the session's name outside it.
        guard case .array(let doubled)? = try harness.run("let n = 100\n[1, 2].map { n in n * 2 }") else {
            return XCTFail("an array")
        }
        XCTAssertEqual(doubled.compactMap(\.knownValue), [1, 2].map { n in n * 2 }.map { .integer(Int64($0)) })
        XCTAssertEqual(try harness.sql("let n = 3\nBook.limit(n)"), try harness.grdbSQL(Book.limit(3)))
    }

    func testTheSessionFrameHoldsLetsAndVars() throws {
        let harness = try harness()
        XCTAssertNil(harness.error("var n = 1\nn = 2"))
        XCTAssertEqual(harness.evaluator.environment.session.names["n"]?.isVariable, true)
        XCTAssertEqual(harness.evaluator.environment.bindings["n"]?.knownValue, .integer(2))
        XCTAssertEqual(
            harness.error("let k = 1\nk = 2")?.message, "cannot assign to value: 'k' is a 'let' constant")
        XCTAssertEqual(harness.evaluator.environment.variables, ["n"])
    }
}

// The same app code, compiled against GRDB.
private struct Book: TableRecord {
    static let year = Column("year")
    static func recent() -> QueryInterfaceRequest<Book> { Book.filter(year > 2000) }
}
