import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// The record type of generated code (columns left out), so that the generated request
/// line below compiles here as written.
private enum Generated {
    struct Book: TableRecord { static let databaseTableName = "book" }
}

/// `--format swift` of GRDB's JSON API: the generated line, compiled here verbatim,
/// gives arbor's SQL.
final class SwiftCodeJSONTests: XCTestCase {
    func testJSONExpressionsAreWrittenAsGRDBDeclaresThem() throws {
        typealias Book = Generated.Book
        let session = try ParityChecking.session()
        let text =
            #"Book.filter(Column("title").asJSON["a"] == 1).select(Database.jsonObject(["t": Column("title"), "j": JSONColumn("title")]), Database.jsonExtract(Column("title"), atPaths: ["$.a", "$.b"]), Database.jsonGroupArray(Column("year"), filter: Column("year") > 2000), JSONColumn("title").jsonRepresentation(atPath: "a"))"#
        let result = try session.requestResult(text, fetch: false)
        let code = SwiftCode.generate(result.plan, environment: session.environment)
        let expected =
            #"let request = Book.filter(JSONColumn("title")["a"] == 1).select(Database.jsonObject(["t": Column("title"), "j": JSONColumn("title")]), Database.jsonExtract(Column("title"), atPaths: ["$.a", "$.b"]), Database.jsonGroupArray(Column("year"), filter: Column("year") > 2000), JSONColumn("title").jsonRepresentation(atPath: "a"))"#
        XCTAssertTrue(code.contains(expected + "\n"), code)
        let request = Book.filter(JSONColumn("title")["a"] == 1).select(
            Database.jsonObject(
                ["t": Column("title"), "j": JSONColumn("title")] as KeyValuePairs<String, any SQLExpressible>),
            Database.jsonExtract(Column("title"), atPaths: ["$.a", "$.b"]),
            Database.jsonGroupArray(Column("year"), filter: Column("year") > 2000),
            JSONColumn("title").jsonRepresentation(atPath: "a"))
        XCTAssertEqual(result.mainSQL, try ParityChecking.grdbSQL(request))
    }
}
