import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// A record that encodes itself by hand (`encode(to container:)`, as GRDB's own
/// tests write them) gives `request(for:)` the columns it writes.
final class RecordValueEncodingTests: XCTestCase {
    func testHandWrittenEncodingGivesTheRecordsColumns() throws {
        let session = try Session(
            path: TemporaryDatabase.make(
                """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parents(id));
                """))
        _ = session.run(
            """
            struct Child: TableRecord, EncodableRecord {
                static let databaseTableName = "children"
                var parentID: Int?
                func encode(to container: inout PersistenceContainer) {
                    container["parentId"] = parentID
                }
                static let parent = belongsTo(Parent.self)
            }
            struct Parent: TableRecord, EncodableRecord {
                static let databaseTableName = "parents"
                func encode(to container: inout PersistenceContainer) {
                    container["id"] = 2
                }
                static let children = hasMany(Child.self)
            }
            """)
        func sql(_ text: String) -> String? {
            guard case .rows(let result)? = session.run(text, fetch: false).last else { return nil }
            return result.mainSQL
        }
        XCTAssertEqual(
            sql("Child(parentID: 1).request(for: Child.parent)"), "SELECT * FROM \"parents\" WHERE \"id\" = 1")
        XCTAssertEqual(sql("Child(parentID: nil).request(for: Child.parent)"), "SELECT * FROM \"parents\" WHERE 0")
        XCTAssertEqual(
            sql("Parent().request(for: Parent.children)"), "SELECT * FROM \"children\" WHERE \"parentId\" = 2")
    }
}
