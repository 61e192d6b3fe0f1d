import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// A type alias of the app (`extension Status { typealias Id = String }`, often declared in a
/// module the database layer imports, loaded with it) names the value type it aliases where
/// GRDB fetches values: `Status.Id.fetchAll(db, request)` is `String.fetchAll(db, request)`.
/// Compared with the same Swift compiled against GRDB here.
final class TypeAliasFetchResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE statusRecord(id TEXT PRIMARY KEY, accountId TEXT NOT NULL, reblogId TEXT);
        """

    // Modelled on a social-network client: the API module's model types declare their
    // identifiers' types; the database module's records store them.
    static let apiModule = """
        public final class Status: Codable {
            public let id: Status.Id
        }
        public extension Status {
            typealias Id = String
        }
        """
    static let databaseModule = """
        struct StatusRecord: Codable, FetchableRecord, TableRecord {
            let id: Status.Id
            let accountId: String
            let reblogId: Status.Id?
            enum Columns {
                static let id = Column(CodingKeys.id)
                static let reblogId = Column(CodingKeys.reblogId)
            }
        }
        """

    func testAnAliasOfAValueTypeFetchesThatType() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.apiModule, name: "Status.swift").filter { $0.severity == .error }.count, 0)
        XCTAssertEqual(
            harness.load(Self.databaseModule, name: "StatusRecord.swift").filter { $0.severity == .error }.count, 0)
        let request = StatusRecord.filter(StatusRecord.Columns.reblogId != nil).select(StatusRecord.Columns.reblogId)
        let (_, statements) = try harness.traced { db in try Status.Id.fetchSet(db, request) }
        XCTAssertEqual(
            try harness.sql(
                "try Status.Id.fetchSet(db, StatusRecord.filter(StatusRecord.Columns.reblogId != nil).select(StatusRecord.Columns.reblogId))"
            ), statements.first)
        // A nested name that is no alias is still no type.
        XCTAssertNotNil(harness.error("try Status.Key.fetchAll(db, StatusRecord.select(StatusRecord.Columns.id))"))
    }
}

// The same app code, compiled against GRDB.
private final class Status: Codable {
    let id: Status.Id
}

extension Status {
    typealias Id = String
}

private struct StatusRecord: Codable, FetchableRecord, TableRecord {
    let id: Status.Id
    let accountId: String
    let reblogId: Status.Id?
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let reblogId = Column(CodingKeys.reblogId)
    }
}
