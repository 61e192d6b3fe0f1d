import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `Session.streamValuesJSON`, the second pass of a value fetch written straight
/// from the statement's columns, gives byte for byte the JSON of GRDB's own values
/// (`streamValues`, written by `JSONWriter`), for every type it reads directly and
/// for hostile values: NUL in text (GRDB reads up to it), invalid UTF-8, text read
/// as numbers, numbers read as text, reals at the limits, blobs, and NULL.
final class ValueJSONStreamingTests: XCTestCase {
    var session: Session?

    override func setUpWithError() throws {
        session = try Session(
            path: TemporaryDatabase.make(
                """
                CREATE TABLE v (id INTEGER PRIMARY KEY, t TEXT, i INTEGER, r REAL, b BLOB, small INTEGER, m);
                INSERT INTO v VALUES
                  (1, 'plain "quoted" \\ text', 9223372036854775807, -0.0, x'00ff', -128, 'x'),
                  (2, 'a' || char(0) || 'b', -9223372036854775808, 1e300, x'', 127, 1.5),
                  (3, CAST(x'41ff42c3' AS TEXT), 0, 0.1, CAST('text' AS BLOB), 0, x'0102'),
                  (4, '12abc', 42, 123456789012345678, x'e29c93', 1, 'a' || char(0) || 'b'),
                  (5, char(27) || '[31m' || char(8238) || char(10), -1, -2.5e-300, x'61', -1, 7);
                CREATE TABLE n (id INTEGER PRIMARY KEY, x);
                INSERT INTO n VALUES (1, NULL), (2, 'two'), (3, 3), (4, 4.5), (5, x'05'), (6, NULL);
                """))
    }

    override func tearDownWithError() throws {
        if let path = session?.path {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
    }

    /// What `ValueFetchJSON.Stream` writes for GRDB's values (with `lines`, what `jsonl` writes).
    func grdbJSON(_ session: Session, _ plan: RequestPlan, lines: Bool = false) throws -> String {
        var writer = JSONWriter()
        var count = 0
        try session.streamValues(plan, checked: false) { _, value in
            if !lines { writer.append(count == 0 ? "[\n" : ",\n") }
            writer.write(value)
            if lines { writer.append("\n") }
            count += 1
        }
        if !lines { writer.append(count == 0 ? "[]\n" : "\n]\n") }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func directJSON(_ session: Session, _ plan: RequestPlan, lines: Bool = false) throws -> String? {
        var bytes: [UInt8] = []
        guard try session.streamValuesJSON(plan, lines: lines, write: { bytes.append(contentsOf: $0) }) else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testEveryDirectTypeWritesGRDBsValues() throws {
        let session = try XCTUnwrap(session)
        var cases: [String] = []
        for column in ["t", "i", "r", "b", "m"] {
            for type in ["String", "Int", "Int64", "Bool", "Double", "Float", "Data", "DatabaseValue"] {
                cases.append("try \(type).fetchAll(db, sql: \"SELECT \(column) FROM v ORDER BY id\")")
            }
        }
        for type in ["Int8", "Int16", "Int32", "UInt8", "UInt16", "UInt32", "UInt", "UInt64"] {
            // `small` fits every signed type; the unsigned ones read its absolute value.
            let column = type.hasPrefix("U") ? "abs(small)" : "small"
            cases.append("try \(type).fetchAll(db, sql: \"SELECT \(column) FROM v ORDER BY id\")")
        }
        for type in ["String?", "Int?", "Int8?", "UInt64?", "Bool?", "Double?", "Float?", "Data?", "DatabaseValue"] {
            cases.append("try \(type).fetchAll(db, sql: \"SELECT x FROM n ORDER BY id\")")
        }
        cases.append("try String.fetchAll(db, sql: \"SELECT t FROM v WHERE 0\")")
        cases.append("try V.select(Column(\"t\"), as: String.self).order(Column(\"id\").desc).fetchAll(db)")
        for text in cases {
            let plan = try session.requestResult(text, fetch: false).plan
            let direct = try XCTUnwrap(try directJSON(session, plan), "\(text): read directly")
            XCTAssertEqual(direct, try grdbJSON(session, plan), text)
            XCTAssertEqual(try directJSON(session, plan, lines: true), try grdbJSON(session, plan, lines: true), text)
        }
    }

    /// `fetchSet` keeps GRDB's equality, dates are parsed by GRDB: left to GRDB.
    func testSetsAndParsedTypesAreLeftToGRDB() throws {
        let session = try XCTUnwrap(session)
        for text in [
            "try String.fetchSet(db, sql: \"SELECT t FROM v\")",
            "try Date?.fetchAll(db, sql: \"SELECT NULL\")",
            "try UUID?.fetchAll(db, sql: \"SELECT NULL\")",
        ] {
            let plan = try session.requestResult(text, fetch: false).plan
            XCTAssertNil(try directJSON(session, plan), text)
        }
    }

    /// A value that became unconvertible after the first pass (another process wrote)
    /// fails the statement, as GRDB's second conversion would, never prints `null`.
    func testAValueThatChangedAfterTheCheckFails() throws {
        let session = try XCTUnwrap(session)
        var plan = try session.requestResult(
            "try String?.fetchAll(db, sql: \"SELECT x FROM n ORDER BY id\")", fetch: false
        )
        .plan
        plan.valueType = FetchedValueType(name: "String", isOptional: false)
        XCTAssertThrowsError(try directJSON(session, plan)) { error in
            XCTAssertTrue("\(error)".contains("row 1 can no longer be converted to `String`"), "\(error)")
        }
    }
}
