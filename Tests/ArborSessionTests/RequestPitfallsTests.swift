import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// GRDB behaviours users report as wrong results, named before the request runs:
/// each pitfall warns with its fix, and the fixed request gives the right values
/// (those of requests that run each aggregate alone) with no warning.
final class RequestPitfallsTests: XCTestCase {
    private func result(_ statement: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> RequestResult?
    {
        guard case .rows(let result)? = try ParityChecking.session().run(statement).last else {
            XCTFail(statement, file: file, line: line)
            return nil
        }
        return result
    }

    private func values(_ statement: String) throws -> [String] {
        try result(statement)?.rows.first.map { row in zip(row.names, row.values).map { "\($0)=\($1)" } } ?? []
    }

    /// groue/GRDB.swift#1559: one association filtered two ways is joined once.
    func testOneAssociationRefinedTwoWaysUnderOneKey() throws {
        let wrong = try result(
            """
            Author.select(Column("id")).annotated(with: \
            Author.books.filter(Column("kind") == "novel").count.forKey("novelCount"), \
            Author.books.filter(Column("kind") == "poems").count.forKey("poemCount")).filter(key: 1)
            """)
        XCTAssertEqual(
            wrong?.warnings,
            [
                Pitfall(
                    message:
                        "`Author.books` is refined 2 ways under one association key, `book`: GRDB joins it once, with every filter, so each aggregate sees only the rows that match all of them (groue/GRDB.swift#1559)",
                    fix: "give each refinement its own key, before its filter: `Author.books.forKey(\"…\").filter(…)`")
            ])
        XCTAssertEqual(wrong?.rows.first?.values.map(\.description), ["1", "0", "0"])
        let fixed = try result(
            """
            Author.select(Column("id")).annotated(with: \
            Author.books.forKey("novels").filter(Column("kind") == "novel").count.forKey("novelCount"), \
            Author.books.forKey("poems").filter(Column("kind") == "poems").count.forKey("poemCount")).filter(key: 1)
            """)
        XCTAssertEqual(fixed?.warnings, [])
        XCTAssertEqual(fixed?.rows.first?.values.map(\.description), ["1", "6", "3"])
        XCTAssertEqual(
            try values(
                "Author.select(Column(\"id\")).annotated(with: Author.books.filter(Column(\"kind\") == \"poems\").count).filter(key: 1)"
            ), ["id=1", "bookCount=3"])
    }

    /// Two aggregates named alike: the row has two columns of that name.
    func testTwoAggregatesUnderOneName() throws {
        let wrong = try result(
            """
            Author.select(Column("id")).annotated(with: Author.books.max(Column("year")), \
            Author.books.max(Column("year")).forKey("maxBookYear")).filter(key: 1)
            """)
        XCTAssertEqual(
            wrong?.warnings,
            [
                Pitfall(
                    message:
                        "two aggregates `Author.books.max(…)` are both named `maxBookYear`: the row has two `maxBookYear` columns, and the app's `maxBookYear` property reads the first one for both",
                    fix: "give each aggregate its own name: `Author.books.max(…).forKey(\"…\")`")
            ])
        let fixed = try result(
            """
            Author.select(Column("id")).annotated(with: Author.books.max(Column("year")), \
            Author.books.min(Column("year")).forKey("minBookYear")).filter(key: 1)
            """)
        XCTAssertEqual(fixed?.warnings, [])
        XCTAssertEqual(fixed?.rows.first?.names, ["id", "maxBookYear", "minBookYear"])
    }

    /// groue/GRDB.swift#777: a sum beside another to-many join adds each row once per joined row.
    func testASumBesideAnotherToManyJoin() throws {
        let wrong = try result(
            """
            Author.select(Column("id")).annotated(with: Author.books.sum(Column("price")), \
            Author.paintings.count).filter(key: 1)
            """)
        XCTAssertEqual(
            wrong?.warnings,
            [
                Pitfall(
                    message:
                        "`Author.books.sum(…)` is computed over a join that also joins `Author.paintings` (to-many): each of its rows is added once per row of that association (groue/GRDB.swift#777)",
                    fix:
                        "compute it in a request of its own, `annotated(with: Author.books.sum(…))` with no other to-many association"
                )
            ])
        // 4 paintings: the sum is 4 times the books' (779.2 instead of 194.8).
        let sum = try values(
            "Author.select(Column(\"id\")).annotated(with: Author.books.sum(Column(\"price\"))).filter(key: 1)")
        XCTAssertEqual(sum, ["id=1", "bookPriceSum=194.80000000000004"])
        XCTAssertEqual(
            try result(
                "Author.select(Column(\"id\")).annotated(with: Author.books.sum(Column(\"price\"))).filter(key: 1)")?
                .warnings, [])
        // Counts are DISTINCT: no warning beside another to-many join.
        XCTAssertEqual(
            try result("Author.annotated(with: Author.books.count, Author.paintings.count).filter(key: 1)")?.warnings,
            [])
    }
}
