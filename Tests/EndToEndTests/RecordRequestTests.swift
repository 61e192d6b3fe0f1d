import ArborTestSupport
import Foundation
import XCTest

/// `record.request(for:)` through the real binary: a record built with its
/// memberwise initializer or bound from a `fetchOne`, in every format.
final class RecordRequestTests: XCTestCase {
    let fetched = [
        "-c", "let author = try Author.filter(id: 3).fetchOne(db)",
        "-c",
        #"author.request(for: Author.books.filter(Column("year") < 1665)).including(optional: Book.library).order(Column("year")).limit(2)"#,
    ]

    func testAFetchedRecordsRequestInEveryFormat() throws {
        let tree = try ArborProcess.run(fetched)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertEqual(
            tree.stdout,
            """
            book id:2 authorId:3 translatorId:NULL libraryId:3 title:"Les Précieuses ridicules" kind:"theatrePlay" language:"fr" year:1660 publishDate:"1660-01-27" price:NULL score:3.7 awards:0
              library: id:3 name:"Biblioteca del Barrio Gótico" openedYear:1956
            book id:16 authorId:3 translatorId:NULL libraryId:2 title:"L'École des femmes" kind:"theatrePlay" language:"fr" year:1663 publishDate:"1663-04-02" price:NULL score:4.5 awards:0
              library: id:2 name:"Bibliothèque du Quartier Latin" openedYear:1887

            """)
        let json = try ArborProcess.run(fetched + ["--format", "json"])
        XCTAssertEqual(
            json.stdout,
            """
            [
            {"id":2,"authorId":3,"translatorId":null,"libraryId":3,"title":"Les Précieuses ridicules","kind":"theatrePlay","language":"fr","year":1660,"publishDate":"1660-01-27","price":null,"score":3.7,"awards":0,"library":{"id":3,"name":"Biblioteca del Barrio Gótico","openedYear":1956}},
            {"id":16,"authorId":3,"translatorId":null,"libraryId":2,"title":"L'École des femmes","kind":"theatrePlay","language":"fr","year":1663,"publishDate":"1663-04-02","price":null,"score":4.5,"awards":0,"library":{"id":2,"name":"Bibliothèque du Quartier Latin","openedYear":1887}}
            ]

            """)
        let sql = try ArborProcess.run(fetched + ["--format", "sql"])
        XCTAssertEqual(
            sql.stdout,
            """
            SELECT "book".*, "library".* FROM "book" LEFT JOIN "library" ON "library"."id" = "book"."libraryId" WHERE ("book"."year" < 1665) AND ("book"."authorId" = 3) ORDER BY "book"."year" LIMIT 2;

            """)
        let swift = try ArborProcess.run(fetched + ["--format", "swift"])
        XCTAssertTrue(swift.stdout.contains("struct Author: Codable, FetchableRecord, EncodableRecord, TableRecord {"))
        XCTAssertTrue(
            swift.stdout.hasSuffix(
                """
                let author = try dbQueue.read { db in try Author.filter(key: 3).fetchOne(db) }!
                let request = author.request(for: Author.books.filter(Column("year") < 1665)).including(optional: Book.library).order(Column("year")).limit(2)
                let rows = try dbQueue.read { db in try BookInfo.fetchAll(db, request) }

                """), swift.stdout)
    }

    func testAMemberwiseRecordsRequest() throws {
        let arguments = [
            "-c", #"let a = Author(id: 1, name: "x")"#,
            "-c", #"a.request(for: Author.books.filter(Column("year") > 1860)).order(Column("year"))"#,
        ]
        let table = try ArborProcess.run(arguments + ["--format", "table"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(
            table.stdout,
            """
            id   authorId  translatorId  libraryId  title                       kind   language  year  publishDate  price  score  awards
            ---  --------  ------------  ---------  --------------------------  -----  --------  ----  -----------  -----  -----  ------
            191  1         NULL          1          Les Misérables              novel  fr        1862  1862-04-03   NULL   4.2    0
            382  1         NULL          4          Les Travailleurs de la mer  novel  fr        1866  1866-01-10   7.9    4.9    0
            102  1         NULL          1          L'Homme qui rit             novel  fr        1869  1869-01-21   18.9   3.5    0
            173  1         NULL          1          Quatrevingt-treize          novel  fr        1874  1874-10-09   21.9   4.6    0

            """)
        let swift = try ArborProcess.run(arguments + ["--format", "swift"])
        XCTAssertTrue(
            swift.stdout.contains(
                #"let request = Author(id: 1, name: "x").request(for: Author.books.filter(Column("year") > 1860)).order(Column("year"))"#
            ), swift.stdout)
    }

    func testErrorsAreLocatedAndExitOne() throws {
        let result = try ArborProcess.run(["-c", #"Author(id: 1, name: "x").request(for: Author.book)"#])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            error: `Author` has no association `book`
              Author(id: 1, name: "x").request(for: Author.book)
                                                           ^~~~
              did you mean `books`?

            """)
    }
}
