import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A market app's ordering, shaped like horizontalsystems/MarketKit.Swift's: raw SQL
// written as a Swift string that interpolates the table name and `Columns` cases.
private struct Token: TableRecord {
    static let databaseTableName = "token"
    enum Columns: String, ColumnExpression {
        case name
        case rank = "market_rank"
    }
    enum Kind: String {
        case native
        case wrapped = "erc20"
    }

    static func ranked() -> QueryInterfaceRequest<Token> {
        order(
            literal: SQL(
                sql: "CASE WHEN \(databaseTableName).\(Columns.rank) IS NULL THEN 1 ELSE 0 END, \(Columns.name)"))
    }
    static func ofKind() -> QueryInterfaceRequest<Token> {
        filter(sql: "kind = '\(Kind.wrapped)'")
    }
}

/// In a Swift `String`, an enum case interpolates as Swift describes it: its name, for a
/// `Columns` case as for any other case (not its raw value).
final class StringEnumCaseInterpolationResolutionTests: XCTestCase {
    static let model = #"""
        import GRDB

        struct Token: TableRecord {
            static let databaseTableName = "token"
            enum Columns: String, ColumnExpression {
                case name
                case rank = "market_rank"
            }
            enum Kind: String { case native, wrapped = "erc20" }

            static func ranked() -> QueryInterfaceRequest<Token> {
                order(
                    literal: SQL(
                        sql: "CASE WHEN \(databaseTableName).\(Columns.rank) IS NULL THEN 1 ELSE 0 END, \(Columns.name)"))
            }
            static func ofKind() -> QueryInterfaceRequest<Token> {
                filter(sql: "kind = '\(Kind.wrapped)'")
            }
        }
        """#

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE token (id INTEGER PRIMARY KEY, name TEXT, market_rank INTEGER, rank INTEGER, kind TEXT);
                INSERT INTO token VALUES (1, 'a', 2, NULL, 'wrapped'), (2, 'b', NULL, 1, 'erc20');
                """)
        XCTAssertEqual(harness.load(Self.model, name: "Token.swift").map(\.error.message), [])
        return harness
    }

    func testCasesInterpolateAsSwiftDescribesThem() throws {
        XCTAssertEqual("\(Token.Columns.rank)", "rank")
        let harness = try makeHarness()
        XCTAssertEqual(try harness.sql("Token.ranked()"), try harness.grdbSQL(Token.ranked()))
        XCTAssertEqual(try harness.sql("Token.ofKind()"), try harness.grdbSQL(Token.ofKind()))
        XCTAssertEqual(try harness.rowCount("Token.ofKind()"), 1)
        XCTAssertEqual(
            try harness.sql(#"Token.order(literal: SQL(sql: "\(Token.Columns.name) DESC"))"#),
            try harness.grdbSQL(Token.order(literal: SQL(sql: "\(Token.Columns.name) DESC"))))
    }

    func testAColumnValueIsStillRefusedInASwiftString() throws {
        let harness = try makeHarness()
        let error = try XCTUnwrap(harness.error(#"Token.filter(sql: "\(Column("name")) = 1")"#))
        XCTAssertTrue(error.message.hasPrefix("in a `String`, arbor interpolates"), error.message)
    }
}
