import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import XCTest

/// A file's `private` and `fileprivate` top-level constants are that file's, as Swift
/// scopes them: two files may each declare `private let pageSize` with its own value, and
/// each file's code (a static method, a request method, an initializer, a stored property's
/// initial value) sees its own; the module's constants are seen by every file. Compared with
/// the same two files compiled against GRDB (`ARBOR_COMPILE_GRDB=1`).
final class FileScopedConstantsTests: XCTestCase {
    static let schema = """
        CREATE TABLE post(id INTEGER PRIMARY KEY, year INTEGER, title TEXT);
        """

    static let feed = """
        import GRDB
        private let pageSize = 20
        let newestYear = 2024
        struct Post: TableRecord {
            static func firstPage() -> QueryInterfaceRequest<Post> { Post.limit(pageSize) }
        }
        extension QueryInterfaceRequest<Post> {
            func recentPage() -> Self { filter(Column("year") >= newestYear).limit(pageSize) }
        }
        """

    static let archive = """
        import GRDB
        fileprivate let basePage = 25
        private let pageSize = basePage * 2
        struct ArchiveQuery {
            var size = pageSize
            func request() -> QueryInterfaceRequest<Post> { Post.filter(Column("year") < newestYear).limit(size) }
        }
        extension Post {
            static func archivePage() -> QueryInterfaceRequest<Post> { Post.order(Column("year")).limit(pageSize) }
        }
        """

    /// The statements arbor checks, and the same Swift run in the compiled program.
    static let requests = [
        "Post.firstPage()", "Post.all().recentPage()", "Post.archivePage()", "ArchiveQuery().request()",
    ]

    private func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.feed, name: "Feed.swift").map(\.error.message), [])
        XCTAssertEqual(harness.load(Self.archive, name: "Archive.swift").map(\.error.message), [])
        return harness
    }

    func testEachFileSeesItsOwnPrivateConstant() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Post.firstPage()"), #"SELECT * FROM "post" LIMIT 20"#)
        XCTAssertEqual(
            try harness.sql("Post.all().recentPage()"), #"SELECT * FROM "post" WHERE "year" >= 2024 LIMIT 20"#)
        XCTAssertEqual(try harness.sql("Post.archivePage()"), #"SELECT * FROM "post" ORDER BY "year" LIMIT 50"#)
        // A stored property's initial value is read in its file, too.
        XCTAssertEqual(
            try harness.sql("ArchiveQuery().request()"), #"SELECT * FROM "post" WHERE "year" < 2024 LIMIT 50"#)
        XCTAssertEqual(harness.resolution.diagnostics.map(\.error.message), [])
    }

    func testTheOrderOfTheFilesChangesNothing() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        harness.load(Self.archive, name: "Archive.swift")
        harness.load(Self.feed, name: "Feed.swift")
        XCTAssertEqual(try harness.sql("Post.firstPage()"), #"SELECT * FROM "post" LIMIT 20"#)
        XCTAssertEqual(try harness.sql("Post.archivePage()"), #"SELECT * FROM "post" ORDER BY "year" LIMIT 50"#)
    }

    func testAPrivateConstantIsNotSeenOutsideItsFile() throws {
        let harness = try harness()
        guard case .expression(.value(.integer(2024)))? = try harness.run("newestYear") else {
            return XCTFail("the module's constant is seen at the prompt")
        }
        let error = try XCTUnwrap(harness.error("Post.limit(basePage)"))
        XCTAssertEqual(error.message, "cannot find 'basePage' in scope: it is `private` to Archive.swift")
        // Code of another file does not see it either.
        harness.load(
            """
            extension Post {
                static func other() -> QueryInterfaceRequest<Post> { Post.limit(basePage) }
            }
            """, name: "Other.swift")
        let message = try XCTUnwrap(harness.error("Post.other()")?.message)
        XCTAssertTrue(
            message.hasPrefix("cannot find 'basePage' in scope: it is `private` to Archive.swift (in `other()`"),
            message)
    }

    /// The same two files compiled against GRDB print the same SQL.
    func testTheCompilerGivesTheSameSQL() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB (minutes)")
        let harness = try harness()
        let main = """
            import GRDB
            let queue = try DatabaseQueue()
            try queue.write { db in
                try db.execute(sql: "\(Self.schema)")
                db.trace(options: .profile) { event in
                    if case .profile(let statement, _) = event { print(statement.expandedSQL) }
                }
                _ = try Row.fetchAll(db, Post.firstPage())
                _ = try Row.fetchAll(db, Post.all().recentPage())
                _ = try Row.fetchAll(db, Post.archivePage())
                _ = try Row.fetchAll(db, ArchiveQuery().request())
            }
            """
        let products = try GRDBCompilation.build([
            "FileScoped": ["main.swift": main, "Feed.swift": Self.feed, "Archive.swift": Self.archive]
        ])
        let output = try GRDBCompilation.run(products.appendingPathComponent("FileScoped"), [])
        XCTAssertEqual(output.status, 0, output.text)
        // The requests' statements, without GRDB's own (the schema's, the transaction's).
        let printed = output.text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix(#"SELECT * FROM "post""#)
        }
        XCTAssertEqual(printed, try Self.requests.map { try harness.sql($0) })
    }
}
