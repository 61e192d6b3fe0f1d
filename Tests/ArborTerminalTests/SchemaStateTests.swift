import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// The schema pane works out a table's associations when the table is opened,
/// not for every table at start and after every request.
final class SchemaStateTests: XCTestCase {
    func testAssociationsAreReadWhenATableIsOpened() throws {
        let session = try Session(path: nil)
        var schema = SchemaState(environment: session.environment)
        XCTAssertFalse(schema.tables.contains { $0.hasAssociations }, "none read at start")
        guard let author = schema.tables.firstIndex(where: { $0.name == "author" }) else { return XCTFail() }
        schema.selected = schema.lines.firstIndex(of: .table(author)) ?? 0
        schema.toggle(height: 20)
        XCTAssertEqual(schema.tables.filter(\.hasAssociations).map(\.name), ["author"])
        XCTAssertTrue(schema.tables[author].associations.contains { $0.name == "books" })
        XCTAssertTrue(schema.lines.contains(.association(table: author, index: 0)))
        // A new environment keeps the open table's associations and reads no others.
        schema.update(environment: session.environment)
        XCTAssertEqual(schema.tables.filter(\.hasAssociations).map(\.name), ["author"])
        XCTAssertTrue(schema.tables[author].associations.contains { $0.name == "books" })
    }

    /// Choosing an association whose name is not an identifier inserts it in backticks.
    func testOddAssociationNamesAreInsertedInBackticks() throws {
        let path = try Fixtures.database(
            """
            CREATE TABLE "x.y" (id INTEGER PRIMARY KEY);
            CREATE TABLE z (id INTEGER PRIMARY KEY, "a.bId" INTEGER REFERENCES "x.y"(id));
            """)
        var schema = SchemaState(environment: try Session(path: path).environment)
        guard let z = schema.tables.firstIndex(where: { $0.name == "z" }) else { return XCTFail() }
        schema.selected = schema.lines.firstIndex(of: .table(z)) ?? 0
        schema.toggle(height: 20)
        schema.selected = try XCTUnwrap(schema.lines.firstIndex(of: .association(table: z, index: 0)))
        XCTAssertEqual(schema.insertion, "Z.`a.b`")
    }
}
