import ArborCore
import ArborTestSupport
import GRDB
import XCTest

/// The errors a new user hits most, each rendered as the terminal shows it: the
/// message, the one label or argument underlined (never the whole statement
/// when one argument is at fault), and the suggestion.
final class LocatedErrorResolutionTests: XCTestCase {
    func assertRendered(
        _ text: String, _ expected: String, in harness: LanguageHarness? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let harness = try harness ?? LanguageHarness.demo()
        guard let error = harness.lastError(text) else {
            return XCTFail("\(text) should fail", file: file, line: line)
        }
        XCTAssertEqual(DiagnosticRenderer.render(error, in: text), expected, file: file, line: line)
    }

    // MARK: Labels and argument counts of request methods

    func testIncludingWithAMisspelledLabelUnderlinesTheLabelAndListsTheValidOnes() throws {
        try assertRendered(
            "Author.including(requird: Author.books)",
            """
            error: `including` has no argument label `requird:`; it takes `required:`, `optional:` or `all:`
              Author.including(requird: Author.books)
                               ^~~~~~~
              did you mean `required:`?
            """)
    }

    func testIncludingWithoutALabelUnderlinesTheAssociation() throws {
        try assertRendered(
            "Author.including(Author.books)",
            """
            error: `including` needs a label here: `required:`, `optional:` or `all:`
              Author.including(Author.books)
                               ^~~~~~~~~~~~
              as in `including(required: …)`
            """)
    }

    func testIncludingTwoAssociationsInOneCallUnderlinesTheSecond() throws {
        try assertRendered(
            "Author.including(required: Author.books, optional: Author.country)",
            """
            error: `including(required:)` takes one argument; this one is too many
              Author.including(required: Author.books, optional: Author.country)
                                                       ^~~~~~~~~~~~~~~~~~~~~~~~
              call `including` once per association
            """)
    }

    func testJoiningAllUnderlinesTheLabel() throws {
        try assertRendered(
            "Author.joining(all: Author.books)",
            """
            error: `joining` has no argument label `all:`; it takes `required:` or `optional:`
              Author.joining(all: Author.books)
                             ^~~
            """)
    }

    func testAnnotatedWithAMisspelledLabelUnderlinesTheLabel() throws {
        try assertRendered(
            "Author.annotated(wit: Author.books.count)",
            """
            error: `annotated` has no argument label `wit:`; it takes `with:`, `withRequired:` or `withOptional:`
              Author.annotated(wit: Author.books.count)
                               ^~~
              did you mean `with:`?
            """)
    }

    func testFilterWithAMisspelledLabelUnderlinesTheLabel() throws {
        try assertRendered(
            "Author.filter(ky: 1)",
            """
            error: `filter` has no argument label `ky:`; it takes an unlabelled argument, `key:`, `keys:`, `id:`, `ids:`, `sql:` or `literal:`
              Author.filter(ky: 1)
                            ^~
              did you mean `key:`?
            """)
    }

    func testFilterWithTwoConditionsUnderlinesTheSecond() throws {
        try assertRendered(
            #"Author.filter(Column("name") == "x", Column("id") == 1)"#,
            #"""
            error: `filter(_:)` takes one argument; this one is too many
              Author.filter(Column("name") == "x", Column("id") == 1)
                                                   ^~~~~~~~~~~~~~~~~
              combine conditions with `&&` or `||`
            """#)
    }

    func testFilterSQLWithAMisspelledArgumentsLabelUnderlinesIt() throws {
        try assertRendered(
            #"Author.filter(sql: "id = ?", argumnts: [1])"#,
            #"""
            error: `filter` has no argument label `argumnts:` after `sql:`; it takes `arguments:`
              Author.filter(sql: "id = ?", argumnts: [1])
                                           ^~~~~~~~
              did you mean `arguments:`?
            """#)
    }

    func testOrderWithALabelUnderlinesTheLabel() throws {
        try assertRendered(
            #"Author.order(Column("name"), by: 1)"#,
            #"""
            error: `order` has no argument label `by:` after `_:`; it takes an unlabelled argument
              Author.order(Column("name"), by: 1)
                                           ^~
              write the argument without `by:`
            """#)
    }

    func testLimitWithALabelUnderlinesTheLabel() throws {
        try assertRendered(
            "Author.limit(count: 2)",
            """
            error: `limit` has no argument label `count:`; it takes an unlabelled argument
              Author.limit(count: 2)
                           ^~~~~
              write the argument without `count:`
            """)
    }

    func testLimitWithAMisspelledOffsetUnderlinesTheLabel() throws {
        try assertRendered(
            "Author.limit(2, ofset: 1)",
            """
            error: `limit` has no argument label `ofset:` after `_:`; it takes `offset:`
              Author.limit(2, ofset: 1)
                              ^~~~~
              did you mean `offset:`?
            """)
    }

    func testLimitWithoutArgumentUnderlinesTheMethodAndListsItsForms() throws {
        try assertRendered(
            "Author.limit()",
            """
            error: `limit` needs an argument: an unlabelled argument
              Author.limit()
                     ^~~~~
              its forms: `limit(_:)`, `limit(_:offset:)`
            """)
    }

    func testSelectWithALabelUnderlinesTheLabel() throws {
        try assertRendered(
            #"Author.select(colums: Column("name"))"#,
            #"""
            error: `select` has no argument label `colums:`; it takes an unlabelled argument, `sql:` or `literal:`
              Author.select(colums: Column("name"))
                            ^~~~~~
              write the argument without `colums:`
            """#)
    }

    func testFetchAllWithAnExtraArgumentUnderlinesIt() throws {
        // GRDB's `Author.fetchAll(db, request)` takes a request there.
        try assertRendered(
            "Author.fetchAll(db, 1)",
            """
            error: expected a request, got an expression
              Author.fetchAll(db, 1)
                                  ^
            """)
        try assertRendered(
            "Author.all().fetchAll(db, 1)",
            """
            error: `fetchAll` takes no argument here (or `db`)
              Author.all().fetchAll(db, 1)
                                        ^
            """)
    }

    // MARK: Association factories

    func testAFactoryWithAMisspelledLabelUnderlinesTheLabel() throws {
        try assertRendered(
            #"Book.belongsTo(Author.self, usng: ForeignKey(["authorId"]))"#,
            #"""
            error: `belongsTo` takes `key:` or `using:` after the destination
              Book.belongsTo(Author.self, usng: ForeignKey(["authorId"]))
                                          ^~~~
              did you mean `using:`?
            """#)
    }

    func testAThroughAssociationWithoutUsingUnderlinesThrough() throws {
        try assertRendered(
            "Author.hasMany(Book.self, through: Author.books)",
            """
            error: a through association needs `using:`, the association from the pivot to the destination
              Author.hasMany(Book.self, through: Author.books)
                                        ^~~~~~~~~~~~~~~~~~~~~
            """)
    }

    func testBelongsToThroughUnderlinesTheLabel() throws {
        try assertRendered(
            "Book.belongsTo(Author.self, through: Book.author)",
            """
            error: `belongsTo` has no `through:` form
              Book.belongsTo(Author.self, through: Book.author)
                                          ^~~~~~~
              `hasOne(_:through:using:)` reaches one record through another
            """)
    }

    // MARK: What GRDB refuses in an argument, underlined there

    func testARequiredIncludeInsideAnOptionalOneUnderlinesTheArgument() throws {
        try assertRendered(
            "Book.including(optional: Book.author.including(required: Author.country))",
            """
            error: `Author.country` is required inside an optional association: GRDB can not join it
              Book.including(optional: Book.author.including(required: Author.country))
                                       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              use `including(optional:)`/`joining(optional:)` here, or make the outer one required
            """)
    }

    func testAJoinedAssociationWithAGroupUnderlinesTheArgument() throws {
        try assertRendered(
            #"Author.including(required: Author.books.having(Column("id") > 1))"#,
            #"""
            error: GRDB can not join `Author.books` with a GROUP BY: only `including(all:)` accepts it
              Author.including(required: Author.books.having(Column("id") > 1))
                                         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """#)
    }

    func testASecondAliasedUnderlinesTheMethod() throws {
        try assertRendered(
            "Book.aliased(TableAlias()).aliased(TableAlias())",
            """
            error: a request or association takes one `aliased(_:)`
              Book.aliased(TableAlias()).aliased(TableAlias())
                                         ^~~~~~~
              one `TableAlias` names the table: give it once
            """)
    }

    func testAKeyDictionaryWithoutAUniqueKeyUnderlinesTheDictionary() throws {
        try assertRendered(
            #"Author.filter(key: ["name": "x"])"#,
            #"""
            error: table `author` has no unique key on name
              Author.filter(key: ["name": "x"])
                                 ^~~~~~~~~~~~~
              its unique keys: id
            """#)
    }

    // MARK: Labels of functions and expression methods

    func testColumnWithALabelUnderlinesTheLabel() throws {
        try assertRendered(
            #"Author.filter(Column(nam: "name") == "x")"#,
            #"""
            error: `Column` has no argument label `nam:`; it takes an unlabelled argument
              Author.filter(Column(nam: "name") == "x")
                                   ^~~
              write the argument without `nam:`
            """#)
    }

    func testTableAliasWithAMisspelledLabelUnderlinesTheLabel() throws {
        try assertRendered(
            #"Author.aliased(TableAlias(nam: "a"))"#,
            #"""
            error: `TableAlias` has no argument label `nam:`; it takes `name:`
              Author.aliased(TableAlias(nam: "a"))
                                        ^~~
              did you mean `name:`?
            """#)
    }

    func testLikeWithAMisspelledEscapeUnderlinesTheLabel() throws {
        try assertRendered(
            #"Author.filter(Column("name").like("x", escap: "!"))"#,
            #"""
            error: `like` has no argument label `escap:` after `_:`; it takes `escape:`
              Author.filter(Column("name").like("x", escap: "!"))
                                                     ^~~~~
              did you mean `escape:`?
            """#)
    }

    // MARK: forKey where GRDB does not take it

    func testForKeyOnATableSaysWhereItBelongs() throws {
        try assertRendered(
            #"Author.forKey("x")"#,
            #"""
            error: `forKey` names an association or a selected value, not a table
              Author.forKey("x")
                     ^~~~~~
              `Author.postalAddress.forKey("…")`, or `Column("…").forKey("…")` in `select(…)` or `annotated(with:)`
            """#)
    }

    func testForKeyOnARequestSaysWhereItBelongs() throws {
        try assertRendered(
            #"Author.all().forKey("x")"#,
            #"""
            error: `forKey` names an association or a selected value, not a request
              Author.all().forKey("x")
                           ^~~~~~
              `Author.postalAddress.forKey("…")`, or `Column("…").forKey("…")` in `select(…)` or `annotated(with:)`
            """#)
    }

    func testForKeyInAFilterSaysWhereItBelongs() throws {
        try assertRendered(
            #"Author.filter(Column("name").forKey("n") == "x")"#,
            #"""
            error: `forKey` names a selected value: it belongs in `select(…)` or `annotated(with:)`, not here
              Author.filter(Column("name").forKey("n") == "x")
                            ^~~~~~~~~~~~~~~~~~~~~~~~~~
              drop `.forKey("n")` here; a value selected under that name is `Column("n").detached`
            """#)
    }

    func testForKeyInAnOrderSaysWhereItBelongs() throws {
        try assertRendered(
            #"Author.order(Column("name").forKey("n"))"#,
            #"""
            error: `forKey` names a selected value: it belongs in `select(…)` or `annotated(with:)`, not here
              Author.order(Column("name").forKey("n"))
                           ^~~~~~~~~~~~~~~~~~~~~~~~~~
              drop `.forKey("n")` here; a value selected under that name is `Column("n").detached`
            """#)
    }

    // MARK: Ordering by an association aggregate

    func testOrderingByAnAggregateSuggestsAnnotatingThenOrderingByTheDetachedName() throws {
        try assertRendered(
            "Author.order(Author.books.count)",
            #"""
            error: GRDB does not order by an association aggregate: annotate the request with it, then order by its name
              Author.order(Author.books.count)
                           ^~~~~~~~~~~~~~~~~~
              `annotated(with: Author.books.count.forKey("bookCount")).order(Column("bookCount").detached)`
            """#)
    }

    func testOrderingByADescendingAggregateIsRefusedAtTheOrdering() throws {
        try assertRendered(
            "Author.order(Author.books.count.desc)",
            #"""
            error: GRDB does not order by an association aggregate: annotate the request with it, then order by its name
              Author.order(Author.books.count.desc)
                           ^~~~~~~~~~~~~~~~~~~~~~~
              `annotated(with: Author.books.count.forKey("bookCount")).order(Column("bookCount").detached)`
            """#)
    }

    func testOrderingByANamedAggregateKeepsItsName() throws {
        try assertRendered(
            #"Author.order(Author.books.max(Column("year")).forKey("last"))"#,
            #"""
            error: GRDB does not order by an association aggregate: annotate the request with it, then order by its name
              Author.order(Author.books.max(Column("year")).forKey("last"))
                           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              `annotated(with: Author.books.max(Column("year")).forKey("last")).order(Column("last").detached)`
            """#)
    }

    func testOrderingByAnAnnotationOfAJoiningRequestSuggestsDetached() throws {
        try assertRendered(
            #"Author.annotated(with: Author.books.count).order(Column("bookCount").desc)"#,
            #"""
            error: `bookCount` is a name this request selects, not a column of `author`: as the request joins other tables, GRDB writes `Column("bookCount")` as `"author"."bookCount"`
              Author.annotated(with: Author.books.count).order(Column("bookCount").desc)
                                                                      ^~~~~~~~~~~
              write `Column("bookCount").detached`
            """#)
    }

    func testASelectedNameInAJoiningRequestSuggestsDetached() throws {
        let text = #"Book.joining(required: Book.author).select(Column("title").forKey("t")).order(Column("t"))"#
        guard let error = try LanguageHarness.demo().lastError(text) else {
            return XCTFail("\(text) should fail")
        }
        XCTAssertEqual(
            error.message,
            #"`t` is a name this request selects, not a column of `book`: as the request joins other tables, GRDB writes `Column("t")` as `"book"."t"`"#
        )
        XCTAssertEqual(error.range, SourceRange(85, 88), #"the "t" of the ordering"#)
        XCTAssertEqual(error.suggestion, #"write `Column("t").detached`"#)
    }

    /// What the error says of GRDB, checked against GRDB: in a joining request a selected
    /// name is not reached by `Column`, and is by `Column(…).detached`.
    func testGRDBQualifiesASelectedNameInAJoiningRequest() throws {
        struct Author: TableRecord {
            static let databaseTableName = "author"
            static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
        }
        struct Book: TableRecord { static let databaseTableName = "book" }
        let annotated = Author.annotated(with: Author.books.count)
        let harness = try LanguageHarness.demo()
        XCTAssertThrowsError(try harness.grdbSQL(annotated.order(Column("bookCount")))) { error in
            XCTAssertTrue("\(error)".contains("no such column: author.bookCount"), "\(error)")
        }
        XCTAssertTrue(
            try harness.grdbSQL(annotated.order(Column("bookCount").detached)).hasSuffix(
                #"ORDER BY "bookCount""#))
    }

    func testOrderingByASelectedNameWithoutJoinsIsGRDBs() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertEqual(
            try harness.sql(#"Author.select(Column("name").forKey("n")).order(Column("n"))"#),
            #"SELECT "name" AS "n" FROM "author" ORDER BY "n""#)
    }

    // MARK: Association aggregates where GRDB does not take them

    func testGroupingByAnAggregateUnderlinesIt() throws {
        try assertRendered(
            #"Author.all().group(Column("name"), Author.books.count)"#,
            #"""
            error: GRDB does not group by an association aggregate
              Author.all().group(Column("name"), Author.books.count)
                                                 ^~~~~~~~~~~~~~~~~~
              `group` takes columns and expressions of the request's table
            """#)
    }

    func testAnAggregateRightOfNilCoalescingUnderlinesIt() throws {
        try assertRendered(
            "Author.annotated(with: 0 ?? Author.books.count)",
            #"""
            error: GRDB's `??` takes an association aggregate on its left and a value on its right
              Author.annotated(with: 0 ?? Author.books.count)
                                          ^~~~~~~~~~~~~~~~~~
              as in `Author.books.max(Column("year")) ?? 0`
            """#)
    }

    func testMinOfAnAggregateUnderlinesIt() throws {
        try assertRendered(
            "Author.annotated(with: min(Author.books.count, 1))",
            """
            error: GRDB's `min` does not take an association aggregate
              Author.annotated(with: min(Author.books.count, 1))
                                         ^~~~~~~~~~~~~~~~~~
              GRDB offers `abs`, `length` and `cast` on aggregates, and their operators
            """)
    }

    func testAStringFunctionOfAnAggregateUnderlinesIt() throws {
        try assertRendered(
            "Author.annotated(with: Author.books.count.lowercased)",
            """
            error: GRDB's `lowercased` does not apply to an association aggregate
              Author.annotated(with: Author.books.count.lowercased)
                                                        ^~~~~~~~~~
            """)
    }

    func testLikeOfAnAggregateUnderlinesLike() throws {
        try assertRendered(
            #"Author.having(Author.books.count.like("1"))"#,
            #"""
            error: GRDB's `like` does not take an association aggregate
              Author.having(Author.books.count.like("1"))
                                               ^~~~
              compare aggregates with operators, as in `Author.books.count >= 2`
            """#)
    }

    func testAnArrayContainingAnAggregateUnderlinesTheAggregate() throws {
        try assertRendered(
            "Author.having([1, 2].contains(Author.books.count))",
            """
            error: GRDB's `contains` does not take an association aggregate
              Author.having([1, 2].contains(Author.books.count))
                                            ^~~~~~~~~~~~~~~~~~
              compare aggregates with operators, as in `Author.books.count >= 2`
            """)
    }

    func testARangeContainingAnAggregateUnderlinesTheAggregate() throws {
        try assertRendered(
            "Author.having((1...3).contains(Author.books.count))",
            """
            error: GRDB's `contains` does not take an association aggregate
              Author.having((1...3).contains(Author.books.count))
                                             ^~~~~~~~~~~~~~~~~~
              compare aggregates with operators, as in `Author.books.count >= 2`
            """)
    }

    func testCoalesceOfAnAggregateSuggestsNilCoalescing() throws {
        try assertRendered(
            "Author.annotated(with: coalesce([Author.books.count, 0]))",
            #"""
            error: GRDB's `coalesce` does not take an association aggregate
              Author.annotated(with: coalesce([Author.books.count, 0]))
                                              ^~~~~~~~~~~~~~~~~~~~~~~
              `??` gives an aggregate a default, as in `Author.books.max(Column("year")) ?? 0`
            """#)
    }

    // MARK: Members of a table that declares none

    func chinook() throws -> LanguageHarness {
        try LanguageHarness(
            schema: """
                CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
                CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, AlbumId INTEGER REFERENCES Album, GenreId INTEGER REFERENCES Genre);
                """)
    }

    func testAColumnNamedAsAStaticMemberSuggestsColumn() throws {
        try assertRendered(
            "Genre.Name",
            #"""
            error: `Genre` has no association `Name`: `Name` is a column of `Genre`
              Genre.Name
                    ^~~~
              write `Column("Name")`; its associations: tracks, albums
            """#, in: chinook())
    }

    func testColumnsOfATableWithoutDeclarationsSuggestsColumn() throws {
        try assertRendered(
            #"Album.filter(Album.Columns.title == "x")"#,
            #"""
            error: `Album` declares no `Columns`; `title` is a column of `Album`
              Album.filter(Album.Columns.title == "x")
                                 ^~~~~~~~~~~~~
              write `Column("title")`
            """#, in: chinook())
    }

    func testColumnsWithAMisspelledColumnSuggestsTheClosest() throws {
        try assertRendered(
            "Album.Columns.titel",
            #"""
            error: `Album` declares no `Columns`, and `Album` has no column `titel`
              Album.Columns.titel
                    ^~~~~~~~~~~~~
              did you mean `Column("title")`?
            """#, in: chinook())
    }

    func testAMisspelledMemberOfDeclaredColumnsSuggestsTheClosest() throws {
        let harness = try LanguageHarness.demo()
        _ = harness.results(#"extension Author { enum Columns { static let name = Column("name") } }"#)
        try assertRendered(
            #"Author.filter(Author.Columns.nam == "x")"#,
            #"""
            error: `Author.Columns` has no static member `nam`
              Author.filter(Author.Columns.nam == "x")
                                           ^~~
              did you mean `name`?
            """#, in: harness)
    }

    /// Each level of `Author.Columns.Columns…` once: evaluated again at each level, 28 levels took 20 s.
    func testALongChainOfColumnsFailsQuickly() throws {
        let text = "Author" + String(repeating: ".Columns", count: 150) + ".x"
        let start = ContinuousClock.now
        guard let error = try LanguageHarness.demo().lastError(text) else {
            return XCTFail("should fail")
        }
        XCTAssertEqual(error.message, "`Author` declares no `Columns`, and `author` has no column `Columns`")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
    }

    // MARK: Association suggestions

    /// `belongsTo(Alley.Database.self)` where `Alley.Database` was never loaded: a type,
    /// not an association, is missing.
    func testANestedTypeNeverLoadedIsNamedAsAType() throws {
        let text = "extension Book { static let alley = belongsTo(Author.Database.self) }"
        guard let error = try LanguageHarness.demo().lastError(text) else {
            return XCTFail("\(text) should fail")
        }
        XCTAssertEqual(
            error.message,
            "arbor knows no type `Author.Database`: `Author` declares no `Database` and has no association of that name"
        )
        XCTAssertEqual(error.range, SourceRange(53, 61))
        XCTAssertEqual(error.suggestion, "load (or paste) the code that declares `Author.Database`")
        // A capitalized misspelling of an association still suggests it.
        guard let misspelled = try LanguageHarness.demo().lastError("Author.Books") else {
            return XCTFail()
        }
        XCTAssertEqual(misspelled.suggestion, "did you mean `books`?")
    }

    func testAMissingAssociationNeverSuggestsNoneOrAll() throws {
        for name in ["nome", "nonee", "al", "alll"] {
            let text = "Author.including(all: Author.\(name))"
            guard let error = try LanguageHarness.demo().lastError(text) else {
                XCTFail("\(text) should fail")
                continue
            }
            XCTAssertEqual(error.message, "`Author` has no association `\(name)`", text)
            XCTAssertEqual(
                error.suggestion,
                "its associations: postalAddress, country, booksAsTranslator, booksAsAuthor, paintings, books, novels, writtenBooks, translatedBooks",
                text)
        }
    }

    func testAMisspelledAssociationSuggestsTheAssociation() throws {
        try assertRendered(
            "Author.including(all: Author.bokks)",
            """
            error: `Author` has no association `bokks`
              Author.including(all: Author.bokks)
                                           ^~~~~
              did you mean `books`?
            """)
    }

    func testARequestMethodNamedOnAnAssociationWithoutACallSaysToCallIt() throws {
        try assertRendered(
            "Author.books.filter",
            """
            error: `filter` is a method: call it, as in `filter(…)`
              Author.books.filter
                           ^~~~~~
            """)
    }

    // MARK: Swift spellings GRDB does not have

    func testAnAssignmentInAFilterSuggestsEquals() throws {
        try assertRendered(
            #"Author.filter(Column("name") = "x")"#,
            #"""
            error: expected `,` or `)` after an argument, found `=`
              Author.filter(Column("name") = "x")
                                           ^
              to compare, write `==`
            """#)
    }

    func testDescendingSuggestsDesc() throws {
        try assertRendered(
            #"Author.order(Column("id").descending)"#,
            #"""
            error: an expression has no property `descending`
              Author.order(Column("id").descending)
                                        ^~~~~~~~~~
              did you mean `desc`?
            """#)
    }

    func testStringContainsSuggestsLike() throws {
        try assertRendered(
            #"Author.filter(Column("name").contains("x"))"#,
            #"""
            error: an expression has no method `contains(_:)`
              Author.filter(Column("name").contains("x"))
                                           ^~~~~~~~
              match a pattern with `like("%…%")`
            """#)
    }

    func testAnAssociationNamedOnARequestSuggestsIncludingIt() throws {
        try assertRendered(
            #"Author.filter(Column("id") > 1).books"#,
            #"""
            error: a request has no property `books`: `books` is an association of `Author`
              Author.filter(Column("id") > 1).books
                                              ^~~~~
              include it with `including(all: Author.books)`
            """#)
    }

    // MARK: A method on the wrong receiver

    func testARequestMethodOnAnExpressionUnderlinesTheMethod() throws {
        try assertRendered(
            #"Column("name").including(all: Author.books)"#,
            #"""
            error: an expression has no method `including(all:)`
              Column("name").including(all: Author.books)
                             ^~~~~~~~~
            """#)
    }

    func testLimitOnAnAssociationUnderlinesTheMethod() throws {
        try assertRendered(
            "Author.books.limit(2)",
            """
            error: associations have no `limit`: GRDB offers it on requests only
              Author.books.limit(2)
                           ^~~~~
            """)
    }

    func testAMethodOnAFetchedResultUnderlinesTheMethod() throws {
        try assertRendered(
            #"Author.fetchAll(db).filter(Column("name") == "x")"#,
            #"""
            error: `filter` is called on what `fetchAll` returned, not on the request
              Author.fetchAll(db).filter(Column("name") == "x")
                                  ^~~~~~
              call `filter` before `fetchAll`, as in `Author.filter(…).fetchAll(db)`
            """#)
    }
}
