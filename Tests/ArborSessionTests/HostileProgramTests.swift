import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// App code is input too: cycles, endless recursion and sheer size end in
/// located errors or notes, never in a crash or a hang.
final class HostileProgramTests: XCTestCase {
    func load(_ text: String, into session: Session) throws -> LoadReport {
        let url = try TemporaryItems.folder("hostile-program").appendingPathComponent("Hostile.swift")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try session.load(paths: [url.path])
    }

    func message(_ text: String, in session: Session) -> String? {
        guard case .failure(let errors, _)? = session.run(text, fetch: false).last else { return nil }
        return errors.first?.message
    }

    func testCyclesAreErrors() throws {
        let session = try Session(path: nil)
        let report = try load(
            """
            extension Book {
                static let a = b
                static let b = a
            }
            struct Left: TableRecord { static let databaseTableName = Right.databaseTableName }
            struct Right: TableRecord { static let databaseTableName = Left.databaseTableName }
            extension Author {
                typealias Columns = Names
                typealias Names = Columns
            }
            """, into: session)
        XCTAssertEqual(
            report.diagnostics.map(\.error.message).sorted(),
            [
                "`Left.databaseTableName` is not a string arbor can read (a literal, another type's `databaseTableName`, or their concatenation with `+`)",
                "`Right.databaseTableName` is not a string arbor can read (a literal, another type's `databaseTableName`, or their concatenation with `+`)",
                "skipped `Book.a`: `Book.b` could not be declared: `Book.a` refers to itself",
                "skipped `Book.b`: `Book.a` refers to itself",
            ])
        XCTAssertNotNil(message("Author.Columns.name", in: session))
        guard case .rows? = session.run("Book.limit(1)", fetch: false).last else { return XCTFail("the rest works") }
    }

    func testEndlessRecursionIsAnError() throws {
        let session = try Session(path: nil)
        _ = try load(
            """
            extension DerivableRequest<Author> {
                func again() -> Self { again() }
                func ping() -> Self { pong() }
                func pong() -> Self { ping() }
            }
            """, into: session)
        // Where in the file the recursion was stopped, as the typed call is underlined.
        XCTAssertEqual(
            message("Author.all().again()", in: session)?.replacingOccurrences(
                of: #"/[^ ]*/Hostile\.swift"#, with: "F", options: .regularExpression),
            "expression nested too deep (limit 200) (in `again()` at F:2:28)")
        XCTAssertEqual(
            message("Author.all().ping()", in: session)?.replacingOccurrences(
                of: #"/[^ ]*/Hostile\.swift"#, with: "F", options: .regularExpression),
            "expression nested too deep (limit 200) (in `pong()` at F:4:27)")
    }

    /// An error inside a loaded method's body underlines the call as typed (the body's
    /// range means nothing in the typed text) and says where in the file it is.
    func testAnErrorInALoadedBodyIsLocatedInItsFile() throws {
        let session = try Session(path: nil)
        _ = try load(
            """
            extension DerivableRequest<Book> {
                func recent() -> Self {
                    filter(Column("yeer") > 2000)
                }
            }
            """, into: session)
        guard case .failure(let errors, _)? = session.run("Book.all().recent()", fetch: false).last else {
            return XCTFail("the misspelled column runs")
        }
        XCTAssertEqual(
            errors.first?.message.replacingOccurrences(
                of: #"/[^ ]*/Hostile\.swift"#, with: "F", options: .regularExpression),
            "table `book` has no column `yeer` (in `recent()` at F:3:23)")
        XCTAssertEqual(errors.first?.range, SourceRange(0, 19))
        XCTAssertEqual(errors.first?.suggestion, "did you mean `year`?")
    }

    func testDeepAndLargeCodeLoads() throws {
        let session = try Session(path: nil)
        let nested =
            String(repeating: "if true {\n", count: 150) + "return self\n"
            + String(repeating: "}\n", count: 150)
        var text = "extension DerivableRequest<Author> {\n func deep() -> Self {\n\(nested) }\n}\n"
        text += "extension Book {\n"
        for i in 0..<5_000 { text += "    static let value\(i) = \(i)\n" }
        text += "}\n"
        let report = try load(text, into: session)
        XCTAssertFalse(report.hasErrors, "\(report.diagnostics.prefix(3))")
        let result = try session.requestResult("Author.all().deep()", fetch: false)
        XCTAssertEqual(result.mainSQL, "SELECT * FROM \"author\"")
        guard case .description(let value)? = session.run("Book.value4999", fetch: false).last else {
            return XCTFail()
        }
        XCTAssertEqual(value, "4999")
    }

    /// A body deeper than the parser's nesting limit is an error located in the file, not a crash.
    func testTooDeepABodyIsLocated() throws {
        let session = try Session(path: nil)
        let nested = String(repeating: "if true {\n", count: 5_000) + String(repeating: "}\n", count: 5_000)
        let report = try load(
            "extension DerivableRequest<Author> {\n func deep() -> Self {\n\(nested) }\n}\n", into: session)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.diagnostics.first?.error.message, "nesting too deep (limit 256)")
    }
}
