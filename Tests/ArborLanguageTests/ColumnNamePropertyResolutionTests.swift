import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A podcast app's models, shaped like jubishop/podhaven's and angelocarasig/aletheia's:
// a column's `name` (GRDB's `ColumnExpression.name`) spells a foreign key and a static
// string, from a `Columns` enum of `Column`s and from a `ColumnExpression` enum.
private struct Show: TableRecord {
    static let databaseTableName = "show"
}
private struct Episode: TableRecord {
    static let databaseTableName = "episode"
    enum Columns {
        static let showId = Column("showId")
        static let hostId = Column("hostId")
    }
    enum Keys: String, ColumnExpression { case guestId }
    static let show = belongsTo(Show.self, key: "show", using: ForeignKey([Columns.showId.name]))
    static let host = belongsTo(Show.self, key: "host", using: ForeignKey([Columns.hostId.name]))
    static let guest = belongsTo(Show.self, key: "guest", using: ForeignKey([Keys.guestId.name]))
    static let parentIdColumnName = Columns.showId.name
}

/// `Columns.x.name` is the column's name as a string, wherever the app writes it.
final class ColumnNamePropertyResolutionTests: XCTestCase {
    static let models = """
        struct Show: TableRecord {
            static let databaseTableName = "show"
        }
        struct Episode: TableRecord {
            static let databaseTableName = "episode"
            enum Columns {
                static let showId = Column("showId")
                static let hostId = Column("hostId")
            }
            enum Keys: String, ColumnExpression { case guestId }
            static let show = belongsTo(Show.self, key: "show", using: ForeignKey([Columns.showId.name]))
            static let host = belongsTo(Show.self, key: "host", using: ForeignKey([Columns.hostId.name]))
            static let guest = belongsTo(Show.self, key: "guest", using: ForeignKey([Keys.guestId.name]))
            static let parentIdColumnName = Columns.showId.name
        }
        """

    func makeHarness() throws -> LanguageHarness {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                CREATE TABLE episode (id INTEGER PRIMARY KEY, showId INTEGER NOT NULL, hostId INTEGER, guestId INTEGER);
                INSERT INTO show VALUES (1, 'ATP'), (2, 'Rebuild');
                INSERT INTO episode VALUES (1, 1, 2, NULL), (2, 2, 2, 1);
                """)
        try harness.run(Self.models)
        return harness
    }

    func testTheNameIsTheColumnsNameAsAString() throws {
        let harness = try makeHarness()
        XCTAssertEqual(harness.resolution.diagnostics.map(\.error.message), [])
        let value = try harness.run("Episode.parentIdColumnName")
        guard case .expression(.value(let name))? = value else { return XCTFail("\(String(describing: value))") }
        XCTAssertEqual(name, .text(Episode.parentIdColumnName))
    }

    func testForeignKeysSpelledWithNamesGiveGRDBsSQL() throws {
        let harness = try makeHarness()
        let grdb = Episode.including(required: Episode.show).including(optional: Episode.host)
            .including(optional: Episode.guest)
        let text =
            "Episode.including(required: Episode.show).including(optional: Episode.host).including(optional: Episode.guest)"
        XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(grdb.asRequest(of: Row.self)))
        XCTAssertEqual(try harness.rowCount(text), 2)
    }

    func testAnAliasedColumnHasNoNameProperty() throws {
        let harness = try makeHarness()
        guard let error = harness.error("TableAlias()[Column(\"showId\")].name") else {
            return XCTFail("an aliased column is an SQL expression, which has no `name` in GRDB")
        }
        XCTAssertEqual(error.message, "an expression has no property `name`")
        XCTAssertNotNil(error.range)
    }
}
