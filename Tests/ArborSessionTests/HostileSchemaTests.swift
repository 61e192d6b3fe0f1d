import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

/// Issue 6, item 3: schemas nobody vetted. Each case is a database generated here,
/// and each test asserts the exact outcome: the names the convention gives, the
/// SQL and rows of requests, the errors (message and underlined range), and the
/// `:tables`/`:schema`/`:associations` output.
final class HostileSchemaTests: XCTestCase {
    // MARK: Helpers

    func session(_ sql: String) throws -> Session {
        // Dangling keys on purpose: foreign key checks off while the fixture is written.
        try Session(path: TemporaryDatabase.make("PRAGMA foreign_keys = OFF;\n" + sql))
    }

    func result(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) throws
        -> RequestResult
    {
        let outcomes = session.run(text)
        guard case .rows(let result)? = outcomes.last else {
            XCTFail("\(text): \(outcomes)", file: file, line: line)
            throw ArborError("no rows")
        }
        return result
    }

    /// The rows in the tree format, as `arbor` prints them.
    func tree(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) throws
        -> [String]
    {
        let result = try result(text, in: session, file: file, line: line)
        return TreeFormat.lines(table: result.plan.table, rows: result.rows)
    }

    /// The main statement, arguments inlined, without fetching.
    func sql(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case .rows(let result)? = session.run(text, fetch: false).last else {
            XCTFail("\(text) should be a request", file: file, line: line)
            return ""
        }
        return result.mainSQL
    }

    /// The message and the underlined text of a failing statement.
    func failure(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line)
        -> (message: String, underlined: String)
    {
        guard case .failure(let errors, let source)? = session.run(text).last, let error = errors.first else {
            XCTFail("\(text) should fail", file: file, line: line)
            return ("", "")
        }
        guard let range = error.range else {
            XCTFail("\(text): the error is not located: \(error.message)", file: file, line: line)
            return (error.message, "")
        }
        let bytes = Array(source.utf8)[range.lowerBound..<range.upperBound]
        return (error.message, String(decoding: bytes, as: UTF8.self))
    }

    func command(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) -> String {
        switch session.run(text).last {
        case .commandOutput(let output)?: return output
        case .failure(let errors, _)?: return "error: " + errors.map(\.description).joined(separator: "\n")
        case let other: XCTFail("\(text): \(String(describing: other))", file: file, line: line)
        }
        return ""
    }

    func associations(of table: String, in session: Session) -> [String] {
        session.environment.catalog.associations(of: table).map(\.name)
    }

    // MARK: Names with spaces, quotes, backticks, brackets and keywords

    static let quotedNames = """
        CREATE TABLE "my table" (id INTEGER PRIMARY KEY, "first name" TEXT, "it's" TEXT, "say \"\"hi\"\"\" TEXT, "`tick`" TEXT, "[br]" TEXT);
        CREATE TABLE "order" (id INTEGER PRIMARY KEY, "group" TEXT, "select" INTEGER, "my table id" INTEGER REFERENCES "my table"(id));
        CREATE TABLE "select" (id INTEGER PRIMARY KEY, orderId INTEGER REFERENCES "order"(id));
        INSERT INTO "my table" VALUES (1, 'Ada', 'a', 'b', 'c', 'd'), (2, 'Bob', NULL, NULL, NULL, NULL);
        INSERT INTO "order" VALUES (10, 'g', 3, 1), (11, 'h', 4, 1);
        INSERT INTO "select" VALUES (100, 10);
        """

    func testNamesWithSpacesQuotesAndKeywordsGetTypeNames() throws {
        let session = try session(Self.quotedNames)
        let names = session.environment.typeNames
        XCTAssertEqual(names.type(forTable: "my table"), "MyTable")
        XCTAssertEqual(names.type(forTable: "order"), "Order")
        XCTAssertEqual(names.type(forTable: "select"), "Select")
        XCTAssertEqual(associations(of: "my table", in: session), ["orders"])
        XCTAssertEqual(associations(of: "order", in: session), ["myTable", "selects"])
        XCTAssertEqual(associations(of: "select", in: session), ["order"])
    }

    func testQuotedNamesInRequests() throws {
        let session = try session(Self.quotedNames)
        XCTAssertEqual(
            sql(
                "Order.including(required: Order.myTable).filter(Column(\"group\") == \"g\").order(Column(\"select\"))",
                in: session),
            ##"SELECT "order".*, "my table".* FROM "order" JOIN "my table" ON "my table"."id" = "order"."my table id" WHERE "order"."group" = 'g' ORDER BY "order"."select""##
        )
        XCTAssertEqual(
            sql(
                ##"Table("my table").filter(sql: "\"say \"\"hi\"\"\" = ?", arguments: ["b"]).select(Column("`tick`"), Column("[br]"), Column("it's"))"##,
                in: session),
            "SELECT \"`tick`\", \"[br]\", \"it's\" FROM \"my table\" WHERE \"say \"\"hi\"\"\" = 'b'")
        XCTAssertEqual(
            try tree("MyTable.including(all: MyTable.orders.including(all: Order.selects))", in: session),
            [
                ##""my table" id:1 "first name":"Ada" "it's":"a" "say ""hi""":"b" "`tick`":"c" "[br]":"d""##,
                "  orders: 2 rows",
                ##"    order id:10 group:"g" select:3 "my table id":1"##,
                "      selects: 1 row",
                "        select id:100 orderId:10",
                ##"    order id:11 group:"h" select:4 "my table id":1"##,
                "      selects: 0 rows",
                ##""my table" id:2 "first name":"Bob" "it's":NULL "say ""hi""":NULL "`tick`":NULL "[br]":NULL"##,
                "  orders: 0 rows",
            ])
        let prefetch = try result("MyTable.including(all: MyTable.orders)", in: session).statements.map(\.sql)
        XCTAssertEqual(
            prefetch,
            [
                ##"SELECT * FROM "my table""##,
                ##"SELECT *, "my table id" AS "grdb_my table id" FROM "order" WHERE "my table id" IN (1, 2)"##,
            ])
        XCTAssertEqual(
            try tree(
                "Select.including(required: Select.order.including(required: Order.myTable.select(Column(\"first name\"))))",
                in: session),
            [
                "select id:100 orderId:10",
                ##"  order: id:10 group:"g" select:3 "my table id":1"##,
                ##"    myTable: "first name":"Ada""##,
            ])
        XCTAssertEqual(
            try tree("Order.annotated(with: Order.selects.count).filter(key: 10)", in: session),
            [
                ##"order id:10 group:"g" select:3 "my table id":1 selectCount:1"##
            ])
    }

    func testQuotedNamesInCommands() throws {
        let session = try session(Self.quotedNames)
        XCTAssertEqual(
            command(":tables", in: session),
            ##"""
            "my table"  (table)  MyTable
            order  (table)  Order
            select  (table)  Select
            """##)
        let schema = """
            table order
              id INTEGER PRIMARY KEY
              group TEXT
              select INTEGER
              "my table id" INTEGER
              primary key: id
              foreign key ("my table id") → "my table"(id)
            """
        XCTAssertEqual(command(":schema order", in: session), schema)
        XCTAssertEqual(command(":schema Order", in: session), schema)
        XCTAssertEqual(command(":schema \"my table\"", in: session), command(":schema my table", in: session))
        XCTAssertEqual(
            command(":schema \"my table\"", in: session),
            ##"""
            table "my table"
              id INTEGER PRIMARY KEY
              "first name" TEXT
              "it's" TEXT
              "say ""hi\##""" TEXT
              "`tick`" TEXT
              "[br]" TEXT
              primary key: id
            """##)
        XCTAssertEqual(
            command(":associations MyTable", in: session),
            ##"orders  hasMany MyTable → Order, key "orders", using ForeignKey(["my table id"], to: ["id"])"##)
    }

    /// GRDB writes names as `"name"` without doubling inner quotes: a name holding a
    /// `"` is refused before GRDB writes it, so a hostile key column can not turn a
    /// join condition into SQL of its choosing.
    func testNamesWithDoubleQuotesAreRefusedBeforeGRDBWritesThem() throws {
        let session = try session(
            ##"""
            CREATE TABLE "a""b" (id INTEGER PRIMARY KEY, "x""y" INTEGER);
            CREATE TABLE c (id INTEGER PRIMARY KEY, "a""bId" INTEGER REFERENCES "a""b"(id), "x"" OR 1 OR ""y" INTEGER REFERENCES c(id));
            INSERT INTO "a""b" VALUES (1, 2);
            INSERT INTO c VALUES (1, 1, 1), (2, 1, 2);
            """##)
        XCTAssertEqual(associations(of: "c", in: session), [])
        XCTAssertEqual(
            try tree("C.all()", in: session),
            [##"c id:1 "a""bId":1 "x"" OR 1 OR ""y":1"##, ##"c id:2 "a""bId":1 "x"" OR 1 OR ""y":2"##])
        let cases: [(String, String, String)] = [
            (
                ##"Table("a\"b").all()"##,
                ##"GRDB can not write the table name "a\"b" in SQL: it does not double the `"` inside names"##,
                ##""a\"b""##
            ),
            (
                ##"C.filter(Column("x\" OR 1 OR \"y") == 1)"##,
                ##"GRDB can not write the column name "x\" OR 1 OR \"y" in SQL: it does not double the `"` inside names"##,
                ##""x\" OR 1 OR \"y""##
            ),
            (
                "C.including(all: C.cs)",
                ##"`C` has no association `cs`: the foreign key `c`(x" OR 1 OR "y) can not be used: GRDB can not write the name "x\" OR 1 OR \"y" in SQL (it does not double the `"` inside names)"##,
                "cs"
            ),
            (
                ##"C.including(all: C.hasMany(C.self, using: ForeignKey(["x\" OR 1 OR \"y"])))"##,
                ##"`C.hasMany(C.self)`: GRDB can not write the column name "x\" OR 1 OR \"y" in SQL: it does not double the `"` inside names"##,
                ##"C.hasMany(C.self, using: ForeignKey(["x\" OR 1 OR \"y"]))"##
            ),
            (
                ##"C.filter(key: ["a\"bId": 1])"##,
                ##"GRDB can not write the column name "a\"bId" in SQL: it does not double the `"` inside names"##,
                ##"["a\"bId": 1]"##
            ),
        ]
        for (text, message, underlined) in cases {
            let error = failure(text, in: session)
            XCTAssertEqual(error.message, message, text)
            XCTAssertEqual(error.underlined, underlined, text)
        }
        // Raw SQL still reaches them.
        XCTAssertEqual(
            try tree(##"C.filter(sql: "\"x\"\" OR 1 OR \"\"y\" = ?", arguments: [2])"##, in: session),
            [##"c id:2 "a""bId":1 "x"" OR 1 OR ""y":2"##])
        XCTAssertEqual(
            command(":schema c", in: session).split(separator: "\n").last,
            ##"  foreign key ("a""bId") → "a""b"(id): no association, GRDB can not write the name "a\"b" in SQL (it does not double the `"` inside names)"##
        )
    }

    // MARK: Unicode, and names SQLite tells apart that Swift would not

    static let unicodeNames = """
        CREATE TABLE "café" (id INTEGER PRIMARY KEY, "naïve" TEXT);
        CREATE TABLE "書籍" (id INTEGER PRIMARY KEY, "著者" TEXT, "caféId" INTEGER REFERENCES "café"(id));
        CREATE TABLE "😀" (id INTEGER PRIMARY KEY, "🎉" TEXT, "書籍Id" INTEGER REFERENCES "書籍"(id));
        CREATE TABLE "Été" (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE "été" (id INTEGER PRIMARY KEY, "ÉtéId" INTEGER REFERENCES "Été"(id), label TEXT);
        INSERT INTO "café" VALUES (1, 'oui');
        INSERT INTO "書籍" VALUES (1, '村上春樹', 1);
        INSERT INTO "😀" VALUES (1, '🎊', 1);
        INSERT INTO "Été" VALUES (1, 'upper');
        INSERT INTO "été" VALUES (7, 1, 'lower');
        """

    func testUnicodeNames() throws {
        let session = try session(Self.unicodeNames)
        let names = session.environment.typeNames
        XCTAssertEqual(names.type(forTable: "café"), "Café")
        XCTAssertEqual(names.type(forTable: "書籍"), "書籍")
        XCTAssertNil(names.type(forTable: "😀"), "an emoji is not an identifier: only Table(\"😀\")")
        XCTAssertEqual(associations(of: "café", in: session), ["書籍s"])
        XCTAssertEqual(associations(of: "書籍", in: session), ["café", "😀s"])
        // `書籍Id` is one word: `I` follows no lower-case letter or digit (CJK has no case).
        XCTAssertEqual(associations(of: "😀", in: session), ["書籍id"])
        XCTAssertEqual(
            try tree("Café.including(all: Café.書籍s.including(all: 書籍.😀s))", in: session),
            [
                ##"café id:1 naïve:"oui""##,
                "  書籍s: 1 row",
                ##"    書籍 id:1 著者:"村上春樹" caféId:1"##,
                ##"      "😀s": 1 row"##,
                ##"        "😀" id:1 "🎉":"🎊" 書籍Id:1"##,
            ])
        XCTAssertEqual(
            sql("Table(\"😀\").including(required: Table(\"😀\").書籍id.including(optional: 書籍.café))", in: session),
            ##"SELECT "😀".*, "書籍".*, "café".* FROM "😀" JOIN "書籍" ON "書籍"."id" = "😀"."書籍Id" LEFT JOIN "café" ON "café"."id" = "書籍"."caféId""##
        )
        XCTAssertEqual(
            command(":schema \"😀\"", in: session),
            """
            table "😀"
              id INTEGER PRIMARY KEY
              "🎉" TEXT
              書籍Id INTEGER
              primary key: id
              foreign key (書籍Id) → 書籍(id)
            """)
    }

    /// SQLite folds only ASCII letters: `Été` and `été` are two tables, and each
    /// name reaches its own.
    func testNamesThatDifferOnlyByNonASCIICase() throws {
        let session = try session(Self.unicodeNames)
        XCTAssertEqual(try tree("Table(\"Été\").all()", in: session), [##"Été id:1 name:"upper""##])
        XCTAssertEqual(try tree("Table(\"été\").all()", in: session), [##"été id:7 ÉtéId:1 label:"lower""##])
        // Both would be `Été`: neither gets a type name.
        XCTAssertNil(session.environment.typeNames.type(forTable: "Été"))
        XCTAssertNil(session.environment.typeNames.type(forTable: "été"))
        XCTAssertEqual(associations(of: "Été", in: session), ["étés"])
        XCTAssertEqual(associations(of: "été", in: session), ["été"])
        XCTAssertEqual(
            try tree("Table(\"Été\").including(all: Table(\"Été\").étés)", in: session),
            [##"Été id:1 name:"upper""##, "  étés: 1 row", ##"    été id:7 ÉtéId:1 label:"lower""##])
        XCTAssertEqual(
            sql("Table(\"été\").including(required: Table(\"été\").été)", in: session),
            // GRDB's aliases fold names as Swift does: it tells the two apart with numbers.
            ##"SELECT "été1".*, "Été2".* FROM "été" "été1" JOIN "Été" "Été2" ON "Été2"."id" = "été1"."ÉtéId""##)
    }

    // MARK: Names that collide after the convention's renaming

    func testCollidingTypeNamesAreReachableThroughTable() throws {
        let session = try session(
            """
            CREATE TABLE book_author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE bookAuthor (id INTEGER PRIMARY KEY, label TEXT);
            CREATE TABLE "Book Author " (id INTEGER PRIMARY KEY);
            CREATE TABLE "Column" (id INTEGER PRIMARY KEY);
            CREATE TABLE "Row" (id INTEGER PRIMARY KEY);
            CREATE TABLE "" (id INTEGER PRIMARY KEY);
            CREATE TABLE " " (id INTEGER PRIMARY KEY);
            CREATE TABLE note (id INTEGER PRIMARY KEY, book_author_id INTEGER REFERENCES book_author(id), bookAuthorId INTEGER REFERENCES bookAuthor(id));
            INSERT INTO book_author VALUES (1, 'snake');
            INSERT INTO bookAuthor VALUES (1, 'camel');
            INSERT INTO note VALUES (5, 1, 1);
            INSERT INTO "" VALUES (42);
            """)
        let names = session.environment.typeNames
        for table in ["book_author", "bookAuthor", "Book Author ", "Column", "Row", "", " "] {
            XCTAssertNil(names.type(forTable: table), table)
        }
        XCTAssertEqual(names.type(forTable: "note"), "Note")
        XCTAssertEqual(try tree("Table(\"book_author\").all()", in: session), [##"book_author id:1 name:"snake""##])
        XCTAssertEqual(try tree("Table(\"bookAuthor\").all()", in: session), [##"bookAuthor id:1 label:"camel""##])
        XCTAssertEqual(try tree("Table(\"\").all()", in: session), [##""" id:42"##])
        XCTAssertEqual(failure("BookAuthor.all()", in: session).message, "unknown record type `BookAuthor`")
        XCTAssertEqual(failure("BookAuthor.all()", in: session).underlined, "BookAuthor")
        // Rule 5: the second `bookAuthor` gets a 2; SQLite numbers keys from the last declared.
        XCTAssertEqual(associations(of: "note", in: session), ["bookAuthor", "bookAuthor2"])
        XCTAssertEqual(
            try tree("Note.including(required: Note.bookAuthor).including(required: Note.bookAuthor2)", in: session),
            [
                "note id:5 book_author_id:1 bookAuthorId:1", ##"  bookAuthor: id:1 label:"camel""##,
                ##"  bookAuthor2: id:1 name:"snake""##,
            ])
        XCTAssertEqual(
            command(":tables", in: session),
            """
            book_author  (table)
            bookAuthor  (table)
            "Book Author "  (table)
            Column  (table)
            Row  (table)
            ""  (table)
            " "  (table)
            note  (table)  Note
            """)
        XCTAssertEqual(
            command(":schema \" \"", in: session), "table \" \"\n  id INTEGER PRIMARY KEY\n  primary key: id")
        XCTAssertEqual(command(":schema", in: session), "error: name a table, as in `:schema book`")
    }

    // MARK: Columns named like GRDB's own

    static let grdbColumns = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), grdb_authorId TEXT, grdb_x TEXT);
        INSERT INTO author VALUES (1, 'A'), (2, 'B');
        INSERT INTO book VALUES (10, 1, 'own', 'x'), (11, 2, '1', 'y');
        """

    /// GRDB groups prefetched rows by a `grdb_authorId` column it adds, found by name:
    /// the table's own column of that name would win and give wrong children.
    func testPrefetchOverAColumnNamedLikeGRDBsKeyIsRefused() throws {
        let session = try session(Self.grdbColumns)
        let (message, underlined) = failure("Author.including(all: Author.books)", in: session)
        XCTAssertEqual(
            message,
            "GRDB can not prefetch `Author.books`: `book` has its own column `grdb_authorId`, the name GRDB gives the key it groups the rows by, so every row would land under the wrong parent"
        )
        XCTAssertEqual(underlined, "Author.books", "the association, not the whole statement")
        // Without that column, the prefetch is right.
        XCTAssertEqual(
            try tree(
                "Author.including(all: Author.books.select(Column(\"id\"), Column(\"authorId\"), Column(\"grdb_x\")))",
                in: session),
            [
                ##"author id:1 name:"A""##, "  books: 1 row", ##"    book id:10 authorId:1 grdb_x:"x""##,
                ##"author id:2 name:"B""##, "  books: 1 row", ##"    book id:11 authorId:2 grdb_x:"y""##,
            ])
    }

    /// A table's own `grdb_` columns are data: shown like any other.
    func testOwnGRDBNamedColumnsAreShown() throws {
        let session = try session(Self.grdbColumns)
        XCTAssertEqual(
            try tree("Book.including(required: Book.author)", in: session),
            [
                ##"book id:10 authorId:1 grdb_authorId:"own" grdb_x:"x""##, ##"  author: id:1 name:"A""##,
                ##"book id:11 authorId:2 grdb_authorId:"1" grdb_x:"y""##, ##"  author: id:2 name:"B""##,
            ])
        XCTAssertEqual(
            try tree(
                "Author.filter(key: 1).including(all: Author.books.select(Column(\"grdb_x\"), Column(\"id\")))",
                in: session),
            [##"author id:1 name:"A""##, "  books: 1 row", ##"    book grdb_x:"x" id:10"##])
    }

    // MARK: Foreign keys that can not be used

    static let brokenKeys = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE orphan (id INTEGER PRIMARY KEY, ghostId INTEGER REFERENCES ghost(id), phantomId INTEGER REFERENCES phantom, authorNope INTEGER REFERENCES author(nope));
        CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT);
        CREATE TABLE note (id INTEGER PRIMARY KEY, tagLabel TEXT REFERENCES tag(label));
        CREATE VIEW authorView AS SELECT * FROM author;
        CREATE TABLE fan (id INTEGER PRIMARY KEY, authorViewId INTEGER REFERENCES authorView(id));
        INSERT INTO author VALUES (1, 'A');
        INSERT INTO orphan VALUES (1, 1, 1, 1);
        INSERT INTO tag VALUES (1, 'a'), (2, 'a'), (3, 'b');
        INSERT INTO note VALUES (1, 'a'), (2, 'b');
        """

    func testForeignKeysToMissingTablesAndColumnsGiveNoAssociationAndSayWhy() throws {
        let session = try session(Self.brokenKeys)
        XCTAssertEqual(associations(of: "orphan", in: session), [])
        XCTAssertEqual(associations(of: "author", in: session), [])
        XCTAssertEqual(associations(of: "fan", in: session), [])
        XCTAssertEqual(try tree("Orphan.all()", in: session), ["orphan id:1 ghostId:1 phantomId:1 authorNope:1"])
        let cases: [(String, String, String)] = [
            (
                "Orphan.including(required: Orphan.ghost)",
                "`Orphan` has no association `ghost`: the foreign key `orphan`(ghostId) can not be used: the table `ghost` is not in the database",
                "ghost"
            ),
            (
                "Orphan.including(optional: phantom)",
                "`Orphan` has no association `phantom`: the foreign key `orphan`(phantomId) can not be used: the table `phantom` is not in the database",
                "phantom"
            ),
            (
                "Orphan.including(required: Orphan.author)",
                "`Orphan` has no association `author`: the foreign key `orphan`(authorNope) can not be used: `author` has no column `nope`",
                "author"
            ),
            (
                "Author.including(all: Author.orphans)",
                "`Author` has no association `orphans`: the foreign key `orphan`(authorNope) can not be used: `author` has no column `nope`",
                "orphans"
            ),
            (
                "Fan.including(required: Fan.authorView)",
                "`Fan` has no association `authorView`: the foreign key `fan`(authorViewId) can not be used: `authorView` is a view, without keys",
                "authorView"
            ),
        ]
        for (text, message, underlined) in cases {
            let error = failure(text, in: session)
            XCTAssertEqual(error.message, message, text)
            XCTAssertEqual(error.underlined, underlined, text)
        }
        XCTAssertEqual(
            command(":schema orphan", in: session),
            """
            table orphan
              id INTEGER PRIMARY KEY
              ghostId INTEGER
              phantomId INTEGER
              authorNope INTEGER
              primary key: id
              foreign key (authorNope) → author(nope): no association, `author` has no column `nope`
              foreign key (phantomId) → phantom: no association, the table `phantom` is not in the database
              foreign key (ghostId) → ghost(id): no association, the table `ghost` is not in the database
            """)
        XCTAssertEqual(
            command(":associations orphan", in: session),
            """
            orphan has no associations
            no association: the foreign key `orphan`(authorNope) can not be used: `author` has no column `nope`
            no association: the foreign key `orphan`(phantomId) can not be used: the table `phantom` is not in the database
            no association: the foreign key `orphan`(ghostId) can not be used: the table `ghost` is not in the database
            """)
        // A declared key to the missing table is refused before GRDB sees it.
        XCTAssertEqual(
            failure("Orphan.including(required: Orphan.belongsTo(Table(\"ghost\")))", in: session).message,
            "no table or view named \"ghost\"")
    }

    /// SQLite calls a key to non-unique columns a "foreign key mismatch"; GRDB joins it
    /// as declared, so a row joins every parent that matches, as SQL does.
    func testForeignKeyToNonUniqueColumns() throws {
        let session = try session(Self.brokenKeys)
        XCTAssertEqual(associations(of: "note", in: session), ["tag"])
        XCTAssertEqual(associations(of: "tag", in: session), ["notes"])
        XCTAssertEqual(
            sql("Note.including(required: Note.tag)", in: session),
            ##"SELECT "note".*, "tag".* FROM "note" JOIN "tag" ON "tag"."label" = "note"."tagLabel""##)
        XCTAssertEqual(
            try tree("Note.including(required: Note.tag)", in: session),
            [
                ##"note id:1 tagLabel:"a""##, ##"  tag: id:1 label:"a""##,
                ##"note id:1 tagLabel:"a""##, ##"  tag: id:2 label:"a""##,
                ##"note id:2 tagLabel:"b""##, ##"  tag: id:3 label:"b""##,
            ])
        XCTAssertEqual(
            try tree("Tag.including(all: Tag.notes)", in: session),
            [
                ##"tag id:1 label:"a""##, "  notes: 1 row", ##"    note id:1 tagLabel:"a""##,
                ##"tag id:2 label:"a""##, "  notes: 1 row", ##"    note id:1 tagLabel:"a""##,
                ##"tag id:3 label:"b""##, "  notes: 1 row", ##"    note id:2 tagLabel:"b""##,
            ])
        XCTAssertEqual(
            command(":schema note", in: session).split(separator: "\n").last,
            "  foreign key (tagLabel) → tag(label): not a unique key of tag, so a row may join several")
    }

    // MARK: Cycles and self-references

    static let cycles = """
        CREATE TABLE a (id INTEGER PRIMARY KEY, bId INTEGER REFERENCES b(id));
        CREATE TABLE b (id INTEGER PRIMARY KEY, aId INTEGER REFERENCES a(id));
        CREATE TABLE employee (id INTEGER PRIMARY KEY, name TEXT, managerId INTEGER REFERENCES employee(id));
        INSERT INTO a VALUES (1, 1), (2, NULL);
        INSERT INTO b VALUES (1, 1), (2, 1);
        INSERT INTO employee VALUES (1, 'boss', NULL), (2, 'w', 1), (3, 'x', 2);
        """

    func testReferenceCycles() throws {
        let session = try session(Self.cycles)
        XCTAssertEqual(associations(of: "a", in: session), ["b", "bs"])
        XCTAssertEqual(associations(of: "b", in: session), ["as", "a"])
        XCTAssertEqual(
            sql("A.including(required: A.b.including(required: B.a.including(optional: A.b)))", in: session),
            ##"SELECT "a1".*, "b1".*, "a2".*, "b2".* FROM "a" "a1" JOIN "b" "b1" ON "b1"."id" = "a1"."bId" JOIN "a" "a2" ON "a2"."id" = "b1"."aId" LEFT JOIN "b" "b2" ON "b2"."id" = "a2"."bId""##
        )
        XCTAssertEqual(
            try tree("A.including(all: A.bs.including(all: B.as))", in: session),
            [
                "a id:1 bId:1", "  bs: 2 rows",
                "    b id:1 aId:1", "      as: 1 row", "        a id:1 bId:1",
                "    b id:2 aId:1", "      as: 0 rows",
                "a id:2 bId:NULL", "  bs: 0 rows",
            ])
    }

    func testSelfReference() throws {
        let session = try session(Self.cycles)
        XCTAssertEqual(associations(of: "employee", in: session), ["manager", "employees"])
        XCTAssertEqual(
            sql("Employee.including(optional: Employee.manager.including(optional: Employee.manager))", in: session),
            ##"SELECT "employee1".*, "employee2".*, "employee3".* FROM "employee" "employee1" LEFT JOIN "employee" "employee2" ON "employee2"."id" = "employee1"."managerId" LEFT JOIN "employee" "employee3" ON "employee3"."id" = "employee2"."managerId""##
        )
        XCTAssertEqual(
            try tree(
                "Employee.filter(key: 1).including(all: Employee.employees.including(all: Employee.employees))",
                in: session),
            [
                ##"employee id:1 name:"boss" managerId:NULL"##, "  employees: 1 row",
                ##"    employee id:2 name:"w" managerId:1"##, "      employees: 1 row",
                ##"        employee id:3 name:"x" managerId:2"##,
            ])
        XCTAssertEqual(
            try tree("Employee.annotated(with: Employee.employees.count).order(Column(\"id\"))", in: session),
            [
                ##"employee id:1 name:"boss" managerId:NULL employeeCount:1"##,
                ##"employee id:2 name:"w" managerId:1 employeeCount:1"##,
                ##"employee id:3 name:"x" managerId:2 employeeCount:0"##,
            ])
    }

    // MARK: Composite keys in another order than the parent's primary key

    static let compositeKeys = """
        CREATE TABLE region (country TEXT, code TEXT, name TEXT, PRIMARY KEY (country, code)) WITHOUT ROWID;
        CREATE TABLE city (id INTEGER PRIMARY KEY, regionCode TEXT, regionCountry TEXT, name TEXT,
            FOREIGN KEY (regionCode, regionCountry) REFERENCES region(code, country));
        CREATE TABLE town (id INTEGER PRIMARY KEY, rc TEXT, rcode TEXT, FOREIGN KEY (rc, rcode) REFERENCES region);
        CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID;
        CREATE TABLE kvRef (id INTEGER PRIMARY KEY, kvK TEXT REFERENCES kv(k));
        CREATE TABLE holder (id INTEGER PRIMARY KEY, regionCountry TEXT, regionCode TEXT, FOREIGN KEY (regionCountry, regionCode) REFERENCES region);
        INSERT INTO region VALUES ('FR', 'IDF', 'Île-de-France'), ('FR', 'BRE', 'Bretagne'), ('US', 'IDF', 'Idaho Falls');
        INSERT INTO city VALUES (1, 'IDF', 'FR', 'Paris'), (2, 'BRE', 'FR', 'Rennes'), (3, 'IDF', 'US', 'Ammon');
        INSERT INTO town VALUES (1, 'FR', 'BRE');
        INSERT INTO kv VALUES ('x', '1'), ('y', '2');
        INSERT INTO kvRef VALUES (1, 'x'), (2, 'x');
        """

    func testCompositeKeysInAnotherOrderThanThePrimaryKey() throws {
        let session = try session(Self.compositeKeys)
        XCTAssertEqual(associations(of: "region", in: session), ["cities", "towns", "holders"])
        XCTAssertEqual(
            sql("City.including(required: City.region)", in: session),
            ##"SELECT "city".*, "region".* FROM "city" JOIN "region" ON ("region"."code" = "city"."regionCode") AND ("region"."country" = "city"."regionCountry")"##
        )
        XCTAssertEqual(
            sql("Town.including(required: Town.region)", in: session),
            ##"SELECT "town".*, "region".* FROM "town" JOIN "region" ON ("region"."country" = "town"."rc") AND ("region"."code" = "town"."rcode")"##
        )
        XCTAssertEqual(
            try tree("City.including(required: City.region)", in: session),
            [
                ##"city id:1 regionCode:"IDF" regionCountry:"FR" name:"Paris""##,
                ##"  region: country:"FR" code:"IDF" name:"Île-de-France""##,
                ##"city id:2 regionCode:"BRE" regionCountry:"FR" name:"Rennes""##,
                ##"  region: country:"FR" code:"BRE" name:"Bretagne""##,
                ##"city id:3 regionCode:"IDF" regionCountry:"US" name:"Ammon""##,
                ##"  region: country:"US" code:"IDF" name:"Idaho Falls""##,
            ])
        let prefetch = try result(
            "Region.including(all: Region.cities).filter(Column(\"code\") == \"IDF\")", in: session)
        XCTAssertEqual(
            prefetch.statements.last?.sql,
            ##"WITH "grdb_base" AS (SELECT "code", "country" FROM "region" WHERE "code" = 'IDF') SELECT *, "regionCode" AS "grdb_regionCode", "regionCountry" AS "grdb_regionCountry" FROM "city" WHERE ("regionCode", "regionCountry") IN "grdb_base""##
        )
        XCTAssertEqual(
            TreeFormat.lines(table: "region", rows: prefetch.rows),
            [
                ##"region country:"FR" code:"IDF" name:"Île-de-France""##, "  cities: 1 row",
                ##"    city id:1 regionCode:"IDF" regionCountry:"FR" name:"Paris""##,
                ##"region country:"US" code:"IDF" name:"Idaho Falls""##, "  cities: 1 row",
                ##"    city id:3 regionCode:"IDF" regionCountry:"US" name:"Ammon""##,
            ])
    }

    func testWithoutRowIDTables() throws {
        let session = try session(Self.compositeKeys)
        XCTAssertEqual(try tree("Kv.filter(key: \"y\")", in: session), [##"kv k:"y" v:"2""##])
        XCTAssertEqual(
            try tree("Kv.annotated(with: Kv.kvRefs.count).including(all: Kv.kvRefs)", in: session),
            [
                ##"kv k:"x" v:"1" kvRefCount:2"##, "  kvRefs: 2 rows", ##"    kvRef id:1 kvK:"x""##,
                ##"    kvRef id:2 kvK:"x""##,
                ##"kv k:"y" v:"2" kvRefCount:0"##, "  kvRefs: 0 rows",
            ])
        XCTAssertEqual(
            sql("Region.orderByPrimaryKey().filter(key: [\"country\": \"FR\", \"code\": \"BRE\"])", in: session),
            ##"SELECT * FROM "region" WHERE ("country" = 'FR') AND ("code" = 'BRE') ORDER BY "country", "code""##)
        // T14: GRDB can not count a WITHOUT ROWID destination with a composite key.
        let count = failure(
            "Kv.annotated(with: Kv.hasMany(Region.self, using: ForeignKey([\"country\"], to: [\"k\"])).count)",
            in: session)
        XCTAssertEqual(
            count.message,
            "GRDB can not count `Kv.hasMany(Region.self)`: `region` is a WITHOUT ROWID table with a composite primary key"
        )
        XCTAssertEqual(
            failure("Table(\"region\").filter(key: \"FR\")", in: session).message,
            "`region` has a composite primary key (country, code): filter it with a dictionary")
        XCTAssertEqual(
            command(":schema kv", in: session),
            """
            table kv WITHOUT ROWID
              k TEXT PRIMARY KEY NOT NULL
              v TEXT
              primary key: k
            """)
    }

    // MARK: Keys and indexes

    /// `:schema` says which columns form a composite primary key (none of them is
    /// an `INTEGER PRIMARY KEY` on its own) and lists every index.
    func testSchemaShowsCompositeKeysAndEveryIndex() throws {
        let demo = try Session(path: nil)
        XCTAssertEqual(
            command(":schema bookTag", in: demo),
            """
            table bookTag
              bookId INTEGER NOT NULL
              tagId INTEGER NOT NULL
              primary key: bookId, tagId
              foreign key (tagId) → tag(id)
              foreign key (bookId) → book(id)
              index index_bookTag_on_tagId (tagId)
            """)
        let session = try session(
            """
            CREATE TABLE t (a INTEGER, b TEXT, c TEXT, PRIMARY KEY (b, a), UNIQUE (c));
            CREATE INDEX t_lower ON t(lower(b), a DESC);
            CREATE UNIQUE INDEX t_partial ON t(c, b) WHERE c IS NOT NULL;
            """)
        XCTAssertEqual(
            command(":schema t", in: session),
            """
            table t
              a INTEGER
              b TEXT
              c TEXT
              primary key: b, a
              unique index sqlite_autoindex_t_2 (c)
              index t_lower (<expression>, a)
              unique index t_partial (c, b), partial
            """)
    }

    /// A virtual table whose module this SQLite lacks can not be read: `:schema` says why.
    func testSchemaNotesATableWithAnUnknownModule() throws {
        let session = try session(
            """
            CREATE TABLE a (id INTEGER PRIMARY KEY);
            PRAGMA writable_schema = ON;
            INSERT INTO sqlite_master VALUES ('table', 'search', 'search', 0, 'CREATE VIRTUAL TABLE search USING lucene(body)');
            PRAGMA writable_schema = OFF;
            """)
        XCTAssertEqual(
            command(":schema search", in: session),
            """
            virtual search
              note: SQLite can not read this table: no such module: lucene
            """)
        XCTAssertEqual(command(":schema a", in: session), "table a\n  id INTEGER PRIMARY KEY\n  primary key: id")
    }

    // MARK: Views

    static let views = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
        CREATE VIEW bookView AS SELECT id, authorId, upper(title) AS shout FROM book;
        INSERT INTO author VALUES (1, 'A'), (2, 'B');
        INSERT INTO book VALUES (10, 1, 'one'), (11, 1, 'two');
        """

    func testViewsAsOriginAndDestination() throws {
        let session = try session(Self.views)
        XCTAssertEqual(session.environment.typeNames.type(forTable: "bookView"), "BookView")
        XCTAssertEqual(associations(of: "bookView", in: session), [])
        XCTAssertEqual(
            try tree(
                "BookView.including(required: BookView.belongsTo(Author.self, using: ForeignKey([\"authorId\"], to: [\"id\"])))",
                in: session),
            [
                ##"bookView id:10 authorId:1 shout:"ONE""##, ##"  author: id:1 name:"A""##,
                ##"bookView id:11 authorId:1 shout:"TWO""##, ##"  author: id:1 name:"A""##,
            ])
        XCTAssertEqual(
            try tree(
                "Author.including(all: Author.hasMany(BookView.self, using: ForeignKey([\"authorId\"], to: [\"id\"])))",
                in: session),
            [
                ##"author id:1 name:"A""##, "  bookViews: 2 rows",
                ##"    bookView id:10 authorId:1 shout:"ONE""##, ##"    bookView id:11 authorId:1 shout:"TWO""##,
                ##"author id:2 name:"B""##, "  bookViews: 0 rows",
            ])
        let inferred = failure("BookView.including(required: BookView.belongsTo(Author.self))", in: session)
        XCTAssertEqual(
            inferred.message,
            "`BookView.belongsTo(Author.self)`: GRDB can not infer a foreign key from the view `bookView`")
        let destination = failure("Author.including(all: Author.hasMany(BookView.self))", in: session)
        XCTAssertEqual(
            destination.message,
            "`Author.hasMany(BookView.self)`: GRDB can not infer a foreign key from the view `bookView`")
        XCTAssertEqual(
            failure("BookView.orderByPrimaryKey()", in: session).message, "database view bookView has no primary key")
        XCTAssertEqual(
            failure(
                "Author.annotated(with: Author.hasMany(BookView.self, using: ForeignKey([\"authorId\"], to: [\"id\"])).count)",
                in: session
            ).message,
            "`count`/`isEmpty` need a table with a primary key; `bookView` is a view")
        XCTAssertEqual(
            command(":schema bookView", in: session), "view bookView\n  id INTEGER\n  authorId INTEGER\n  shout")
    }

    /// A view that holds the key, with `ForeignKey` without `to:`: GRDB does not look
    /// for a schema foreign key on a view and joins the primary key of the other side.
    func testAViewHoldingTheKeyJoinsThePrimaryKeyOfTheOtherSide() throws {
        struct AuthorRecord: TableRecord {
            static let databaseTableName = "author"
            static let bookView = hasOne(BookViewRecord.self, using: ForeignKey(["authorId"]))
            static let bookViews = hasMany(BookViewRecord.self, using: ForeignKey(["authorId"]))
        }
        struct BookViewRecord: TableRecord {
            static let databaseTableName = "bookView"
            static let author = belongsTo(AuthorRecord.self, using: ForeignKey(["authorId"]))
        }
        let session = try session(Self.views)
        func grdbSQL<T>(_ request: QueryInterfaceRequest<T>) throws -> String {
            try session.database.read { db in try request.makePreparedRequest(db).statement.sql }
        }
        XCTAssertEqual(
            sql(
                "Author.including(optional: Author.hasOne(BookView.self, using: ForeignKey([\"authorId\"])))",
                in: session),
            try grdbSQL(AuthorRecord.including(optional: AuthorRecord.bookView)))
        XCTAssertEqual(
            try tree(
                "Author.including(all: Author.hasMany(BookView.self, using: ForeignKey([\"authorId\"])))", in: session),
            [
                ##"author id:1 name:"A""##, "  bookViews: 2 rows",
                ##"    bookView id:10 authorId:1 shout:"ONE""##, ##"    bookView id:11 authorId:1 shout:"TWO""##,
                ##"author id:2 name:"B""##, "  bookViews: 0 rows",
            ])
        XCTAssertEqual(
            try session.database.read { db in
                try Row.fetchAll(db, AuthorRecord.including(all: AuthorRecord.bookViews)).map {
                    $0.prefetchedRows["bookViews"]?.count ?? -1
                }
            }, [2, 0])
        XCTAssertEqual(
            sql(
                "BookView.including(required: BookView.belongsTo(Author.self, using: ForeignKey([\"authorId\"])))",
                in: session),
            try grdbSQL(BookViewRecord.including(required: BookViewRecord.author)))
        XCTAssertEqual(
            try tree(
                "BookView.including(required: BookView.belongsTo(Author.self, using: ForeignKey([\"authorId\"])))",
                in: session),
            [
                ##"bookView id:10 authorId:1 shout:"ONE""##, ##"  author: id:1 name:"A""##,
                ##"bookView id:11 authorId:1 shout:"TWO""##, ##"  author: id:1 name:"A""##,
            ])
        // A view on the other side has no primary key to join: GRDB traps, arbor says so.
        XCTAssertEqual(
            failure(
                "BookView.including(required: BookView.hasOne(BookView.self, using: ForeignKey([\"authorId\"])))",
                in: session
            ).message, "`BookView.hasOne(BookView.self)`: the view `bookView` has no primary key")
    }

    // MARK: FTS5, shadow tables, generated columns

    func testFTS5TablesAndTheirShadowTables() throws {
        let session = try session(
            """
            CREATE VIRTUAL TABLE doc USING fts5(title, body);
            INSERT INTO doc VALUES ('hello', 'world'), ('bye', 'moon');
            """)
        XCTAssertEqual(
            command(":tables", in: session),
            """
            doc  (virtual)  Doc
            doc_data  (shadow)
            doc_idx  (shadow)
            doc_content  (shadow)
            doc_docsize  (shadow)
            doc_config  (shadow)
            """)
        // FTS5's hidden columns (`doc`, `rank`) are not columns of `*`.
        // Its key is the hidden rowid, as GRDB's `primaryKey` says of a virtual table.
        XCTAssertEqual(command(":schema doc", in: session), "virtual doc\n  title\n  body\n  primary key: rowid")
        XCTAssertEqual(
            try tree("Doc.filter(Column(\"title\") == \"bye\")", in: session), [##"doc title:"bye" body:"moon""##])
        XCTAssertEqual(
            try tree("Doc.filter(sql: \"doc MATCH ?\", arguments: [\"world\"])", in: session),
            [##"doc title:"hello" body:"world""##])
        // Shadow tables have no type name but are reachable.
        XCTAssertNil(session.environment.typeNames.type(forTable: "doc_config"))
        XCTAssertEqual(try tree("Table(\"doc_config\").all()", in: session), ["doc_config k:\"version\" v:4"])
        XCTAssertEqual(failure("DocConfig.all()", in: session).message, "unknown record type `DocConfig`")
    }

    func testGeneratedColumns() throws {
        let session = try session(
            """
            CREATE TABLE gen (id INTEGER PRIMARY KEY, a INTEGER, v INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL, s INTEGER GENERATED ALWAYS AS (a * 3) STORED);
            CREATE TABLE item (id INTEGER PRIMARY KEY, genV INTEGER REFERENCES gen(v));
            INSERT INTO gen (id, a) VALUES (1, 5);
            INSERT INTO item VALUES (1, 10);
            """)
        XCTAssertEqual(try tree("Gen.all()", in: session), ["gen id:1 a:5 v:10 s:15"])
        XCTAssertEqual(
            try tree("Gen.select(Column(\"s\"), Column(\"v\")).filter(Column(\"v\") == 10)", in: session),
            ["gen s:15 v:10"])
        XCTAssertEqual(
            command(":schema gen", in: session),
            """
            table gen
              id INTEGER PRIMARY KEY
              a INTEGER
              v INTEGER GENERATED VIRTUAL
              s INTEGER GENERATED STORED
              primary key: id
            """)
        // A key to a generated column joins like any other.
        XCTAssertEqual(
            try tree("Item.including(required: Item.gen)", in: session),
            ["item id:1 genV:10", "  gen: id:1 a:5 v:10 s:15"])
    }

    // MARK: Size

    /// 2,000 columns, SQLite's limit: requests work, and the prefetch that would add
    /// GRDB's key column past the limit is refused before anything runs.
    func testTwoThousandColumns() throws {
        let columns = (1...1998).map { "c\($0) INTEGER" }.joined(separator: ", ")
        let session = try session(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE wide (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id), \(columns));
            INSERT INTO parent VALUES (1, 'p');
            INSERT INTO wide (id, parentId, c1, c1998) VALUES (1, 1, 7, 8);
            """)
        XCTAssertEqual(session.environment.schema.table(named: "wide")?.columns.count, 2000)
        let all = try result("Wide.all()", in: session)
        XCTAssertEqual(all.rows.first?.values.count, 2000)
        XCTAssertEqual(all.rows.first?.names.last, "c1998")
        XCTAssertEqual(
            try tree("Wide.select(Column(\"c1998\")).including(required: Wide.parent)", in: session),
            ["wide c1998:8", ##"  parent: id:1 name:"p""##])
        XCTAssertEqual(
            try tree("Parent.annotated(with: Parent.wides.count)", in: session),
            [##"parent id:1 name:"p" wideCount:1"##])
        XCTAssertEqual(
            try tree("Parent.including(all: Parent.wides.select(Column(\"id\"), Column(\"c1\")))", in: session),
            [##"parent id:1 name:"p""##, "  wides: 1 row", "    wide id:1 c1:7"])
        let prefetch = failure("Parent.including(all: Parent.wides)", in: session)
        XCTAssertEqual(
            prefetch.message,
            "GRDB can not prefetch `Parent.wides`: its 2000 columns and the 1 GRDB adds to group them (grdb_parentId) exceed SQLite's 2000 columns per row"
        )
        XCTAssertEqual(prefetch.underlined, "Parent.wides", "the association, not the whole statement")
        let join = failure("Parent.including(required: Parent.wides)", in: session)
        XCTAssertEqual(join.message, "too many columns in result set")
        XCTAssertEqual(join.underlined, "Parent.including(required: Parent.wides)")
    }

    /// 10,000 tables in a chain of keys: the schema loads and every table is named and
    /// associated (the load time is measured in Benchmarks/Engine, not here).
    func testTenThousandTables() throws {
        // One transaction: 10,000 separate commits would take seconds to write.
        var sql = "BEGIN;\nCREATE TABLE t0 (id INTEGER PRIMARY KEY, name TEXT);\n"
        for i in 1..<10_000 {
            sql +=
                "CREATE TABLE t\(i) (id INTEGER PRIMARY KEY, t\(i - 1)Id INTEGER REFERENCES t\(i - 1)(id), name TEXT);\n"
        }
        sql += "INSERT INTO t9998 VALUES (1, NULL, 'a'); INSERT INTO t9999 VALUES (1, 1, 'b'); COMMIT;"
        let session = try session(sql)
        XCTAssertEqual(session.environment.schema.tables.count, 10_000)
        XCTAssertEqual(session.environment.typeNames.type(forTable: "t9999"), "T9999")
        XCTAssertEqual(associations(of: "t5000", in: session), ["t4999", "ts5001"])
        XCTAssertEqual(
            try tree("T9999.including(required: T9999.t9998.including(all: T9998.ts9999))", in: session),
            [
                ##"t9999 id:1 t9998Id:1 name:"b""##, ##"  t9998: id:1 t9997Id:NULL name:"a""##, "    ts9999: 1 row",
                ##"      t9999 id:1 t9998Id:1 name:"b""##,
            ])
        XCTAssertEqual(
            command(":associations T9999", in: session),
            ##"t9998  belongsTo T9999 → T9998, key "t9998", using ForeignKey(["t9998Id"], to: ["id"])"##)
    }

    /// Association names that are not identifiers (`a.b`, `1st`) are typed in
    /// backticks, as Swift 6.2's raw identifiers are.
    func testAssociationNamesThatAreNotIdentifiersAreTypedInBackticks() throws {
        let session = try session(
            """
            CREATE TABLE "x.y" (id INTEGER PRIMARY KEY);
            CREATE TABLE z (id INTEGER PRIMARY KEY, "a.bId" INTEGER REFERENCES "x.y"(id), "1stId" INTEGER REFERENCES "x.y"(id));
            INSERT INTO "x.y" VALUES (1), (2);
            INSERT INTO z VALUES (1, 1, 2);
            """)
        XCTAssertEqual(
            try tree("Z.including(required: Z.`a.b`).including(optional: Z.`1st`)", in: session),
            [##"z id:1 "a.bId":1 "1stId":2"##, ##"  "a.b": id:1"##, ##"  "1st": id:2"##])
    }
}
