import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

/// `:advise` (issue 12, item 2): a fixture with each problem gets exactly one piece of
/// advice per problem, and the fix each prints, run through GRDB's `DatabaseMigrator`
/// (the migration, written here as the advice prints it) or pasted into the session
/// (the declaration, as printed), makes that advice go away and leaves the others.
final class SchemaAdviceTests: XCTestCase {
    /// One problem per table (the violating row of `book` is added apart: GRDB's
    /// migrator checks every foreign key after a migration, so a migration for another
    /// problem can only run on a database without violations).
    static let problems = """
        CREATE TABLE postal_address (id INTEGER PRIMARY KEY, street TEXT NOT NULL);
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, postalAddressId INTEGER REFERENCES postal_address(id));
        CREATE INDEX author_postalAddressId ON author(postalAddressId);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
        CREATE INDEX book_authorId ON book(authorId);
        CREATE TABLE review (id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), body TEXT);
        CREATE TABLE prize (id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id), name TEXT NOT NULL);
        CREATE INDEX prize_bookId ON prize(bookId);
        CREATE TABLE painting (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL, title TEXT);
        CREATE INDEX painting_authorId ON painting(authorId);
        CREATE TABLE translation (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), translatorId INTEGER REFERENCES author(id));
        CREATE INDEX translation_authorId ON translation(authorId);
        CREATE INDEX translation_translatorId ON translation(translatorId);
        CREATE TABLE visit (bookId INTEGER NOT NULL REFERENCES book(id), day TEXT);
        CREATE INDEX visit_bookId ON visit(bookId);
        CREATE VIEW bookTitle AS SELECT id, title FROM book;
        INSERT INTO postal_address VALUES (1, 'Rue Hugo');
        INSERT INTO author VALUES (1, 'Victor Hugo', 1), (2, 'Ada', NULL);
        INSERT INTO book VALUES (1, 1, 'Les Misérables');
        INSERT INTO review VALUES (1, 1, 'Long');
        INSERT INTO prize VALUES (1, 1, 'Best');
        INSERT INTO painting VALUES (1, 1, 'Sketch');
        INSERT INTO translation VALUES (1, 1, NULL), (2, 1, 2);
        INSERT INTO visit VALUES (1, 'Monday');
        """
    static let violation = "INSERT INTO book VALUES (2, 99, 'Lost');"

    /// Every problem but the violation, in the order `:advise` gives them: costliest
    /// to the app first (wrong data, scans, …), table names and views last.
    static let expected: [(Advice.Rule, String)] = [
        (.keyWithoutForeignKey, "painting"),
        (.unindexedForeignKey, "review"),
        (.severalForeignKeys, "translation"),
        (.nullableForeignKey, "prize"),
        (.missingPrimaryKey, "visit"),
        (.tableName, "postal_address"),
        (.viewPrimaryKey, "bookTitle"),
    ]

    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }

    private func fixture(_ sql: String) throws -> String {
        let path = try TemporaryItems.folder("advice").appendingPathComponent("advice.sqlite").path
        paths.append(path)
        let queue = try DatabaseQueue(path: path)
        // Foreign keys off, as in a file another tool wrote: the fixtures hold violations.
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA foreign_keys = OFF; " + sql) }
        return path
    }

    private func advice(_ path: String, pasting declaration: String? = nil) throws -> [Advice] {
        let session = try Session(path: path)
        if let declaration {
            for outcome in session.run(declaration) {
                if case .failure(let errors, _) = outcome { XCTFail("\(errors)") }
            }
        }
        return try session.advice()
    }

    private func rules(_ advice: [Advice]) -> [String] { advice.map { "\($0.rule) \($0.table)" } }

    private func expected(without rule: Advice.Rule, table: String) -> [String] {
        Self.expected.filter { !($0.0 == rule && $0.1 == table) }.map { "\($0.0) \($0.1)" }
    }

    private func one(_ advice: [Advice], _ rule: Advice.Rule, _ table: String) throws -> Advice {
        let found = advice.filter { $0.rule == rule && $0.table == table }
        XCTAssertEqual(found.count, 1)
        return try XCTUnwrap(found.first)
    }

    private func migrate(_ path: String, _ register: (inout DatabaseMigrator) -> Void) throws {
        var migrator = DatabaseMigrator()
        register(&migrator)
        try migrator.migrate(try DatabaseQueue(path: path))
    }

    // MARK: One piece of advice per problem

    func testEachProblemGivesExactlyOnePieceOfAdvice() throws {
        let path = try fixture(Self.problems + Self.violation)
        let advice = try advice(path)
        XCTAssertEqual(
            rules(advice), ["foreignKeyViolation book"] + Self.expected.map { "\($0.0) \($0.1)" })
        // One table: only its own advice.
        let session = try Session(path: path)
        XCTAssertEqual(rules(try session.advice(table: "prize")), ["nullableForeignKey prize"])
        XCTAssertEqual(rules(try session.advice(table: "book")), ["foreignKeyViolation book"])
        XCTAssertEqual(rules(try session.advice(checksForeignKeys: false)), Self.expected.map { "\($0.0) \($0.1)" })
    }

    /// The schema of "Trust SQLite More Than Yourself", created by the guide's own
    /// migration, gets no advice.
    func testTheGuidesSchemaGetsNoAdvice() throws {
        let path = try fixture("")
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createLibrary") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("country", .text)
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.column("authorId", .integer)
                    .notNull()
                    .indexed()
                    .references("author", onDelete: .cascade)
            }
        }
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue)
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO author VALUES (1, 'Herman Melville', NULL); INSERT INTO book VALUES (1, 'Moby-Dick', 1)"
            )
        }
        XCTAssertEqual(rules(try advice(path)), [])
        guard case .commandOutput(let text) = try Session(path: path).run(":advise")[0] else { return XCTFail() }
        XCTAssertEqual(text, "no advice: the schema follows the GRDB guides")
    }

    // MARK: Each fix makes its advice go away

    func testForeignKeyWithoutIndex() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .unindexedForeignKey, "review")
        XCTAssertEqual(
            advice.migration,
            """
            migrator.registerMigration("Index review.bookId") { db in
                try db.create(indexOn: "review", columns: ["bookId"])
            }
            """)
        try migrate(path) { migrator in
            migrator.registerMigration("Index review.bookId") { db in
                try db.create(indexOn: "review", columns: ["bookId"])
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), expected(without: .unindexedForeignKey, table: "review"))
    }

    func testNullableForeignKeyWithoutNull() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .nullableForeignKey, "prize")
        XCTAssertEqual(
            advice.migration,
            #"""
            migrator.registerMigration("Make prize.bookId NOT NULL") { db in
                try db.execute(sql: "CREATE TABLE \"new_prize\" (id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id) NOT NULL, name TEXT NOT NULL)")
                try db.execute(sql: "INSERT INTO \"new_prize\" (\"id\", \"bookId\", \"name\") SELECT \"id\", \"bookId\", \"name\" FROM \"prize\"")
                try db.drop(table: "prize")
                try db.rename(table: "new_prize", to: "prize")
                try db.execute(sql: "CREATE INDEX prize_bookId ON prize(bookId)")
            }
            """#)
        try migrate(path) { migrator in
            migrator.registerMigration("Make prize.bookId NOT NULL") { db in
                try db.execute(
                    sql:
                        "CREATE TABLE \"new_prize\" (id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id) NOT NULL, name TEXT NOT NULL)"
                )
                try db.execute(
                    sql:
                        "INSERT INTO \"new_prize\" (\"id\", \"bookId\", \"name\") SELECT \"id\", \"bookId\", \"name\" FROM \"prize\""
                )
                try db.drop(table: "prize")
                try db.rename(table: "new_prize", to: "prize")
                try db.execute(sql: "CREATE INDEX prize_bookId ON prize(bookId)")
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), expected(without: .nullableForeignKey, table: "prize"))
        // The rows and the index survived the rebuild.
        let queue = try DatabaseQueue(path: path)
        try queue.read { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM prize WHERE bookId = 1"), "Best")
            XCTAssertEqual(try db.indexes(on: "prize").map(\.name), ["prize_bookId"])
        }
    }

    func testKeyColumnWithoutForeignKeyByMigration() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .keyWithoutForeignKey, "painting")
        XCTAssertEqual(
            advice.migration,
            #"""
            migrator.registerMigration("Add the foreign key painting.authorId") { db in
                try db.execute(sql: "CREATE TABLE \"new_painting\" (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL, title TEXT, FOREIGN KEY (\"authorId\") REFERENCES \"author\"(\"id\"))")
                try db.execute(sql: "INSERT INTO \"new_painting\" (\"id\", \"authorId\", \"title\") SELECT \"id\", \"authorId\", \"title\" FROM \"painting\"")
                try db.drop(table: "painting")
                try db.rename(table: "new_painting", to: "painting")
                try db.execute(sql: "CREATE INDEX painting_authorId ON painting(authorId)")
            }
            """#)
        try migrate(path) { migrator in
            migrator.registerMigration("Add the foreign key painting.authorId") { db in
                try db.execute(
                    sql:
                        "CREATE TABLE \"new_painting\" (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL, title TEXT, FOREIGN KEY (\"authorId\") REFERENCES \"author\"(\"id\"))"
                )
                try db.execute(
                    sql:
                        "INSERT INTO \"new_painting\" (\"id\", \"authorId\", \"title\") SELECT \"id\", \"authorId\", \"title\" FROM \"painting\""
                )
                try db.drop(table: "painting")
                try db.rename(table: "new_painting", to: "painting")
                try db.execute(sql: "CREATE INDEX painting_authorId ON painting(authorId)")
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), expected(without: .keyWithoutForeignKey, table: "painting"))
    }

    func testKeyColumnWithoutForeignKeyByDeclaration() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .keyWithoutForeignKey, "painting")
        let declaration = """
            extension Painting {
                static let authorForeignKey = ForeignKey(["authorId"])
                static let author = belongsTo(Author.self, using: authorForeignKey)
            }

            extension Author {
                static let paintings = hasMany(Painting.self, using: Painting.authorForeignKey)
            }
            """
        XCTAssertEqual(advice.declaration, declaration)
        XCTAssertEqual(
            rules(try self.advice(path, pasting: declaration)),
            expected(without: .keyWithoutForeignKey, table: "painting"))
        // The association works now.
        let session = try Session(path: path)
        _ = session.run(declaration)
        guard case .count(let count, _) = session.run("Author.joining(required: Author.paintings).fetchCount(db)")[0]
        else {
            return XCTFail("no count")
        }
        XCTAssertEqual(count, 1)
    }

    func testSeveralForeignKeysToOneTable() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .severalForeignKeys, "translation")
        let declaration = """
            extension Translation {
                static let authorForeignKey = ForeignKey(["authorId"])
                static let translatorForeignKey = ForeignKey(["translatorId"])
                static let author = belongsTo(Author.self, using: authorForeignKey)
                static let translator = belongsTo(Author.self, using: translatorForeignKey)
            }

            extension Author {
                static let translationsAsAuthor = hasMany(Translation.self, using: Translation.authorForeignKey)
                static let translationsAsTranslator = hasMany(Translation.self, using: Translation.translatorForeignKey)
            }
            """
        XCTAssertEqual(advice.declaration, declaration)
        XCTAssertNil(advice.migration)
        XCTAssertEqual(
            rules(try self.advice(path, pasting: declaration)),
            expected(without: .severalForeignKeys, table: "translation"))
        // Declaring one of the two keys is not enough.
        XCTAssertEqual(
            rules(
                try self.advice(
                    path,
                    pasting:
                        "extension Author { static let translations = hasMany(Translation.self, using: ForeignKey([\"authorId\"])) }"
                )),
            Self.expected.map { "\($0.0) \($0.1)" })
    }

    func testTableNameByMigration() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .tableName, "postal_address")
        XCTAssertEqual(
            advice.what,
            "the table name postal_address is not singular camelCase (`postalAddress`): GRDB keys its rows `postal_address` where a record type `PostalAddress` expects `postalAddress` (to-one), so each association to it must spell its key out"
        )
        XCTAssertEqual(
            advice.migration,
            """
            migrator.registerMigration("Rename postal_address to postalAddress") { db in
                try db.rename(table: "postal_address", to: "postalAddress")
            }
            """)
        try migrate(path) { migrator in
            migrator.registerMigration("Rename postal_address to postalAddress") { db in
                try db.rename(table: "postal_address", to: "postalAddress")
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), expected(without: .tableName, table: "postal_address"))
    }

    func testTableNameByDeclaration() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .tableName, "postal_address")
        let declaration = """
            extension Author {
                static let postalAddress = belongsTo(PostalAddress.self, key: "postalAddress")
            }
            """
        XCTAssertEqual(advice.declaration, declaration)
        XCTAssertEqual(
            rules(try self.advice(path, pasting: declaration)), expected(without: .tableName, table: "postal_address"))
    }

    func testTableWithoutPrimaryKey() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .missingPrimaryKey, "visit")
        XCTAssertEqual(
            advice.migration,
            #"""
            migrator.registerMigration("Give visit a primary key") { db in
                try db.execute(sql: "CREATE TABLE \"new_visit\" (\"id\" INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), day TEXT)")
                try db.execute(sql: "INSERT INTO \"new_visit\" (\"id\", \"bookId\", \"day\") SELECT rowid, \"bookId\", \"day\" FROM \"visit\"")
                try db.drop(table: "visit")
                try db.rename(table: "new_visit", to: "visit")
                try db.execute(sql: "CREATE INDEX visit_bookId ON visit(bookId)")
            }
            """#)
        try migrate(path) { migrator in
            migrator.registerMigration("Give visit a primary key") { db in
                try db.execute(
                    sql:
                        "CREATE TABLE \"new_visit\" (\"id\" INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), day TEXT)"
                )
                try db.execute(
                    sql:
                        "INSERT INTO \"new_visit\" (\"id\", \"bookId\", \"day\") SELECT rowid, \"bookId\", \"day\" FROM \"visit\""
                )
                try db.drop(table: "visit")
                try db.rename(table: "new_visit", to: "visit")
                try db.execute(sql: "CREATE INDEX visit_bookId ON visit(bookId)")
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), expected(without: .missingPrimaryKey, table: "visit"))
        try DatabaseQueue(path: path).read { db in
            XCTAssertEqual(try db.primaryKey("visit").columns, ["id"])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT day FROM visit WHERE id = 1"), "Monday")
        }
    }

    /// A view never has a primary key: the fix is the app's `DatabaseSchemaSource`,
    /// which arbor can not take; dropping the view is the only way to silence it here.
    func testViewWithoutPrimaryKey() throws {
        let path = try fixture(Self.problems)
        let advice = try one(try advice(path), .viewPrimaryKey, "bookTitle")
        XCTAssertNil(advice.migration)
        XCTAssertEqual(
            advice.appCode,
            """
            struct AppSchemaSource: DatabaseSchemaSource {
                func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
                    if view.name == "bookTitle" { return ["id"] }
                    return nil
                }
            }
            // var config = Configuration()
            // config.schemaSource = AppSchemaSource()
            """)
        // The code compiles and does what it says.
        struct AppSchemaSource: DatabaseSchemaSource {
            func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
                if view.name == "bookTitle" { return ["id"] }
                return nil
            }
        }
        var config = Configuration()
        config.schemaSource = AppSchemaSource()
        try DatabaseQueue(path: path, configuration: config).read { db in
            XCTAssertEqual(try db.primaryKey("bookTitle").columns, ["id"])
        }
    }

    func testRowsThatViolateForeignKeys() throws {
        let path = try fixture(Self.problems + Self.violation)
        let advice = try one(try advice(path), .foreignKeyViolation, "book")
        XCTAssertEqual(
            advice.what,
            "1 row of book has a key (authorId) that matches no author row, such as rowid 2 (authorId = 99)")
        XCTAssertEqual(
            advice.migration,
            #"""
            migrator.registerMigration("Delete the book rows whose author does not exist") { db in
                try db.execute(sql: "DELETE FROM \"book\" WHERE \"book\".\"authorId\" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \"author\" WHERE \"author\".\"id\" = \"book\".\"authorId\")")
            }
            """#)
        try migrate(path) { migrator in
            migrator.registerMigration("Delete the book rows whose author does not exist") { db in
                try db.execute(
                    sql:
                        "DELETE FROM \"book\" WHERE \"book\".\"authorId\" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \"author\" WHERE \"author\".\"id\" = \"book\".\"authorId\")"
                )
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), Self.expected.map { "\($0.0) \($0.1)" })
        try DatabaseQueue(path: path).read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM book"), 1)
        }
    }

    /// A nullable key is set to NULL rather than its row deleted.
    func testViolationOfANullableKeyIsSetToNull() throws {
        let path = try fixture(Self.problems + "INSERT INTO translation VALUES (3, 1, 42);")
        let advice = try one(try advice(path), .foreignKeyViolation, "translation")
        XCTAssertEqual(
            advice.migration,
            #"""
            migrator.registerMigration("Set dangling translation.translatorId to NULL") { db in
                try db.execute(sql: "UPDATE \"translation\" SET \"translatorId\" = NULL WHERE \"translation\".\"translatorId\" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \"author\" WHERE \"author\".\"id\" = \"translation\".\"translatorId\")")
            }
            """#)
    }

    // MARK: Rebuilds keep what depends on the table

    /// A view and a trigger that name the rebuilt table are dropped and made again
    /// (SQLite refuses to rename a table while a view names a missing one).
    func testRebuildKeepsViewsAndTriggers() throws {
        let path = try fixture(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE book (id INTEGER PRIMARY KEY, -- the key
              authorId INTEGER REFERENCES author(id), /* its author */ title TEXT NOT NULL);
            CREATE INDEX book_authorId ON book(authorId);
            CREATE VIEW bookView AS SELECT * FROM "book";
            CREATE TRIGGER bookTrigger AFTER INSERT ON author BEGIN DELETE FROM book WHERE 0; END;
            INSERT INTO author VALUES (1, 'Ada');
            INSERT INTO book VALUES (1, 1, 'Notes');
            """)
        let advice = try one(try advice(path), .nullableForeignKey, "book")
        XCTAssertEqual(
            advice.migration,
            #"""
            migrator.registerMigration("Make book.authorId NOT NULL") { db in
                try db.execute(sql: "DROP TRIGGER IF EXISTS \"bookTrigger\"")
                try db.execute(sql: "DROP VIEW IF EXISTS \"bookView\"")
                try db.execute(sql: """
                    CREATE TABLE "new_book" (id INTEGER PRIMARY KEY, -- the key
                      authorId INTEGER REFERENCES author(id) NOT NULL, /* its author */ title TEXT NOT NULL)
                    """)
                try db.execute(sql: "INSERT INTO \"new_book\" (\"id\", \"authorId\", \"title\") SELECT \"id\", \"authorId\", \"title\" FROM \"book\"")
                try db.drop(table: "book")
                try db.rename(table: "new_book", to: "book")
                try db.execute(sql: "CREATE INDEX book_authorId ON book(authorId)")
                try db.execute(sql: "CREATE VIEW bookView AS SELECT * FROM \"book\"")
                try db.execute(sql: "CREATE TRIGGER bookTrigger AFTER INSERT ON author BEGIN DELETE FROM book WHERE 0; END")
            }
            """#)
        try migrate(path) { migrator in
            migrator.registerMigration("Make book.authorId NOT NULL") { db in
                try db.execute(sql: "DROP TRIGGER IF EXISTS \"bookTrigger\"")
                try db.execute(sql: "DROP VIEW IF EXISTS \"bookView\"")
                try db.execute(
                    sql: """
                        CREATE TABLE "new_book" (id INTEGER PRIMARY KEY, -- the key
                          authorId INTEGER REFERENCES author(id) NOT NULL, /* its author */ title TEXT NOT NULL)
                        """)
                try db.execute(
                    sql:
                        "INSERT INTO \"new_book\" (\"id\", \"authorId\", \"title\") SELECT \"id\", \"authorId\", \"title\" FROM \"book\""
                )
                try db.drop(table: "book")
                try db.rename(table: "new_book", to: "book")
                try db.execute(sql: "CREATE INDEX book_authorId ON book(authorId)")
                try db.execute(sql: "CREATE VIEW bookView AS SELECT * FROM \"book\"")
                try db.execute(
                    sql: "CREATE TRIGGER bookTrigger AFTER INSERT ON author BEGIN DELETE FROM book WHERE 0; END")
            }
        }
        XCTAssertEqual(rules(try self.advice(path)), ["viewPrimaryKey bookView"])
        try DatabaseQueue(path: path).read { db in
            XCTAssertEqual(try db.columns(in: "book").first { $0.name == "authorId" }?.isNotNull, true)
            XCTAssertTrue(try db.triggerExists("bookTrigger"))
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT title FROM bookView"), "Notes")
        }
    }

    // MARK: Hostile schemas

    /// Names with quotes, spaces and newlines, a table made by `AS SELECT`, a key to a
    /// missing table and one to a non-unique column: advice for each, every name
    /// escaped for the terminal and written as a Swift string literal in the code.
    func testHostileNames() throws {
        let path = try fixture(
            """
            CREATE TABLE "we""ird" (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE "x y" ("we""irdId" INTEGER, "bad
            line\u{1B}[2J" TEXT, "a]b" INTEGER REFERENCES "we""ird"(id));
            CREATE TABLE z AS SELECT 1 AS a;
            CREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES missing(id), q INTEGER REFERENCES "we""ird"(name));
            INSERT INTO "x y" VALUES (1, 'a', 5);
            INSERT INTO child VALUES (1, 3, 'nope');
            CREATE VIEW "v\"\"\" AS SELECT * FROM "x y";
            """)
        let advice = try advice(path)
        XCTAssertEqual(
            rules(advice),
            [
                "foreignKeyViolation x y", "keyWithoutForeignKey x y", "unindexedForeignKey x y",
                "nullableForeignKey x y", "missingPrimaryKey x y", "unindexedForeignKey child",
                "nullableForeignKey child", "missingPrimaryKey z", "tableName x y", "viewPrimaryKey v\"",
            ])
        let text = AdviceText.text(advice)
        XCTAssertFalse(text.unicodeScalars.contains { $0 == "\u{1B}" })
        XCTAssertTrue(text.contains(#"try db.create(indexOn: "x y", columns: ["a]b"])"#))
        // One table, by its SQL name; an unknown one is a located error.
        let session = try Session(path: path)
        guard case .commandOutput(let one) = session.run(#":advise "x y""#)[0] else { return XCTFail() }
        XCTAssertTrue(one.hasPrefix(#""x y": 1 row of "x y" has a key"#), one)
        guard case .failure(let errors, _) = session.run(":advise chidl")[0] else { return XCTFail() }
        XCTAssertEqual(errors.first?.message, "no table named chidl")
        XCTAssertEqual(errors.first?.suggestion, "did you mean `child`?")
    }

    /// A plural table name is no problem for an app whose own record type is singular:
    /// `struct Movie { static let databaseTableName = "movies" }` expects GRDB's `movie`.
    func testTableNameOfADeclaredType() throws {
        let path = try fixture(
            """
            CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE showing (id INTEGER PRIMARY KEY, movieId INTEGER NOT NULL REFERENCES movies(id));
            CREATE INDEX showing_movieId ON showing(movieId);
            """)
        let advice = try one(try advice(path), .tableName, "movies")
        XCTAssertEqual(
            advice.what,
            "the table name movies is not singular camelCase (`movie`): GRDB keys its rows `movie` where a record type `Movies` expects `movies` (to-one), so each association to it must spell its key out"
        )
        XCTAssertEqual(
            rules(
                try self.advice(
                    path, pasting: #"struct Movie: TableRecord { static let databaseTableName = "movies" }"#)),
            [])
    }

    // MARK: The demo

    /// The demo follows the guides but for two table names, whose associations the
    /// guides declare with `key:` (`Author.postalAddress`, `Country.demographics`).
    func testDemoAdvice() throws {
        // The demo stands for the guides: its prelude declares the keys they use.
        let session = try Session(path: nil)
        XCTAssertEqual(rules(try session.advice()), [])
    }
}
