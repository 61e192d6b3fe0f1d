import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

private struct Person: TableRecord {
    static let databaseTableName = "person"
    enum Columns {
        static let name = Column("name")
        static let info = JSONColumn("info")
    }
}

/// GRDB's JSON API (`Database.json…`, `JSONColumn`, `asJSON`, the JSON subscript and
/// `jsonExtract`/`jsonRepresentation`), each giving the SQL of the same Swift compiled
/// against GRDB here, and refused where GRDB does not compile it.
final class JSONParityResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, info TEXT);
        INSERT INTO person VALUES (1, 'Arthur', 10, '{"city":"Paris","tags":["a","b"]}');
        INSERT INTO person VALUES (2, 'Barbara', 0, '{"city":"Berlin"}');
        """
    static let app = """
        struct Person: TableRecord {
            enum Columns {
                static let name = Column("name")
                static let info = JSONColumn("info")
            }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.app).map(\.error.message), [])
        return harness
    }

    func testDatabaseFunctionsGiveGRDBsSQL() throws {
        let harness = try harness()
        let info = Column("info")
        let cases: [(String, SQLExpression)] = [
            (#"Database.json(Column("info"))"#, Database.json(info)),
            (
                #"Database.jsonArray([1, "2", Column("info"), JSONColumn("info")])"#,
                Database.jsonArray([1, "2", info, JSONColumn("info")] as [any SQLExpressible])
            ),
            ("Database.jsonArray(1...3)", Database.jsonArray(1...3)),
            ("Database.jsonArray(1..<3)", Database.jsonArray(1..<3)),
            (
                #"Database.jsonArrayLength(Column("info"), atPath: "$.tags")"#,
                Database.jsonArrayLength(info, atPath: "$.tags")
            ),
            (#"Database.jsonExtract(Column("info"), atPath: "$.city")"#, Database.jsonExtract(info, atPath: "$.city")),
            (
                #"Database.jsonExtract(Column("info"), atPaths: ["$.city", "$.tags"])"#,
                Database.jsonExtract(info, atPaths: ["$.city", "$.tags"])
            ),
            (
                #"Database.jsonInsert(Column("info"), ["$.x": JSONColumn("info")])"#,
                Database.jsonInsert(info, ["$.x": JSONColumn("info")])
            ),
            (
                #"Database.jsonReplace(Column("info"), ["$.city": "Rome"])"#,
                Database.jsonReplace(info, ["$.city": "Rome"])
            ),
            (
                #"Database.jsonSet(Column("info"), ["$.n": Column("score")])"#,
                Database.jsonSet(info, ["$.n": Column("score")])
            ),
            (
                #"Database.jsonObject(["n": Column("name"), "i": Column("info").asJSON])"#,
                Database.jsonObject(
                    KeyValuePairs<String, any SQLExpressible>(
                        dictionaryLiteral: ("n", Column("name")), ("i", info.asJSON)))
            ),
            (##"Database.jsonPatch(Column("info"), with: #"{"a":1}"#)"##, Database.jsonPatch(info, with: #"{"a":1}"#)),
            (
                #"Database.jsonRemove(Column("info"), atPaths: ["$.a", "$.b"])"#,
                Database.jsonRemove(info, atPaths: ["$.a", "$.b"])
            ),
            (#"Database.jsonType(Column("info"), atPath: "$.tags")"#, Database.jsonType(info, atPath: "$.tags")),
            (#"Database.jsonIsValid(Column("info"))"#, Database.jsonIsValid(info)),
            (#"Database.jsonQuote(JSONColumn("info"))"#, Database.jsonQuote(JSONColumn("info"))),
        ]
        for (text, expression) in cases {
            XCTAssertEqual(
                try harness.sql("Person.select(\(text))"), try harness.grdbSQL(Person.select(expression)), text)
        }
    }

    func testJSONAggregatesTakeAFilter() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Person.select(Database.jsonGroupArray(Column("name"), filter: Column("score") > 0))"#),
            try harness.grdbSQL(Person.select(Database.jsonGroupArray(Column("name"), filter: Column("score") > 0))))
        XCTAssertEqual(
            try harness.sql(#"Person.select { Database.jsonGroupObject(key: $0.name, value: $0.info) }"#),
            try harness.grdbSQL(
                Person.select(Database.jsonGroupObject(key: Person.Columns.name, value: Person.Columns.info))))
    }

    func testJSONExpressionsHaveTheSubscriptAndPathMethods() throws {
        let harness = try harness()
        let info = JSONColumn("info")
        XCTAssertEqual(
            try harness.sql(#"Person.filter(JSONColumn("info")["city"] == "Paris")"#),
            try harness.grdbSQL(Person.filter(info["city"] == "Paris")))
        XCTAssertEqual(
            try harness.sql(#"Person.select(Column("info").asJSON.jsonRepresentation(atPath: "tags"))"#),
            try harness.grdbSQL(Person.select(Column("info").asJSON.jsonRepresentation(atPath: "tags"))))
        XCTAssertEqual(
            try harness.sql(#"Person.select(JSONColumn("info").jsonExtract(atPaths: ["$.city", "$.tags"]))"#),
            try harness.grdbSQL(Person.select(info.jsonExtract(atPaths: ["$.city", "$.tags"]))))
        // `$0.info` is the type's `Columns.info`, a `JSONColumn`: JSON there, as in GRDB.
        XCTAssertEqual(
            try harness.sql(
                #"Person.filter { $0.info["city"] == "Berlin" }.order { $0.info.jsonExtract(atPath: "$.city") }"#),
            try harness.grdbSQL(
                Person.filter(info["city"] == "Berlin").order(info.jsonExtract(atPath: "$.city"))))
        XCTAssertEqual(try harness.rowCount(#"Person.filter { $0.info["city"] == "Berlin" }"#), 1)
    }

    func testWhatGRDBDoesNotCompileIsRefused() throws {
        let harness = try harness()
        // A plain column is no JSON expression: GRDB has no subscript or `jsonExtract(atPath:)` there.
        XCTAssertEqual(
            harness.error(#"Person.select(Column("info")["city"])"#)?.message,
            "only a table alias or a JSON expression can be subscripted: GRDB's JSON subscript is a member of JSON expressions (`SQLJSONExpressible`)"
        )
        XCTAssertEqual(
            harness.error(#"Person.select { $0.name.jsonExtract(atPath: "$.a") }"#)?.message,
            "an expression has no method `jsonExtract`: GRDB offers it on JSON expressions only (`SQLJSONExpressible`)")
        // GRDB's JSON functions return plain expressions.
        XCTAssertNotNil(harness.error(#"Person.select(Database.json(Column("info"))["a"])"#))
        // Declared for custom SQLite builds only.
        XCTAssertEqual(
            harness.error(#"Person.select(Database.jsonErrorPosition(Column("info")))"#)?.message,
            "type 'Database' has no member 'jsonErrorPosition': GRDB declares it only when built with a custom SQLite (GRDBCUSTOMSQLITE or SQLCipher)"
        )
        XCTAssertNotNil(
            harness.error(#"Person.select(Database.jsonGroupArray(Column("name"), orderBy: Column("name")))"#))
        // Swift stops the app on these.
        XCTAssertEqual(
            harness.error(#"Person.select(Database.jsonObject(["a": 1, "a": 2]))"#)?.message,
            "the dictionary literal has the key \"a\" twice: Swift stops on it (Fatal error: Dictionary literal contains duplicate keys)"
        )
        XCTAssertEqual(
            harness.error(#"Person.select(Database.jsonArray(3...1))"#)?.message,
            "Fatal error: Range requires lowerBound <= upperBound (Swift stops the app here)")
        // A huge range is not expanded.
        XCTAssertEqual(
            harness.error(#"Person.select(Database.jsonArray(1...9_000_000_000_000))"#)?.message,
            "`jsonArray` takes at most 1000 values from a range here: SQLite refuses a function of that many arguments")
        // Columns are checked against the table.
        XCTAssertEqual(
            harness.error(#"Person.select { Database.jsonArray([$0.nmae]) }"#)?.message,
            "table `person` has no column `nmae`")
    }

    func testAnAppsOwnDatabaseTypeIsNotGRDBs() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        _ = harness.load("enum Database { static let json = 1 }")
        XCTAssertNotEqual(
            harness.error(#"Person.select(Database.json(Column("info")))"#)?.message.hasPrefix("type 'Database'"), true)
    }

    func testJSONMembersAreCompletedOnJSONExpressionsOnly() throws {
        let harness = try harness()
        func texts(_ text: String) -> [String] {
            Completer.complete(text, cursor: text.utf8.count, environment: harness.evaluator.environment)
                .candidates.map(\.text)
        }
        let json = texts(#"Person.select(JSONColumn("info")."#)
        XCTAssertTrue(json.contains("jsonExtract") && json.contains("jsonRepresentation"), "\(json)")
        // The expression's own members too; the subscript is written, never completed.
        XCTAssertTrue(json.contains("desc") && json.contains("asJSON"), "\(json)")
        XCTAssertFalse(json.contains("subscript"))
        let plain = texts(#"Person.select(Column("info")."#)
        XCTAssertFalse(plain.contains("jsonExtract"), "\(plain)")
        XCTAssertTrue(plain.contains("asJSON"), "\(plain)")
    }
}
