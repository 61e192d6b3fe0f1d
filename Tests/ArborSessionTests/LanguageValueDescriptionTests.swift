import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// How the session shows the values the language's declarations give (`ValueDescription`):
/// the rendering the language tests in ArborLanguageTests leave to the session (they
/// check the values themselves: `EnumMethodResolutionTests`, `InitializerResolutionTests`,
/// `ColumnNamePropertyResolutionTests`, `QueryableResolutionTests`).
final class LanguageValueDescriptionTests: XCTestCase {
    func description(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line)
        -> String?
    {
        let outcome = session.run(text).last
        guard case .description(let description)? = outcome else {
            XCTFail("\(text): \(String(describing: outcome))", file: file, line: line)
            return nil
        }
        return description
    }

    func testAnEnumsComputedPropertiesShowAsSwiftValues() throws {
        let session = try Session(path: nil)
        for outcome in session.run(
            """
            enum OrderDirection { case ascending, descending }
            extension Book {
                enum Ordering: Int, CaseIterable {
                    case byTitle, byYear, byId
                    var isByTitle: Bool { self == .byTitle }
                }
                enum Genre: String, DatabaseValueConvertible {
                    case novel, poems
                    var other: Genre {
                        switch self {
                        case .novel: return .poems
                        case .poems: return .novel
                        }
                    }
                    var label: String { other.title }
                    var title: String { rawValue.uppercased() }
                }
            }
            """)
        {
            if case .failure(let errors, _) = outcome { return XCTFail("\(errors)") }
        }
        XCTAssertEqual(description("Book.Ordering.byTitle.isByTitle", in: session), "true")
        XCTAssertEqual(description("Book.Ordering.byYear.isByTitle", in: session), "false")
        XCTAssertEqual(description("Book.Genre.novel.label", in: session), #""POEMS""#)
    }

    func testAValueMadeByAnInitializerShowsAsItsMemberwiseCall() throws {
        let session = try Session(path: nil)
        _ = session.run(
            """
            struct Plain {
                var x: Int
                init(value: Int = 7) { self.x = value }
            }
            """)
        XCTAssertEqual(description("Plain()", in: session), "Plain(x: 7)")
    }

    func testAColumnsNameShowsAsAString() throws {
        let folder = try TemporaryItems.folder("described")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("podcasts.sqlite").path
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                    CREATE TABLE episode (id INTEGER PRIMARY KEY, showId INTEGER NOT NULL, hostId INTEGER, guestId INTEGER);
                    """)
        }
        let session = try Session(path: path)
        _ = session.run(
            """
            struct Episode: TableRecord {
                static let databaseTableName = "episode"
                enum Columns {
                    static let showId = Column("showId")
                }
                static let parentIdColumnName = Columns.showId.name
            }
            """)
        XCTAssertEqual(description("Episode.parentIdColumnName", in: session), #""showId""#)
    }

    /// A GRDBQuery request is a plain struct: it shows as its memberwise call, its
    /// enum's cases as `.case`.
    func testAQueryablesValuesShowAsSwiftValues() throws {
        let session = try Session(path: nil)
        for outcome in session.run(
            """
            import GRDB
            import GRDBQuery

            struct BooksRequest: ValueObservationQueryable {
                static var defaultValue: [Book] { [] }
                var minYear: Int
                var ordering: Ordering = .byTitle

                enum Ordering { case byTitle, byYear }
            }
            extension BooksRequest {
                var isRecent: Bool { minYear >= 2000 }
                func title() -> String {
                    switch self.ordering {
                    case .byTitle: return "by title"
                    case .byYear: return "by year"
                    }
                }
            }
            """)
        {
            if case .failure(let errors, _) = outcome { return XCTFail("\(errors)") }
        }
        XCTAssertEqual(description("BooksRequest(minYear: 2000).isRecent", in: session), "true")
        XCTAssertEqual(description("BooksRequest(minYear: 1600).isRecent", in: session), "false")
        XCTAssertEqual(
            description("BooksRequest(minYear: 2000)", in: session), "BooksRequest(minYear: 2000, ordering: .byTitle)")
        XCTAssertEqual(description("BooksRequest(minYear: 1, ordering: .byYear).title()", in: session), #""by year""#)
        XCTAssertEqual(description("BooksRequest(minYear: 1).title()", in: session), #""by title""#)
        XCTAssertEqual(description("BooksRequest.Ordering.byYear", in: session), ".byYear")
    }
}
