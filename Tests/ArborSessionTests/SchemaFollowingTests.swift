import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// Another connection changes the schema: the session's next statement runs on
/// the new one (what the interface's `:watch` re-runs, and any later request),
/// its record types and associations included.
final class SchemaFollowingTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-follow")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func rows(_ session: Session, _ text: String) -> [[String: DatabaseValue]] {
        guard case .rows(let result)? = session.run(text).first else { return [] }
        return result.rows.map { Dictionary(uniqueKeysWithValues: zip($0.names, $0.values)) }
    }

    func testColumnsAddedRenamedAndDroppedElsewhereAreSeen() throws {
        let path = directory.appendingPathComponent("db.sqlite").path
        let writer = try DatabaseQueue(path: path)
        try writer.write { db in
            try db.execute(
                sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 5)")
        }
        let session = try Session(path: path, watchable: true)
        XCTAssertEqual(rows(session, "Counter.all()"), [["id": 1.databaseValue, "n": 5.databaseValue]])
        XCTAssertNil(try session.followSchemaChanges())
        try writer.write { db in try db.execute(sql: "ALTER TABLE counter ADD COLUMN z INTEGER DEFAULT 7") }
        XCTAssertEqual(
            rows(session, "Counter.all()"), [["id": 1.databaseValue, "n": 5.databaseValue, "z": 7.databaseValue]])
        try writer.write { db in
            try db.execute(sql: "ALTER TABLE counter DROP COLUMN n; ALTER TABLE counter RENAME COLUMN z TO n")
        }
        XCTAssertEqual(rows(session, "Counter.all()"), [["id": 1.databaseValue, "n": 7.databaseValue]])
        // A new table and its association, inferred from the new foreign key.
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE tick (id INTEGER PRIMARY KEY, counterId INTEGER REFERENCES counter(id));
                    INSERT INTO tick VALUES (10, 1)
                    """)
        }
        guard case .rows(let result)? = session.run("Counter.including(all: Counter.ticks)").first else {
            return XCTFail("\(session.run("Counter.including(all: Counter.ticks)"))")
        }
        guard case .toMany(let ticks)? = result.rows.first?.children.first?.value else {
            return XCTFail("no ticks in \(result.rows)")
        }
        XCTAssertEqual(ticks.first?.values.first, 10.databaseValue)
        XCTAssertEqual(try session.followSchemaChanges(), nil)
    }
}
