import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// Dictionaries as Swift values: a key dictionary a record type's static helper returns, a
/// `Columns` case's `rawValue` as a key, subscripts and properties with Swift's answers, a
/// duplicate literal key stopping as Swift stops. Key dictionaries compared with the same
/// Swift compiled against GRDB here, which orders their columns by the table's primary key.
final class DictionaryValueResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE content(noteId TEXT NOT NULL, key TEXT NOT NULL, body TEXT, PRIMARY KEY(noteId, key));
        """

    // Modelled on a notes app: a composite primary key, a `Columns` enum of raw `String`s, a
    // static helper returning the key, and an overload of `fetchOne(_:key:)` taking the app's
    // own key type (which Swift does not pick for a dictionary).
    static let appCode = """
        struct ContentKey { var noteId: String; var key: String }
        struct Content: Codable, FetchableRecord, TableRecord {
            var noteId: String
            var key: String
            var body: String?
            enum Columns: String, ColumnExpression { case noteId, key, body }
            static func primaryKey(noteId: String, key: String) -> [String: DatabaseValueConvertible] {
                [Columns.key.rawValue: key, Columns.noteId.rawValue: noteId]
            }
            static func fetchOne(_ db: Database, key: ContentKey) throws -> Content? { nil }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testAStaticHelperReturnsAKeyDictionaryGRDBOrdersByThePrimaryKey() throws {
        let harness = try harness()
        let (_, statements) = try harness.traced { db in
            try Content.fetchOne(db, key: Content.primaryKey(noteId: "n1", key: "k1"))
        }
        XCTAssertEqual(
            try harness.sql(#"try Content.fetchOne(db, key: Content.primaryKey(noteId: "n1", key: "k1"))"#),
            statements.first)
        XCTAssertEqual(
            try harness.sql(#"Content.filter(key: Content.primaryKey(noteId: "n1", key: "k1"))"#),
            try harness.grdbSQL(Content.filter(key: Content.primaryKey(noteId: "n1", key: "k1"))))
    }

    func testAColumnsCaseRawValueIsAKey() throws {
        let harness = try harness()
        let key: [String: (any DatabaseValueConvertible)?] = [
            Content.Columns.noteId.rawValue: "n1", Content.Columns.key.rawValue: "k1",
        ]
        XCTAssertEqual(
            try harness.sql(
                #"Content.filter(key: [Content.Columns.noteId.rawValue: "n1", Content.Columns.key.rawValue: "k1"])"#),
            try harness.grdbSQL(Content.filter(key: key)))
        guard case .expression(.value(.text(let raw)))? = try harness.run("Content.Columns.body.rawValue") else {
            return XCTFail("no raw value")
        }
        XCTAssertEqual(raw, Content.Columns.body.rawValue)
        // A `Column` has no `rawValue` in GRDB.
        XCTAssertNotNil(harness.error(#"Column("body").rawValue"#))
    }

    func testSubscriptsAndPropertiesGiveSwiftsAnswers() throws {
        let harness = try harness()
        let setup = #"let counts = ["a": 1, "b": 2]"#
        func value(_ text: String) throws -> SQLValue? {
            guard case .expression(.value(let value))? = try harness.run(setup + "\n" + text) else { return nil }
            return value
        }
        let counts = ["a": 1, "b": 2]
        XCTAssertEqual(try value(#"counts["b"]"#), counts["b"].map { .integer(Int64($0)) })
        XCTAssertEqual(try value(#"counts["z"]"#), .null)
        XCTAssertEqual(try value(#"counts["z", default: 7]"#), .integer(Int64(counts["z", default: 7])))
        XCTAssertEqual(try value("counts.count"), .integer(Int64(counts.count)))
        XCTAssertEqual(try value("counts.isEmpty"), .bool(counts.isEmpty))
        XCTAssertEqual(try value("counts.values.reduce(0) { $0 + $1 }"), .integer(Int64(counts.values.reduce(0, +))))
        XCTAssertEqual(try value(#"counts.keys.contains("a")"#), .bool(counts.keys.contains("a")))
        XCTAssertEqual(try value(#"counts.mapValues { $0 * 10 }["b"]"#), .integer(20))
        // Keys of other types: integers, cases of the app's enum.
        XCTAssertEqual(try value(#"[1: "one", 2: "two"][2]"#), .text("two"))
        XCTAssertEqual(try value("[2, 4, 8][1]"), .integer(4))
    }

    func testWhatSwiftRefuses() throws {
        let harness = try harness()
        // Swift compiles a duplicate literal key with a warning, then stops on it.
        let duplicate = try XCTUnwrap(harness.error(#"let d = ["a": 1, "a": 2]"#))
        XCTAssertTrue(duplicate.message.contains("Dictionary literal contains duplicate keys"), duplicate.message)
        XCTAssertEqual(duplicate.range, SourceRange(17, 20))
        // A literal's keys `1` and `1.0` are both the `Double` 1.
        XCTAssertNotNil(harness.error(#"let e = [1: "a", 1.0: "b"]"#))
        XCTAssertEqual(
            harness.error(#"Content.filter(key: [1: "n1"])"#)?.message,
            "cannot convert value of type '[Int : String]' to expected argument type '[String : (any DatabaseValueConvertible)?]'"
        )
        XCTAssertEqual(
            harness.error(#"let d = [Column("a"): 1]"#)?.message,
            "generic struct 'Dictionary' requires that 'Column' conform to 'Hashable'")
        let outOfRange = try XCTUnwrap(harness.error("[1, 2][2]"))
        XCTAssertTrue(outOfRange.message.contains("Index out of range"), outOfRange.message)
    }
}

// The same app code, compiled against GRDB.
private struct ContentKey {
    var noteId: String
    var key: String
}

private struct Content: Codable, FetchableRecord, TableRecord {
    var noteId: String
    var key: String
    var body: String?
    enum Columns: String, ColumnExpression { case noteId, key, body }
    static func primaryKey(noteId: String, key: String) -> [String: DatabaseValueConvertible] {
        [Columns.key.rawValue: key, Columns.noteId.rawValue: noteId]
    }
    static func fetchOne(_ db: Database, key: ContentKey) throws -> Content? { nil }
}
