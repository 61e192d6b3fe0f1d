import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

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
final class ColumnNamePropertyTests: XCTestCase {
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

    func makeSession() throws -> Session {
        let session = try Session(
            path: TemporaryDatabase.make(
                """
                CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                CREATE TABLE episode (id INTEGER PRIMARY KEY, showId INTEGER NOT NULL, hostId INTEGER, guestId INTEGER);
                INSERT INTO show VALUES (1, 'ATP'), (2, 'Rebuild');
                INSERT INTO episode VALUES (1, 1, 2, NULL), (2, 2, 2, 1);
                """))
        _ = session.run(Self.models)
        return session
    }

    func testTheNameIsTheColumnsNameAsAString() throws {
        let session = try makeSession()
        XCTAssertEqual(session.resolution.diagnostics.map(\.error.message), [])
        guard case .description(let text)? = session.run("Episode.parentIdColumnName").last else {
            return XCTFail("\(session.run("Episode.parentIdColumnName"))")
        }
        XCTAssertEqual(text, "\"\(Episode.parentIdColumnName)\"")
    }

    func testForeignKeysSpelledWithNamesGiveGRDBsSQL() throws {
        let session = try makeSession()
        let grdb = Episode.including(required: Episode.show).including(optional: Episode.host)
            .including(optional: Episode.guest)
        let text =
            "Episode.including(required: Episode.show).including(optional: Episode.host).including(optional: Episode.guest)"
        let expected = try ParityChecking.grdbSQL(grdb.asRequest(of: Row.self), in: session.database)
        let result = try session.requestResult(text)
        XCTAssertEqual(result.statements.first?.sql, expected)
        XCTAssertEqual(result.rows.count, 2)
    }

    func testAnAliasedColumnHasNoNameProperty() throws {
        let session = try makeSession()
        guard case .failure(let errors, _)? = session.run("TableAlias()[Column(\"showId\")].name").last else {
            return XCTFail("an aliased column is an SQL expression, which has no `name` in GRDB")
        }
        XCTAssertEqual(errors.first?.message, "an expression has no property `name`")
        XCTAssertNotNil(errors.first?.range)
    }
}
