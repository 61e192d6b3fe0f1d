import ArborCore
import XCTest

/// A value whose fields share one reference keeps value semantics: a changed copy leaves
/// the others as they were, and equal fields are equal values.
final class CopyOnWriteTests: XCTestCase {
    struct Fields: Sendable, Hashable {
        var name: String
        var columns: [String]
    }

    func testAChangedCopyLeavesTheOriginal() {
        let original = CopyOnWrite(Fields(name: "book", columns: ["id"]))
        var copy = original
        copy.fields.columns.append("title")
        copy.fields.name = "novel"
        XCTAssertEqual(original.fields, Fields(name: "book", columns: ["id"]))
        XCTAssertEqual(copy.fields, Fields(name: "novel", columns: ["id", "title"]))
        XCTAssertNotEqual(original, copy)
    }

    func testEqualFieldsAreEqualValues() {
        let one = CopyOnWrite(Fields(name: "book", columns: ["id"]))
        let other = CopyOnWrite(Fields(name: "book", columns: ["id"]))
        XCTAssertEqual(one, other)
        XCTAssertEqual(Set([one, other]).count, 1)
    }

    func testATableKeepsValueSemantics() {
        let table = TableInfo(
            name: "book", kind: .table, isWithoutRowID: false, columns: [], primaryKey: ["id"], foreignKeys: [],
            uniqueIndexes: [], sql: nil)
        var changed = table
        changed.primaryKey = ["isbn"]
        XCTAssertEqual(table.primaryKey, ["id"])
        XCTAssertEqual(changed.primaryKey, ["isbn"])
        XCTAssertNotEqual(table, changed)
    }
}
