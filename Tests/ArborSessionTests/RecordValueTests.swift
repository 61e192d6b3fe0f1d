import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

@testable import ArborSession

/// Record values (issue 9, item 4): built with the memberwise initializer or bound
/// from a `fetchOne`, and their `request(for:)` through the session: rows,
/// windows, descriptions, and located errors for what Swift or GRDB would refuse.
final class RecordValueTests: XCTestCase {
    /// The diagnostics of the last statement, as `arbor` prints them.
    func errors(_ statements: [String], in session: Session) -> String {
        var last: [Outcome] = []
        for statement in statements { last = session.run(statement) }
        guard case .failure(let errors, let text)? = last.last else { return "no error: \(last)" }
        return errors.map { DiagnosticRenderer.render($0, in: text) }.joined(separator: "\n")
    }

    func description(_ statements: [String], in session: Session) -> String {
        var last: [Outcome] = []
        for statement in statements { last = session.run(statement) }
        guard case .description(let text)? = last.last else { return "not a description: \(last)" }
        return text
    }

    func testMemberwiseLabelsAreTheColumnsInOrderWithTheirTypes() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            errors([#"Author(idd: 1, name: "x")"#], in: session),
            """
            error: `Author` has no property `idd`
              Author(idd: 1, name: "x")
                     ^~~
              did you mean `id`?
            """)
        XCTAssertEqual(
            errors([#"Author(id: "1", name: "x")"#], in: session),
            """
            error: `id` is an `Int64`, got "1"
              Author(id: "1", name: "x")
                         ^~~
            """)
        XCTAssertEqual(
            errors([#"Author(name: "x", id: 1)"#], in: session),
            """
            error: `id` must come before `name`: the memberwise initializer takes the properties in declaration order
              Author(name: "x", id: 1)
                                ^~
              the order: id, name, birthYear, deathDate, countryCode, country, postalAddressId
            """)
        XCTAssertEqual(
            errors(["Author(id: 1)"], in: session),
            """
            error: `Author(…)` is missing `name:`: this property is not optional
              Author(id: 1)
              ^~~~~~~~~~~~~
            """)
        XCTAssertEqual(
            errors([#"Author(id: 1, name: nil)"#], in: session),
            """
            error: `name` is not optional: column `name` is never NULL
              Author(id: 1, name: nil)
                                  ^~~
            """)
        XCTAssertEqual(
            errors([#"Author(id: 1, name: Column("x"))"#], in: session),
            """
            error: `name` takes a value (a literal such as `1` or `"x"`), got an expression
              Author(id: 1, name: Column("x"))
                                  ^~~~~~~~~~~
            """)
        XCTAssertEqual(
            errors([#"Author(1, name: "x")"#], in: session),
            """
            error: `Author(…)` takes its properties as labelled arguments, as in `Author(id: …)`
              Author(1, name: "x")
                     ^
            """)
    }

    func testRequestForAnAssociationOfAnotherTableIsLocated() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            errors([#"Author(id: 1, name: "x").request(for: Book.author)"#], in: session),
            """
            error: `Book.author` starts from `Book`, not from `Author`
              Author(id: 1, name: "x").request(for: Book.author)
                                                    ^~~~~~~~~~~
              associations of Author: postalAddress, country, booksAsTranslator, booksAsAuthor, paintings, books, novels, writtenBooks, translatedBooks
            """)
        XCTAssertEqual(
            errors([#"Author(id: 1, name: "x").request(Author.books)"#], in: session),
            """
            error: a record has no method `request(_:)`
              Author(id: 1, name: "x").request(Author.books)
                                       ^~~~~~~
              a record offers `request(for:)`
            """)
        // GRDB traps on an ambiguous foreign key: refused before it runs.
        XCTAssertEqual(
            errors([#"Author(id: 1, name: "x").request(for: Author.hasMany(Book.self))"#], in: session),
            """
            error: `Author.hasMany(Book.self)`: `book` has several foreign keys to `author`
              Author(id: 1, name: "x").request(for: Author.hasMany(Book.self))
              ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              say which with `using:` ForeignKey(["translatorId"]) or ForeignKey(["authorId"])
            """)
    }

    func testAFetchOneBoundWithLetIsARecordOrNil() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            description(["let author = try Author.filter(id: 3).fetchOne(db)", "author"], in: session),
            #"Author(id: 3, name: "Molière", birthYear: 1622, deathDate: "1673-02-17", countryCode: "FR", country: "France", postalAddressId: nil)"#
        )
        XCTAssertEqual(description(["author.name"], in: session), #""Molière""#)
        guard case .rows(let books)? = session.run("author!.request(for: Author.books).order(Column(\"year\"))").last
        else { return XCTFail("no rows") }
        XCTAssertEqual(books.mainSQL, #"SELECT * FROM "book" WHERE "authorId" = 3 ORDER BY "year""#)
        XCTAssertEqual(books.rows.count, 9)
        XCTAssertEqual(
            errors(
                ["let nobody = try Author.filter(id: 123456).fetchOne(db)", "nobody?.request(for: Author.books)"],
                in: session),
            """
            error: `nobody` is nil: no `Author` was found
              nobody?.request(for: Author.books)
              ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              `nobody?.request(for:)` is nil in Swift, and `nobody!` stops the program
            """)
        XCTAssertEqual(
            errors([#"let partial = try Author.select(Column("id")).filter(id: 3).fetchOne(db)"#], in: session),
            """
            error: `Author` can not be decoded from this row: it has no column `name`
              let partial = try Author.select(Column("id")).filter(id: 3).fetchOne(db)
                                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              select every column the record needs, or none (all of them)
            """)
    }

    /// The windows the terminal reads keep the association's own ordering and filter.
    func testWindowsOfARecordRequest() throws {
        let session = try Session(path: nil)
        for text in [
            #"Author(id: 1, name: "x").request(for: Author.books.order(Column("title").desc))"#,
            #"Author(id: 1, name: "x").request(for: Author.books.filter(Column("year") > 1850)).including(all: Book.prizes)"#,
            #"Book(id: 1, title: "x", awards: 0).request(for: Book.tags)"#,
        ] {
            let plan = try requestPlan(text, session)
            let whole = try session.request(plan, range: nil, single: false, fetch: true).rows
            let windowed = try WindowedResult(session: session, plan: plan, windowSize: 3, maximumWindows: 2)
            var rows: [ResultRow] = []
            var start = 0
            while start < whole.count {
                rows += try windowed.rows(in: start..<(start + 3))
                start += 3
            }
            XCTAssertEqual(firstColumnIDs(rows), firstColumnIDs(whole), text)
            XCTAssertEqual(try windowed.rowCount(), whole.count, text)
        }
        let byTitle = try session.request(
            requestPlan(#"Author(id: 1, name: "x").request(for: Author.books.order(Column("title").desc))"#, session),
            range: nil, single: false, fetch: true)
        XCTAssertEqual(firstColumnIDs(byTitle.rows), [107, 173, 149, 382, 191, 317, 12, 182, 218, 102, 363])
    }

    /// The Swift of a request on fetched records: one constant per fetch, a name
    /// bound again gets a new constant, and a long chain of fetches ends in values.
    func testSwiftDeclaresEachFetchedRecord() throws {
        let session = try Session(path: nil)
        var statements = [
            "let rows = try Book.filter(id: 2).fetchOne(db)", "let a = try rows.request(for: Book.author).fetchOne(db)",
        ]
        statements += [
            "let b = try a.request(for: Author.books).order(Column(\"id\")).fetchOne(db)",
            "let a = try b.request(for: Book.author).fetchOne(db)",
        ]
        for statement in statements { _ = session.run(statement) }
        let plan = try requestPlan("a.request(for: Author.paintings)", session)
        let lines = SwiftCode.generate(plan, environment: session.environment).split(separator: "\n").filter {
            $0.hasPrefix("let ")
        }
        XCTAssertEqual(
            lines,
            [
                "let rows_2 = try dbQueue.read { db in try Book.filter(key: 2).fetchOne(db) }!",
                "let a = try dbQueue.read { db in try rows_2.request(for: Book.author).fetchOne(db) }!",
                "let b = try dbQueue.read { db in try a.request(for: Author.books).order(Column(\"id\")).fetchOne(db) }!",
                "let a_2 = try dbQueue.read { db in try b.request(for: Book.author).fetchOne(db) }!",
                "let request = a_2.request(for: Author.paintings)",
                "let rows = try dbQueue.read { db in try request.fetchAll(db) }",
            ])
        for _ in 0..<Session.maximumFetchDepth {
            _ = session.run("let a = try a.request(for: Author.books).order(Column(\"id\")).fetchOne(db)")
            _ = session.run("let a = try a.request(for: Book.author).fetchOne(db)")
        }
        guard case .record(let deep)? = session.environment.bindings["a"] else { return XCTFail("no record a") }
        // 20 fetches in a chain: the 9th and the 18th keep their values alone.
        XCTAssertEqual(deep.fetchDepth, 2)
        XCTAssertEqual(deep.values["name"], .text("Molière"))
    }

    /// Instance members of record types, as the guides declare them
    /// (`var books: QueryInterfaceRequest<Book> { request(for: Author.books) }`),
    /// run on record values with the record as `self`.
    func testInstanceMembersOfARecordType() throws {
        let session = try Session(path: nil)
        _ = session.run(
            """
            extension Author {
                var books: QueryInterfaceRequest<Book> { request(for: Author.books) }
                func novels(after year: Int = 1800) -> QueryInterfaceRequest<Book> {
                    books.filter(Column("kind") == "novel").filter(Column("year") > year)
                }
                var compatriots: QueryInterfaceRequest<Author> {
                    Author.filter(Column("countryCode") == countryCode).filter(Column("id") != self.id)
                }
            }
            """)
        _ = session.run("let author = try Author.filter(id: 3).fetchOne(db)")
        func sql(_ text: String) -> String {
            guard case .rows(let result)? = session.run(text, fetch: false).last else { return "no rows" }
            return result.mainSQL
        }
        XCTAssertEqual(sql("author.books"), #"SELECT * FROM "book" WHERE "authorId" = 3"#)
        XCTAssertEqual(
            sql("author.novels(after: 1650).order(Column(\"year\"))"),
            #"SELECT * FROM "book" WHERE ("authorId" = 3) AND ("kind" = 'novel') AND ("year" > 1650) ORDER BY "year""#)
        XCTAssertEqual(
            sql("author.compatriots"), #"SELECT * FROM "author" WHERE ("countryCode" = 'FR') AND ("id" <> 3)"#)
        // The static association keeps its name on the type.
        XCTAssertEqual(
            sql("Author.including(required: Author.books).limit(1)"),
            #"SELECT "author".*, "book".* FROM "author" JOIN "book" ON "book"."authorId" = "author"."id" LIMIT 1"#)
        XCTAssertEqual(
            errors(["author.novels(after: 1650, 1)"], in: session),
            """
            error: a record has no method `novels(after:_:)`
              author.novels(after: 1650, 1)
                     ^~~~~~
              a record offers `request(for:)`, `novels(after:)`
            """)
    }

    /// `let`s inside `try dbQueue.read { db in … }` fetch records as top-level ones do.
    func testRecordsFetchedInADatabaseAccessClosure() throws {
        let session = try Session(path: nil)
        guard
            case .rows(let result)? = session.run(
                """
                try dbQueue.read { db in
                    guard let author = try Author.filter(id: 3).fetchOne(db) else { return Book.none() }
                    return author.request(for: Author.books).order(Column("year")).limit(2)
                }
                """, fetch: false
            ).last
        else { return XCTFail("no rows") }
        XCTAssertEqual(result.mainSQL, #"SELECT * FROM "book" WHERE "authorId" = 3 ORDER BY "year" LIMIT 2"#)
        guard
            case .rows(let none)? = session.run(
                """
                try dbQueue.read { db in
                    guard let author = try Author.filter(id: 123456).fetchOne(db) else { return Book.none() }
                    return author.request(for: Author.books)
                }
                """, fetch: false
            ).last
        else { return XCTFail("no rows") }
        XCTAssertEqual(none.mainSQL, #"SELECT * FROM "book" WHERE 0"#)
    }

    /// A record type the app declares: its stored properties are the labels,
    /// its `CodingKeys` the columns, its enums the values.
    func testADeclaredRecordTypesMemberwiseInitializer() throws {
        let session = try Session(path: nil)
        _ = session.run(
            """
            struct Writer: Codable, EncodableRecord, TableRecord {
                enum Origin: String, Codable { case france = "FR", england = "GB" }
                static let databaseTableName = "author"
                static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
                var id: Int64
                var fullName: String
                var origin: Origin?
                enum CodingKeys: String, CodingKey {
                    case id
                    case fullName = "name"
                    case origin = "countryCode"
                }
            }
            """)
        // The property holds the case, as Swift does; its raw value is what GRDB stores.
        XCTAssertEqual(
            description([#"Writer(id: 3, fullName: "x", origin: .france).origin"#], in: session), ".france")
        XCTAssertEqual(
            description([#"Writer(id: 3, fullName: "x", origin: .france).origin?.rawValue"#], in: session), #""FR""#)
        XCTAssertEqual(
            errors([#"Writer(id: 3, name: "x")"#], in: session),
            """
            error: `Writer` has no property `name`
              Writer(id: 3, name: "x")
                            ^~~~
              its properties: id, fullName, origin
            """)
        XCTAssertEqual(
            errors([#"Writer(id: 3, fullName: "x", origin: .spain)"#], in: session),
            """
            error: `Origin` has no case `spain`
              Writer(id: 3, fullName: "x", origin: .spain)
                                                   ^~~~~~
              its cases: .england, .france
            """)
        guard
            case .rows(let result)? = session.run(
                #"Writer(id: 3, fullName: "x").request(for: Writer.books).filter(Column("year") > 1660)"#, fetch: false
            ).last
        else { return XCTFail("no rows") }
        XCTAssertEqual(result.mainSQL, #"SELECT * FROM "book" WHERE ("authorId" = 3) AND ("year" > 1660)"#)
    }
}
