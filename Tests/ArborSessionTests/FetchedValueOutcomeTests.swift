import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

/// What a statement shows when Swift follows a fetch: the value Swift computed, with the
/// statement the fetch ran (what `--format sql` prints); a fetch nothing follows keeps
/// showing its rows, streamed as before.
final class FetchedValueOutcomeTests: XCTestCase {
    func testSwiftAfterAFetchShowsItsValueAndTheFetchsStatement() throws {
        let session = try DemoSession.make()
        guard
            case .computed(let title, let statements)? = session.run(#"try Book.fetchOne(db, id: 1)?.title ?? "none""#)
                .last
        else { return XCTFail("a computed value") }
        XCTAssertEqual(title, #""Kara Kitap""#)
        XCTAssertEqual(statements, [#"SELECT * FROM "book" WHERE "id" = 1"#])
        guard
            case .computed(let count, let countStatements)? = session.run(
                #"try Book.filter(Column("kind") == "poems").fetchAll(db).filter { $0.id < 120 }.count"#
            ).last
        else { return XCTFail("a computed count") }
        XCTAssertEqual(count, "15")
        XCTAssertEqual(countStatements, [#"SELECT * FROM "book" WHERE "kind" = 'poems'"#])
    }

    func testAFetchNothingFollowsStillShowsRows() throws {
        let session = try DemoSession.make()
        guard case .rows(let result)? = session.run("try Book.filter(Column(\"id\") < 3).fetchAll(db)").last else {
            return XCTFail("rows")
        }
        XCTAssertEqual(result.rows.count, 2)
    }
}
