import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

// A field-work app's look-up, shaped like CrisisCleanup's `WorksiteRootRecord.getWorksiteId`:
// a record fetched with `fetchOne`, then `record?.id ?? 0`.
private struct Site: Codable, FetchableRecord, TableRecord {
    var id: Int64?
    var networkId: Int64

    static func localId(_ db: Database, _ networkId: Int64) throws -> Int64 {
        let record = try Site.filter(Column("networkId") == networkId).fetchOne(db)
        return record?.id ?? 0
    }
}

/// `record?.id` where `let record = try …fetchOne(db)` found no row is nil, as Swift's
/// optional chaining gives it (before: "nil (`record` found no row) has no member `id`");
/// `record!` there stops the method, as it stops the app.
final class OptionalChainingAbsentRecordTests: XCTestCase {
    static let schema = """
        CREATE TABLE site(id INTEGER PRIMARY KEY, networkId INTEGER NOT NULL);
        INSERT INTO site VALUES (3, 70), (4, 80);
        """

    static let appCode = """
        struct Site: Codable, FetchableRecord, TableRecord {
            var id: Int64?
            var networkId: Int64

            static func localId(_ db: Database, _ networkId: Int64) throws -> Int64 {
                let record = try Site.filter(Column("networkId") == networkId).fetchOne(db)
                return record?.id ?? 0
            }

            static func forcedId(_ db: Database, _ networkId: Int64) throws -> Int64 {
                let record = try Site.filter(Column("networkId") == networkId).fetchOne(db)
                return record!.id!
            }
        }
        """

    func session() throws -> Session {
        let session = try Session(path: try TemporaryDatabase.make(Self.schema))
        let report = session.load(source: Self.appCode, name: "Site.swift")
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
        return session
    }

    /// What the compiled code gives on the same rows, and the SELECTs GRDB ran for it.
    private func grdb(_ networkId: Int64) throws -> (Int64, statements: [String]) {
        let queue = try DatabaseQueue(path: try TemporaryDatabase.make(Self.schema))
        return try queue.read { db in
            _ = try Row.fetchAll(db, Site.limit(0))  // the schema is read before tracing
            var statements: [String] = []
            db.trace(options: .profile) { event in
                if case .profile(let statement, _) = event, statement.sql.hasPrefix("SELECT") {
                    statements.append(statement.expandedSQL)
                }
            }
            defer { db.trace(options: [], nil) }
            return (try Site.localId(db, networkId), statements)
        }
    }

    func testOptionalChainingOnARecordNotFoundIsNil() throws {
        let session = try session()
        for networkId: Int64 in [70, 99] {
            let text = "try Site.localId(db, \(networkId))"
            let (id, statements) = try grdb(networkId)
            guard case .computed(let description, let ran)? = session.run(text).last else {
                return XCTFail("\(text): \(session.run(text))")
            }
            XCTAssertEqual(description, "\(id)", text)
            XCTAssertEqual(ran, statements, text)
        }
        XCTAssertEqual(try grdb(99).0, 0)
    }

    func testForceUnwrappingARecordNotFoundStopsAsTheAppStops() throws {
        let session = try session()
        guard case .computed(let description, _)? = session.run("try Site.forcedId(db, 80)").last else {
            return XCTFail("\(session.run("try Site.forcedId(db, 80)"))")
        }
        XCTAssertEqual(description, "4")
        let errors = try session.failure("try Site.forcedId(db, 99)")
        XCTAssertTrue(
            errors.first?.message.hasPrefix("`record` is nil: no `Site` was found, and `record!` stops the program")
                == true, "\(errors)")
    }
}
