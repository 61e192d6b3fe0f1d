import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

private struct Author: TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(Book.self, key: "books", using: ForeignKey(["authorId"]))
}
private struct Book: TableRecord { static let databaseTableName = "book" }

/// `fetchCount(db)` shows the statement GRDB runs to count (`SELECT COUNT(*) …`,
/// `COUNT(DISTINCT …)`, or a count of a subquery), not the request's row SELECT.
final class CountSQLParityTests: XCTestCase {
    /// The statements GRDB runs for `body`, arguments inlined.
    private func grdbStatements(_ body: (Database) throws -> Void) throws -> [String] {
        try ParityChecking.session().database.read { db in
            var statements: [String] = []
            db.trace { statements.append($0.expandedDescription) }
            defer { db.trace(options: [], nil) }
            try body(db)
            return statements
        }
    }

    private func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let outcomes = try ParityChecking.session().run(text)
        guard case .count(let count, let sql)? = outcomes.last else {
            return XCTFail("\(text): \(outcomes)", file: file, line: line)
        }
        var grdbCount = 0
        let statements = try grdbStatements { db in grdbCount = try request.fetchCount(db) }
        XCTAssertEqual(statements.count, 1, "\(statements)", file: file, line: line)
        XCTAssertEqual(sql, statements.last, text, file: file, line: line)
        XCTAssertEqual(count, grdbCount, text, file: file, line: line)
    }

    func testTheCountStatementIsGRDBs() throws {
        try assertSame("Author.fetchCount(db)", Author.all())
        try assertSame(
            "Book.filter(Column(\"year\") > 1900).fetchCount(db)", Book.filter(Column("year") > 1900))
        try assertSame(
            "Book.select(Column(\"kind\")).distinct().fetchCount(db)", Book.select(Column("kind")).distinct())
        try assertSame("Book.limit(3).fetchCount(db)", Book.limit(3))
        try assertSame(
            "Author.joining(required: Author.books).fetchCount(db)", Author.joining(required: Author.books))
        try assertSame(
            "Author.annotated(with: Author.books.count).fetchCount(db)",
            Author.annotated(with: Author.books.count))
    }
}
