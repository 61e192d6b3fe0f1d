import ArborCore
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborLanguage

/// In `extension DerivableRequest<Book>`, `Self` is GRDB's protocol: a request or an
/// association, with the members both have. `limit`, the fetches, `forKey`, `selectID`,
/// `asRequest(of:)` are not among them, and the compiler refuses the method, whatever it is
/// later called on; `extension QueryInterfaceRequest<Book>` has them. Loading says so in the
/// compiler's words, located on the member, and calling the method fails with the same error.
/// `ARBOR_COMPILE_GRDB=1` compiles the same file against GRDB.
final class RequestExtensionSelfResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
        INSERT INTO book VALUES (1, 'Dune', 1965), (2, 'Emma', 1815);
        """

    static let record = """
        import GRDB

        struct Book: TableRecord, Identifiable {
            var id: Int64
        }

        """

    /// Methods the compiler builds.
    static let accepted =
        record + """
            extension DerivableRequest<Book> {
                func recent() -> Self { filter(Column("year") > 1900).order(Column("year")).distinct().reversed() }
                func byID() -> Self { filter(id: 1) }
                func grouped() -> Self { self.groupByPrimaryKey() }
                func everything() -> Self { self.all().recent() }
            }
            extension QueryInterfaceRequest<Book> {
                func firstOne() -> Self { limit(1) }
                func recentFirst() -> Self { recent().limit(1, offset: 0) }
            }
            extension OrderedRequest {
                func backwards() -> Self { reversed() }
            }
            extension TableRequest where Self: OrderedRequest {
                func byKey() -> Self { orderByPrimaryKey() }
            }

            """

    /// One method a line, each refused by the compiler: the member the error is on, and its message.
    static let refusedMethods: [(line: String, member: String, message: String)] = [
        ("func first() -> Self { limit(1) }", "limit", "cannot find 'limit' in scope"),
        ("func viaSelf() -> Self { self.limit(1) }", "limit", "value of type 'Self' has no member 'limit'"),
        (
            #"func chained() -> Self { filter(Column("year") > 1900).limit(1) }"#, "limit",
            "value of type 'Self' has no member 'limit'"
        ),
        (
            "func counted(_ db: Database) throws -> Int { try fetchCount(db) }", "fetchCount",
            "cannot find 'fetchCount' in scope"
        ),
        (#"func keyed() -> Self { forKey("x") }"#, "forKey", "cannot find 'forKey' in scope"),
        ("func ids() -> Self { selectID() }", "selectID", "cannot find 'selectID' in scope"),
        ("func rows() -> Self { asRequest(of: Row.self) }", "asRequest", "cannot find 'asRequest' in scope"),
        (
            #"func titles() -> Self { select(Column("title"), as: String.self) }"#, "String.self",
            "extra argument 'as' in call"
        ),
        (
            #"func local() -> Self { let recent = filter(Column("year") > 1900); return recent.limit(1) }"#, "limit",
            "value of type 'Self' has no member 'limit'"
        ),
    ]

    static let refused =
        record + "extension DerivableRequest<Book> {\n"
        + refusedMethods.map { "    \($0.line)\n" }.joined() + "}\n"
            + """
            extension FilteredRequest {
                func sorted() -> Self { order(Column("title")) }
            }

            """

    /// The errors expected for `refused`: (line, column, message), 1-based.
    static var expectedErrors: [(line: Int, column: Int, message: String)] {
        let firstLine = record.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        var errors = refusedMethods.enumerated().map { index, method in
            let column = method.line.utf8.distance(
                from: method.line.startIndex,
                to: method.line.range(of: method.member, options: .backwards)?.lowerBound ?? method.line.startIndex)
            return (firstLine + index, column + 5, method.message)
        }
        errors.append((firstLine + refusedMethods.count + 2, 29, "cannot find 'order' in scope"))
        return errors
    }

    func testLoadingSaysWhatSelfLacksWhereItIsCalled() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(Self.refused, name: "Requests.swift")
        let lines = SourceLines(Self.refused)
        let found = diagnostics.filter { $0.severity == .error }.map { diagnostic -> (Int, Int, String) in
            let location = lines.location(of: diagnostic.error.range?.lowerBound ?? 0)
            return (location.line, location.column, diagnostic.error.message)
        }
        XCTAssertEqual(found.map { "\($0.0):\($0.1): \($0.2)" }, Self.expectedErrors.map { "\($0.0):\($0.1): \($0.2)" })
        // Located on the member's name: its whole length.
        let limit = try XCTUnwrap(diagnostics.first { $0.error.message == "cannot find 'limit' in scope" })
        XCTAssertEqual(limit.error.range.map { $0.upperBound - $0.lowerBound }, 5)
        XCTAssertEqual(
            limit.error.suggestion,
            "GRDB offers `limit` on a table and a request, not on this request protocol: declare the method in an extension of `QueryInterfaceRequest`"
        )
    }

    func testCallingARefusedMethodFailsWithTheCompilersError() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        _ = harness.load(Self.refused, name: "Requests.swift")
        let statement = "Book.all().first()"
        let error = try XCTUnwrap(harness.error(statement))
        let line = Self.expectedErrors[0]
        XCTAssertEqual(
            error.message, "cannot find 'limit' in scope (in `first()` at Requests.swift:\(line.line):\(line.column))")
        XCTAssertEqual(error.range, SourceRange(0, statement.utf8.count))
        XCTAssertEqual(harness.error("Book.all().viaSelf()")?.message.hasPrefix("value of type 'Self'"), true)
    }

    func testWhatSelfHasRunsWithGRDBsSQL() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.accepted, name: "Requests.swift").map(\.error.message), [])
        XCTAssertEqual(
            try harness.sql("Book.all().recentFirst()"),
            try harness.sql(
                #"Book.filter(Column("year") > 1900).order(Column("year")).distinct().reversed().limit(1, offset: 0)"#))
        XCTAssertEqual(try harness.sql("Book.all().firstOne()"), try harness.sql("Book.limit(1)"))
        XCTAssertEqual(try harness.sql("Book.all().byID()"), try harness.sql("Book.filter(id: 1)"))
        XCTAssertEqual(try harness.sql("Book.all().grouped()"), try harness.sql("Book.all().groupByPrimaryKey()"))
        XCTAssertEqual(try harness.sql("Book.all().backwards()"), try harness.sql("Book.all().reversed()"))
        XCTAssertEqual(try harness.sql("Book.all().byKey()"), try harness.sql("Book.orderByPrimaryKey()"))
        XCTAssertEqual(try harness.rowCount("Book.all().everything()"), 1)
    }

    /// The registry agrees with GRDB's protocols: an entry that serves a declaration of one of
    /// `DerivableRequest`'s protocols (`FilteredRequest.filter(_:)`) is offered on requests and
    /// associations both, so a `DerivableRequest` extension's `Self` has it.
    func testWhatGRDBsRequestProtocolsDeclareIsSelfs() {
        var method = RequestMethod(
            receiver: .derivable, table: nil, typePath: nil,
            function: FunctionDeclaration(
                isStatic: false, name: "f", nameRange: SourceRange(0, 1), parameters: [], returnType: "Self",
                body: [], range: SourceRange(0, 1)),
            isProperty: false, origin: 0)
        method.selfProtocols = ["DerivableRequest"]
        let derivable = SelfOfRequestExtension(method: method)
        var checked = 0
        for member in GRDBAPI.members {
            let owners = member.symbols.compactMap { $0.split(separator: ".").first.map(String.init) }
            guard owners.contains(where: derivable.protocols.contains) else { continue }
            checked += 1
            XCTAssertTrue(derivable.offers(member), "\(member.signatures): \(member.symbols)")
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// The compiler builds `accepted` and refuses `refused` with the same errors, at the same
    /// places (`ARBOR_COMPILE_GRDB=1`).
    func testTheCompilerGivesTheSameVerdict() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let folder = try TemporaryItems.folder("request-extension-self")
        XCTAssertNoThrow(try GRDBCompilation.build(["Requests": ["main.swift": Self.accepted]], in: folder))
        XCTAssertThrowsError(try GRDBCompilation.build(["Requests": ["main.swift": Self.refused]], in: folder)) {
            let output = "\($0)"
            for error in Self.expectedErrors {
                XCTAssertTrue(
                    output.contains("main.swift:\(error.line):\(error.column): error: \(error.message)"),
                    "the compiler does not say `\(error.message)` at \(error.line):\(error.column):\n\(output)")
            }
        }
    }
}
