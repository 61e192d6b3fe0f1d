import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// Forms a review found mishandled: what is skipped or cast never swallows what
/// follows, a value fetch of a request that prefetches never reaches GRDB's
/// cursor trap, and raw SQL into an app's Decodable type says it is not checked.
final class SkippedAndCastFormsTests: XCTestCase {
    private func failure(_ text: String, in session: Session) -> ArborError? {
        for outcome in session.run(text) {
            if case .failure(let errors, _) = outcome { return errors.first }
        }
        return nil
    }

    func testASkippedDeclarationKeepsTheStatementAfterItsSemicolon() throws {
        let session = try Session(path: nil)
        guard case .count(let count, _)? = session.run("import GRDB; Author.limit(3).fetchCount(db)").last else {
            return XCTFail("the statement after `;` runs")
        }
        XCTAssertEqual(count, 3)
    }

    func testAnUnclosedSkippedDeclarationIsAnErrorNotTheRestOfTheInputSwallowed() throws {
        let session = try Session(path: nil)
        for text in ["func f() {\nAuthor.limit(1)", "protocol P { \nAuthor.limit(1)"] {
            let error = failure(text, in: session)
            XCTAssertEqual(error?.message, "this declaration is not closed: a bracket is left open", text)
        }
    }

    func testAnUnclosedTypeAfterAsIsAnError() throws {
        let session = try Session(path: nil)
        for (text, start) in [("Author.limit(1) as [", 19), ("Author.limit(1) as Set<Int", 22)] {
            let error = failure(text, in: session)
            XCTAssertEqual(error?.message, "the type after `as` is not closed", text)
            XCTAssertEqual(error?.range?.lowerBound, start, text)
        }
    }

    /// GRDB's `Date.fetchAll(db, request)` runs no prefetch; the check for NUL
    /// characters must not open a row cursor on the prefetching request (GRDB traps).
    func testAValueFetchOfARequestThatPrefetchesRunsAsGRDBs() throws {
        let session = try ParityChecking.session()
        let text = "try Date.fetchAll(db, Author.including(all: Author.books).order(Column(\"id\")).limit(2))"
        let result = try session.requestResult(text)
        let grdb = try session.database.read { db in
            try Date.fetchAll(db, Table("author").order(Column("id")).limit(2))
        }
        XCTAssertEqual(result.rows.map { $0.values[0] }, grdb.map(\.databaseValue))
        // `--prefetch` lists what GRDB runs: the main statement alone.
        guard case .rows(let planned)? = session.run(text, fetch: false).last else { return XCTFail() }
        XCTAssertEqual(try session.appStatements(planned.plan, single: false).map(\.label), ["main"])
    }

    func testRawSQLIntoAnAppsDecodableTypeSaysItIsNotChecked() throws {
        let session = try Session(path: nil)
        _ = session.run("struct AuthorName: Decodable, FetchableRecord { var id: Int64; var name: String }")
        let text =
            #"try AuthorName.fetchAll(db, SQLRequest<Row>(sql: "SELECT id, postalAddressId AS name FROM author"))"#
        let error = failure(text, in: session)
        XCTAssertEqual(error?.message, "arbor does not check yet how raw SQL rows decode into `AuthorName`")
        XCTAssertEqual(error?.range?.lowerBound, 28)
    }
}
