import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// `select(_:as:)` makes GRDB's `QueryInterfaceRequest<T>`: its rows are values
/// converted by GRDB, and a value GRDB can not convert fails the fetch as in the
/// app (it was shown as raw rows: an average as `Int` kept its fraction, an id as
/// `String` stayed a number, a NULL as `String` printed a row).
final class SelectAsTypeTests: XCTestCase {
    /// Arbor's values for `text`, and GRDB's fetched by `grdb` on the same database (with
    /// the concrete type, as the app calls it: `String` has GRDB's fast path).
    func assertSameValues(
        _ text: String, file: StaticString = #filePath, line: UInt = #line,
        _ grdb: (Database) throws -> [DatabaseValue]
    ) throws {
        let session = try DemoSession.make()
        let result = try session.requestResult(text)
        let expected = try session.database.read(grdb)
        XCTAssertEqual(result.rows.map { $0.values.first ?? .null }, expected, text, file: file, line: line)
        XCTAssertFalse(expected.isEmpty, file: file, line: line)
    }

    func testValuesAreGRDBsConversions() throws {
        let book = Table("book")
        try assertSameValues(#"try Book.select(Column("title"), as: String.self).order(Column("id")).fetchAll(db)"#) {
            try book.select(Column("title"), as: String.self).order(Column("id")).fetchAll($0).map(\.databaseValue)
        }
        // Numbers as `String` are GRDB's strings (SQLite's text of the number).
        try assertSameValues(
            #"try Book.select(Column("id"), as: String.self).order(Column("id")).limit(3).fetchAll(db)"#
        ) {
            try book.select(Column("id"), as: String.self).order(Column("id")).limit(3).fetchAll($0)
                .map(\.databaseValue)
        }
        // A real as `Int` is truncated as GRDB converts it.
        try assertSameValues(#"try Book.select(average(Column("id")), as: Int.self).fetchOne(db)"#) { db in
            [try book.select(average(Column("id")), as: Int.self).fetchOne(db)?.databaseValue ?? .null]
        }
        try assertSameValues(#"try Book.select(Column("year"), as: Int?.self).order(Column("id")).fetchAll(db)"#) {
            try book.select(Column("year"), as: Int?.self).order(Column("id")).fetchAll($0).map {
                $0?.databaseValue ?? .null
            }
        }
        let truncated = try DemoSession.make().requestResult(
            #"try Book.select(average(Column("id")), as: Int.self).fetchOne(db)"#)
        // AVG(id) of books 1…390 is 195.5.
        XCTAssertEqual(truncated.rows.first?.values.first?.storage, .int64(195))
        let ids = try DemoSession.make().requestResult(
            #"try Book.select(Column("id"), as: String.self).order(Column("id")).limit(1).fetchAll(db)"#)
        XCTAssertEqual(ids.rows.first?.values.first?.storage, .string("1"))
    }

    func testANullAsANonOptionalFailsAsInTheApp() throws {
        let session = try DemoSession.make()
        let text = #"try Book.select(Column("year"), as: Int.self).fetchAll(db)"#
        let errors = try session.failure(text)
        let grdb = try session.database.read { db -> String in
            do {
                _ = try Table("book").select(Column("year"), as: Int.self).fetchAll(db)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertNotEqual(grdb, "no error")
        XCTAssertEqual(errors.map(\.message), [grdb])
    }

    func testRowAndTheAppsTypeAreAccepted() throws {
        let session = try DemoSession.make()
        XCTAssertEqual(
            try session.requestResult(#"Book.select(Column("title"), as: Row.self).limit(1)"#).rows.first?.names,
            ["title"])
        let errors = try session.failure(#"Book.select(Column("title"), as: Nothing.self)"#)
        XCTAssertEqual(
            errors.map(\.message),
            ["`as:` takes `Row`, a value type such as `String` or `Int?`, or a Decodable type of the app"])
    }
}
