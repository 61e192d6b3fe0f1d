import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

// What the app's own code would declare, decoded here by GRDB itself.
private struct GenreNameAsInt: Decodable, FetchableRecord {
    var name: Int
    enum CodingKeys: String, CodingKey { case name = "Name" }
}

/// The decoding check's verdict (issue 21, item 3), on the music store: the deepest
/// cause first (a column hiding an include before a NULL), a check that passes says
/// how many rows decode, and a value GRDB converts silently is a surprise, with the
/// value GRDB decoded (the same as GRDB's own decoder gives).
final class DecodingVerdictTests: XCTestCase {
    static let employee = """
        struct Employee: Codable, FetchableRecord, TableRecord { var EmployeeId: Int; var LastName: String; var ReportsTo: Int? }
        extension Employee { static let reportsTo = belongsTo(Employee.self, key: "reportsTo", using: ForeignKey(["ReportsTo"])) }
        """

    private func session() throws -> Session { try Session(path: try MusicStoreFixture.make()) }

    private func run(_ session: Session, _ text: String) -> Outcome? {
        for outcome in session.run(text) {
            if case .failure = outcome { return outcome }
            if case .rows = outcome { return outcome }
        }
        return nil
    }

    /// The column `ReportsTo` hides the include `reportsTo`: said on row 1, where the
    /// column is NULL, not "declare it optional" (which would only move the failure on).
    func testAColumnHidingAnIncludeIsNamedBeforeANull() throws {
        let session = try session()
        _ = session.run(Self.employee)
        for type in [
            "struct E: Decodable, FetchableRecord { var employee: Employee; var reportsTo: Employee }",
            "struct E: Decodable, FetchableRecord { var employee: Employee; var reportsTo: Employee? }",
        ] {
            _ = session.run(type)
            guard
                case .failure(let errors, _)? = run(
                    session,
                    "try dbQueue.read { db in try E.fetchAll(db, Employee.including(optional: Employee.reportsTo)) }")
            else { return XCTFail("no failure for \(type)") }
            let error = try XCTUnwrap(errors.first)
            XCTAssertTrue(error.message.hasPrefix("`E.fetchAll` fails on row "), error.message)
            XCTAssertEqual(
                error.suggestion,
                "the row has a column `ReportsTo`, and GRDB reads a column before an include of the same key: the include `reportsTo` is never read. Give the association another key (`Employee.reportsTo.forKey(\"reportsToRecord\")`) and name the property after it"
            )
        }
    }

    func testAPassingCheckSaysHowManyRowsDecode() throws {
        let session = try session()
        _ = session.run("struct G: Decodable, FetchableRecord { var GenreId: Int; var Name: String }")
        guard case .rows(let result)? = run(session, #"try dbQueue.read { db in try G.fetchAll(db, Table("Genre")) }"#)
        else { return XCTFail("no rows") }
        let verdict = try XCTUnwrap(result.decodingVerdict)
        XCTAssertEqual(verdict.headline, "3 rows decode as `G`")
        XCTAssertFalse(verdict.isSurprising)
    }

    func testASilentConversionIsASurpriseWithTheDecodedValues() throws {
        let path = try MusicStoreFixture.make()
        let session = try Session(path: path)
        _ = session.run("struct G: Decodable, FetchableRecord { var Name: Int }")
        guard case .rows(let result)? = run(session, #"try dbQueue.read { db in try G.fetchAll(db, Table("Genre")) }"#)
        else { return XCTFail("no rows") }
        let verdict = try XCTUnwrap(result.decodingVerdict)
        XCTAssertTrue(verdict.isSurprising)
        XCTAssertEqual(
            verdict.headline, "3 rows decode as `G`, but GRDB converts `G.Name` silently: declare `var Name: String`")
        XCTAssertEqual(
            verdict.details,
            [
                #"row 1: `G.Name` reads the TEXT "Rock" of column `Name` as `0`"#,
                #"row 2: `G.Name` reads the TEXT "Jazz" of column `Name` as `0`"#,
                #"row 3: `G.Name` reads the TEXT "Metal" of column `Name` as `0`"#,
            ])
        // GRDB's own decoder gives the same values.
        let decoded = try DatabaseQueue(path: path).read { try GenreNameAsInt.fetchAll($0, sql: "SELECT * FROM Genre") }
        XCTAssertEqual(decoded.map(\.name), verdict.conversions.map { Int($0.decoded) })
    }

    /// A REAL read as an integer loses its fraction: `UnitPrice` 0.99 is 0.
    func testARealReadAsAnIntegerIsASurprise() throws {
        let session = try session()
        _ = session.run("struct P: Decodable, FetchableRecord { var TrackId: Int; var UnitPrice: Int }")
        guard
            case .rows(let result)? = run(
                session,
                #"try dbQueue.read { db in try P.fetchAll(db, Table("Track").filter(Column("TrackId") == 1)) }"#)
        else { return XCTFail("no rows") }
        XCTAssertEqual(
            result.decodingVerdict?.summary,
            "1 row decodes as `P`, but GRDB converts `P.UnitPrice` silently: declare `var UnitPrice: Double` — row 1: `P.UnitPrice` reads the REAL 0.99 of column `UnitPrice` as `0`"
        )
    }
}
