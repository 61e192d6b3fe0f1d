import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

/// `Session.streamValues` gives the values a whole fetch gives, in order, with
/// GRDB's conversion and `fetchSet`'s deduplication, and keeps GRDB's verdict:
/// a value GRDB can not convert fails before any value is given.
final class ValueStreamingTests: XCTestCase {
    func session(_ sql: String) throws -> Session {
        try Session(path: TemporaryDatabase.make(sql))
    }

    func streamed(_ session: Session, _ text: String) throws -> [DatabaseValue] {
        let plan = try session.requestResult(text, fetch: false).plan
        var values: [DatabaseValue] = []
        try session.streamValues(plan, checked: false) { values.append($1) }
        return values
    }

    func testStreamedValuesAreTheWholeFetchs() throws {
        let session = try session(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, amount);
            INSERT INTO item VALUES (1, 'b', 1), (2, 'a', '2'), (3, 'b', 2.5), (4, NULL, NULL), (5, 'a', 1);
            """)
        for text in [
            "try String?.fetchAll(db, sql: \"SELECT name FROM item ORDER BY id\")",
            "try String?.fetchSet(db, sql: \"SELECT name FROM item ORDER BY id\")",
            "try Int?.fetchAll(db, sql: \"SELECT amount FROM item ORDER BY id\")",
            "try Double?.fetchSet(db, sql: \"SELECT amount FROM item ORDER BY id\")",
            "try DatabaseValue.fetchAll(db, sql: \"SELECT amount FROM item ORDER BY id\")",
            "try Item.select(Column(\"id\"), as: Int.self).order(Column(\"id\").desc).fetchAll(db)",
        ] {
            let whole = try session.requestResult(text).rows.map { $0.values.first ?? .null }
            XCTAssertFalse(whole.isEmpty, text)
            XCTAssertEqual(try streamed(session, text), whole, text)
        }
        XCTAssertEqual(
            try streamed(session, "try String?.fetchSet(db, sql: \"SELECT name FROM item ORDER BY id\")"),
            ["b".databaseValue, "a".databaseValue, .null])
    }

    func testANullInTheLastRowFailsBeforeAnyValueIsGiven() throws {
        let session = try session(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
            INSERT INTO item SELECT i, 'name ' || i FROM n;
            INSERT INTO item VALUES (1001, NULL);
            """)
        let optional = "try String?.fetchAll(db, sql: \"SELECT name FROM item ORDER BY id\")"
        XCTAssertEqual(try streamed(session, optional).count, 1001)
        // The same fetch of `String`: a whole fetch would fail, so its plan is the optional one's.
        var failing = try session.requestResult(optional, fetch: false).plan
        failing.valueType = FetchedValueType(name: "String", isOptional: false)
        var given = 0
        XCTAssertThrowsError(try session.streamValues(failing, checked: false) { _, _ in given += 1 }) { error in
            XCTAssertTrue("\(error)".contains("could not decode String from database value NULL"), "\(error)")
        }
        XCTAssertEqual(given, 0)
    }

    func testTheCommandLineChecksTheFetchWholeAndKeepsNoValue() throws {
        let session = try session("CREATE TABLE item (name TEXT); INSERT INTO item VALUES ('a'), (NULL);")
        session.streamsValueFetches = true
        let optional = try session.requestResult(
            "try String?.fetchAll(db, sql: \"SELECT name FROM item\")", fetch: false)
        XCTAssertTrue(optional.valuesAreStreamed)
        XCTAssertTrue(optional.rows.isEmpty)
        let errors = try session.failure("try String.fetchAll(db, sql: \"SELECT name FROM item\")")
        XCTAssertTrue(errors.first?.message.contains("could not decode String") == true, "\(errors)")
    }
}
