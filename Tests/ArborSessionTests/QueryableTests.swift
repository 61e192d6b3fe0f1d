import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// Loading a GRDBQuery request's files says how many request methods they declare.
/// (The requests themselves are the language's: `QueryableResolutionTests`.)
final class QueryableTests: XCTestCase {
    /// The app's request, split as apps split it: the methods in an extension, in a file
    /// loaded before the struct's own.
    static let requestFile = """
        import GRDB
        import GRDBQuery

        struct BooksRequest: ValueObservationQueryable {
            static var defaultValue: [Book] { [] }
            var minYear: Int
            var ordering: Ordering = .byTitle

            enum Ordering { case byTitle, byYear }
        }
        """

    static let extensionFile = """
        import GRDB

        extension BooksRequest {
            /// The screen shows a few books.
            func request(limit: Int = 3) -> QueryInterfaceRequest<Book> {
                switch ordering {
                case .byTitle: return Book.filter(Column("year") >= minYear).order(Column("title")).limit(limit)
                case .byYear: return Book.filter(Column("year") >= minYear).order(Column("year").desc).limit(limit)
                }
            }

            var isRecent: Bool { minYear >= 2000 }

            func fetch(_ db: Database) throws -> [Book] {
                try request().fetchAll(db)
            }
        }
        """

    /// Writes `files` (name → text) in a fresh folder, returning their paths in this order.
    func write(_ files: [(name: String, text: String)]) throws -> [String] {
        let folder = try TemporaryItems.folder("queryable")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return try files.map { file in
            let url = folder.appendingPathComponent(file.name)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Loading counts the methods that reach the database, and `:declarations` lists them.
    func testLoadingCountsTheRequestMethods() throws {
        let session = try Session(path: nil)
        let report = try session.load(
            paths: try write([("A.swift", Self.extensionFile), ("B.swift", Self.requestFile)]))
        XCTAssertEqual(report.summary, "read 2 files: 0 record types, 0 associations, 0 column sets, 2 request methods")
    }
}
