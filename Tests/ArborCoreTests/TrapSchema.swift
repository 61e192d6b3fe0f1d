import ArborCore
import GRDB

/// The in-memory database the trap table runs on: a table or view for each shape a
/// trap needs (two foreign keys to one table, none at all, a view, composite keys,
/// a WITHOUT ROWID table), with a few rows so that prefetches run.
enum TrapSchema {
    static let sql = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, year INTEGER, authorId INTEGER REFERENCES author(id));
        CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE bookTag (
            bookId INTEGER NOT NULL REFERENCES book(id), tagId INTEGER NOT NULL REFERENCES tag(id),
            PRIMARY KEY (bookId, tagId));
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE message (
            id INTEGER PRIMARY KEY, text TEXT,
            senderId INTEGER REFERENCES person(id), recipientId INTEGER REFERENCES person(id));
        CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT);
        CREATE VIEW bookView AS SELECT id, title, authorId FROM book;
        CREATE TABLE country (code TEXT NOT NULL, lang TEXT NOT NULL, name TEXT, PRIMARY KEY (code, lang));
        CREATE TABLE city (
            countryCode TEXT NOT NULL, countryLang TEXT NOT NULL, name TEXT NOT NULL,
            PRIMARY KEY (countryCode, countryLang, name),
            FOREIGN KEY (countryCode, countryLang) REFERENCES country(code, lang)) WITHOUT ROWID;
        INSERT INTO author VALUES (1, 'Ann'), (2, 'Bo');
        INSERT INTO book VALUES (1, 'Dune', 1965, 1), (2, 'Emma', 1815, 2), (3, 'Ubik', 1969, 1);
        INSERT INTO tag VALUES (1, 'sf'), (2, 'classic');
        INSERT INTO bookTag VALUES (1, 1), (1, 2), (3, 1);
        INSERT INTO person VALUES (1, 'Cy'), (2, 'Di');
        INSERT INTO message VALUES (1, 'hi', 1, 2);
        INSERT INTO note VALUES (1, 'n');
        INSERT INTO country VALUES ('fr', 'fr', 'France'), ('be', 'nl', 'België');
        INSERT INTO city VALUES ('fr', 'fr', 'Paris'), ('be', 'nl', 'Gent');
        """

    /// A fresh in-memory database (no file) with the schema and its rows.
    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: sql) }
        return queue
    }

    /// The schema as ArborCore's introspection reads it.
    static func graph(of queue: DatabaseQueue) throws -> SchemaGraph {
        try queue.read { try SchemaGraph.load($0) }
    }
}

/// Short builders for hand-written plans: `Book.author` is
/// `direct(.belongsTo, "book", "author", "Book.author")`.
enum Plans {
    static func column(_ name: String, alias: AliasID? = nil) -> SQLExpr { .column(name, alias: alias) }

    static func direct(
        _ kind: AssociationKind, _ origin: String, _ destination: String, _ displayName: String,
        foreignKey: ForeignKeySpec? = nil, _ operations: [RequestOperation] = []
    ) -> AssociationPlan {
        AssociationPlan(
            base: .direct(kind: kind, origin: origin, destination: destination, key: nil, foreignKey: foreignKey),
            operations: operations, displayName: displayName)
    }

    static func through(
        _ kind: AssociationKind, _ origin: String, pivot: AssociationPlan, target: AssociationPlan,
        _ displayName: String, _ operations: [RequestOperation] = []
    ) -> AssociationPlan {
        AssociationPlan(
            base: .through(kind: kind, origin: origin, pivot: pivot, target: target, key: nil),
            operations: operations, displayName: displayName)
    }

    static func keys(_ origin: [String], to destination: [String]? = nil) -> ForeignKeySpec {
        ForeignKeySpec(originColumns: origin, destinationColumns: destination)
    }

    // The schema's associations, named as an app would name them.
    static func bookAuthor(_ operations: [RequestOperation] = []) -> AssociationPlan {
        direct(.belongsTo, "book", "author", "Book.author", operations)
    }
    static func authorBooks(_ operations: [RequestOperation] = []) -> AssociationPlan {
        direct(.hasMany, "author", "book", "Author.books", operations)
    }
    static func bookTags(_ operations: [RequestOperation] = []) -> AssociationPlan {
        direct(.hasMany, "book", "bookTag", "Book.bookTags", operations)
    }
    static func bookTagBook(_ operations: [RequestOperation] = []) -> AssociationPlan {
        direct(.belongsTo, "bookTag", "book", "BookTag.book", operations)
    }
    static func bookTagTag(_ operations: [RequestOperation] = []) -> AssociationPlan {
        direct(.belongsTo, "bookTag", "tag", "BookTag.tag", operations)
    }
    /// `Book.tags`: `hasMany(Tag.self, through: bookTags, using: BookTag.tag)`.
    static func bookTagsThrough(_ operations: [RequestOperation] = []) -> AssociationPlan {
        through(.hasManyThrough, "book", pivot: bookTags(), target: bookTagTag(), "Book.tags", operations)
    }
    static func countryCities(_ operations: [RequestOperation] = []) -> AssociationPlan {
        direct(.hasMany, "country", "city", "Country.cities", operations)
    }

    /// `CommonTableExpression(named: "x", sql: "SELECT 1 AS authorId, 2 AS b")`.
    static let cte = CommonTableExpressionPlan(
        name: "x", source: .sql("SELECT 1 AS authorId, 2 AS b", arguments: SQLArguments()))

    /// `cte.all().with(cte)` refined by `operations`.
    static func cteAll(_ operations: [RequestOperation]) -> RequestPlan {
        var plan = RequestPlan(table: cte.name, operations: [.with(cte)] + operations)
        plan.commonTableExpression = cte
        return plan
    }

    /// `Author.association(to: cte, on: { author, x in author[Column("id")] == x[Column("authorId")] })`.
    static func authorCTE(_ operations: [RequestOperation] = []) -> AssociationPlan {
        let left = AliasID(id: 90, name: nil)
        let right = AliasID(id: 91, name: nil)
        let condition = JoinCondition(
            left: left, right: right,
            expression: .binary(.equal, column("id", alias: left), column("authorId", alias: right)))
        return AssociationPlan(
            base: .commonTable(origin: "author", cte: cte, condition: condition), operations: operations,
            displayName: "Author.x")
    }
}
