import ArborSession
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
}
