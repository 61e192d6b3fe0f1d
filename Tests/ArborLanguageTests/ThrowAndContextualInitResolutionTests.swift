import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// Two Swift behaviours of method bodies: `throw` stops the method with its error, which
/// reaches the statement (as the compiled code's error does), and `return .init(…)` takes
/// its type from the declared return type. Compared with the same Swift compiled against
/// GRDB here.
final class ThrowAndContextualInitResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE play(id INTEGER PRIMARY KEY, letters TEXT NOT NULL, outcome INTEGER NOT NULL);
        """

    // Modelled on a word game: a request helper that throws on a bad argument, and a
    // statistics request struct whose method returns `.init(…)` of the app's own struct.
    static let appCode = """
        enum PlayError: Error { case emptyLetters }
        struct Play: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var letters: String
            var outcome: Int
            static func containing(_ letters: String) throws -> QueryInterfaceRequest<Play> {
                guard !letters.isEmpty else { throw PlayError.emptyLetters }
                return Play.filter(Column("letters").like("%\\(letters)%"))
            }
        }
        struct Limits { var wins: Int; var losses: Int }
        struct LimitsRequest {
            var scale: Int
            func limits() -> Limits {
                return .init(wins: 2 * scale, losses: scale)
            }
            func request() -> QueryInterfaceRequest<Play> {
                let limits = limits()
                return Play.filter(Column("outcome") == 1).limit(limits.wins, offset: limits.losses)
            }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testThrowStopsTheMethodWithItsError() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"try Play.containing("QU")"#), try harness.grdbSQL(try Play.containing("QU")))
        XCTAssertThrowsError(try Play.containing(""))
        let error = try XCTUnwrap(harness.error(#"try Play.containing("")"#))
        // Located in the method's body, where the `throw` is.
        XCTAssertTrue(
            error.message.hasPrefix("the app's code throws PlayError.emptyLetters (in `containing(_:)`"), error.message)
    }

    func testReturnInitTakesTheDeclaredReturnType() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("LimitsRequest(scale: 3).request()"),
            try harness.grdbSQL(LimitsRequest(scale: 3).request()))
        guard case .composite(let type, let fields)? = try harness.run("LimitsRequest(scale: 3).limits()") else {
            return XCTFail("a value of the app's struct")
        }
        XCTAssertEqual(type, "Limits")
        XCTAssertEqual(fields.map(\.name), ["wins", "losses"])
    }
}

// The same app code, compiled against GRDB.
private enum PlayError: Error { case emptyLetters }

private struct Play: Codable, FetchableRecord, TableRecord {
    var id: Int64
    var letters: String
    var outcome: Int
    static func containing(_ letters: String) throws -> QueryInterfaceRequest<Play> {
        guard !letters.isEmpty else { throw PlayError.emptyLetters }
        return Play.filter(Column("letters").like("%\(letters)%"))
    }
}

private struct Limits {
    var wins: Int
    var losses: Int
}

private struct LimitsRequest {
    var scale: Int
    func limits() -> Limits {
        return .init(wins: 2 * scale, losses: scale)
    }
    func request() -> QueryInterfaceRequest<Play> {
        let limits = limits()
        return Play.filter(Column("outcome") == 1).limit(limits.wins, offset: limits.losses)
    }
}
