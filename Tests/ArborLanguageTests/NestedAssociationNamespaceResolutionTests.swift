import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A chat app's models, shaped like xxfoundation/elixxir-Client-iOS-Database's: each
// record type keeps its associations in a nested `enum Relations`, where Swift finds
// `belongsTo` and `hasMany` on the enclosing record type, and writes each foreign key
// as `.init([…], to: […])`, which Swift reads as `ForeignKey` (the type of `using:`).
private struct Person: TableRecord {
    static let databaseTableName = "person"
    enum Column: String, ColumnExpression { case id, name }
}
private struct Club: TableRecord {
    static let databaseTableName = "club"
    enum Column: String, ColumnExpression { case id, name, ownerId }
    enum Relations {
        static let owner = belongsTo(Person.self, using: .init([Column.ownerId], to: [Person.Column.id]))
        static let memberships = hasMany(
            Membership.self, using: .init([Membership.Column.clubId], to: [Column.id]))
        static let members = hasMany(Person.self, through: memberships, using: Membership.Relations.person)
    }
}
private struct Membership: TableRecord {
    static let databaseTableName = "membership"
    enum Column: String, ColumnExpression { case clubId, personId }
    enum Relations {
        static let person = belongsTo(Person.self, using: .init([Column.personId], to: [Person.Column.id]))
    }
}

/// Associations kept in a namespace nested in their record type load without notes,
/// are named through that namespace, and give GRDB's SQL.
final class NestedAssociationNamespaceResolutionTests: XCTestCase {
    static let models = """
        struct Person: TableRecord {
            static let databaseTableName = "person"
            enum Column: String, ColumnExpression { case id, name }
        }
        struct Club: TableRecord {
            static let databaseTableName = "club"
            enum Column: String, ColumnExpression { case id, name, ownerId }
            enum Relations {
                static let owner = belongsTo(Person.self, using: .init([Column.ownerId], to: [Person.Column.id]))
                static let memberships = hasMany(
                    Membership.self, using: .init([Membership.Column.clubId], to: [Column.id]))
                static let members = hasMany(Person.self, through: memberships, using: Membership.Relations.person)
            }
        }
        struct Membership: TableRecord {
            static let databaseTableName = "membership"
            enum Column: String, ColumnExpression { case clubId, personId }
            enum Relations {
                static let person = belongsTo(Person.self, using: .init([Column.personId], to: [Person.Column.id]))
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        try LanguageHarness(
            schema: """
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE club (id INTEGER PRIMARY KEY, name TEXT NOT NULL, ownerId INTEGER NOT NULL);
                CREATE TABLE membership (clubId INTEGER NOT NULL, personId INTEGER NOT NULL);
                INSERT INTO person VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Linus');
                INSERT INTO club VALUES (1, 'Chess', 1), (2, 'Go', 2);
                INSERT INTO membership VALUES (1, 2), (1, 3), (2, 1);
                """)
    }

    func testTheNestedNamespaceLoadsWithoutNotesOrErrors() throws {
        let harness = try makeHarness()
        // Pasted at the prompt: one statement of declarations, which gives no value.
        XCTAssertEqual(Parser.parse(Self.models).statements.count, 1)
        XCTAssertNil(try harness.run(Self.models))
        XCTAssertEqual(harness.resolution.diagnostics.map(\.error.message), [])
        XCTAssertEqual(
            harness.resolution.entries.filter { $0.kind == .association }.map(\.name).sorted(),
            [
                "Club.Relations.members", "Club.Relations.memberships", "Club.Relations.owner",
                "Membership.Relations.person",
            ])
    }

    func testRequestsThroughTheNamespaceGiveGRDBsSQL() throws {
        let harness = try makeHarness()
        try harness.run(Self.models)
        func row<T>(_ request: QueryInterfaceRequest<T>) -> QueryInterfaceRequest<Row> {
            request.asRequest(of: Row.self)
        }
        let cases: [(text: String, grdb: QueryInterfaceRequest<Row>, rows: Int)] = [
            ("Club.including(required: Club.Relations.owner)", row(Club.including(required: Club.Relations.owner)), 2),
            (
                "Club.joining(required: Club.Relations.members.filter(Person.Column.name == \"Linus\"))",
                row(Club.joining(required: Club.Relations.members.filter(Person.Column.name == "Linus"))), 1
            ),
            (
                "Membership.including(required: Membership.Relations.person).order(Membership.Column.personId)",
                row(Membership.including(required: Membership.Relations.person).order(Membership.Column.personId)), 3
            ),
        ]
        for (text, grdb, count) in cases {
            // GRDB's main statement, arguments inlined as arbor shows them.
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(grdb), text)
            XCTAssertEqual(try harness.rowCount(text), count, text)
        }
    }

    func testAnImplicitInitThatIsNoForeignKeyStaysALocatedError() throws {
        let harness = try makeHarness()
        let error = harness.lastError(
            """
            struct Club: TableRecord {
                static let databaseTableName = "club"
                static let owner = belongsTo(Person.self, using: .init(name: "x"))
            }
            Club.including(required: Club.owner)
            """)
        guard let error else { return XCTFail("the request ran") }
        XCTAssertNotNil(error.range)
        XCTAssertTrue(error.message.contains("owner"), error.message)
    }
}
