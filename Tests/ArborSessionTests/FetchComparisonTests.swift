import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

/// A fetched count or record compared in Swift gives the Bool Swift gives, after the
/// fetch GRDB runs; what Swift would not compile is refused.
final class FetchComparisonTests: XCTestCase {
    /// The Bool and the statement of the last statement of `text`.
    func answer(_ session: Session, _ text: String) throws -> (Bool, String) {
        let outcome = session.run(text).last
        guard case .boolean(let answer, let sql)? = outcome else {
            throw ArborError("`\(text)` gave \(String(describing: outcome)), not a Bool")
        }
        return (answer, sql)
    }

    func testACountComparesWithAnIntegerEitherWay() throws {
        let session = try DemoSession.make()
        let count = try session.database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book WHERE year > 2000") ?? 0
        }
        XCTAssertGreaterThan(count, 1)
        let (isZero, sql) = try answer(session, #"try Book.filter(Column("year") > 2000).fetchCount(db) == 0"#)
        XCTAssertFalse(isZero)
        XCTAssertEqual(sql, #"SELECT COUNT(*) FROM "book" WHERE "year" > 2000"#)
        XCTAssertEqual(
            try answer(session, #"try Book.filter(Column("year") > 2000).fetchCount(db) >= \#(count)"#).0, true)
        XCTAssertEqual(
            try answer(session, #"try Book.filter(Column("year") > 2000).fetchCount(db) > \#(count)"#).0, false)
        // The integer on the left: `1 < n` is `n > 1`.
        XCTAssertEqual(try answer(session, #"1 < (try Book.filter(Column("year") > 2000).fetchCount(db))"#).0, true)
        XCTAssertEqual(
            try answer(session, #"\#(count) != (try Book.filter(Column("year") > 2000).fetchCount(db))"#).0, false)
    }

    func testARecordComparesWithNil() throws {
        let session = try DemoSession.make()
        let (found, sql) = try answer(session, "try Book.fetchOne(db, id: 1) != nil")
        XCTAssertTrue(found)
        XCTAssertEqual(sql, #"SELECT * FROM "book" WHERE "id" = 1"#)
        XCTAssertEqual(try answer(session, "try Book.fetchOne(db, id: -1) == nil").0, true)
        XCTAssertEqual(try answer(session, #"try Book.filter(Column("year") > 3000).fetchOne(db) != nil"#).0, false)
    }

    func testWhatSwiftDoesNotCompileIsRefused() throws {
        let session = try DemoSession.make()
        XCTAssertEqual(
            try session.failure(#"try Book.fetchCount(db) == "many""#).first?.message,
            "a count (`Int`) compares with an integer, not an expression")
        XCTAssertEqual(
            try session.failure("try Book.fetchOne(db, id: 1) == 1").first?.message,
            "a fetched record is compared here with `nil` only, as in `try Player.fetchOne(db, id: 1) != nil`")
        XCTAssertEqual(
            try session.failure("try Book.fetchCount(db) == (try Author.fetchCount(db))").first?.message,
            "arbor compares a fetched result with a value, not with another fetch")
        XCTAssertEqual(
            try session.failure("try Book.fetchAll(db) == nil").first?.message,
            "arbor compares a fetched count (`fetchCount`) or record (`fetchOne`), not this fetch")
    }
}
