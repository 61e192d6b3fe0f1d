import ArborCore

/// One trap of GRDB (a `fatalError`, `try!` or `precondition` that stops the process,
/// numbered as in the project's GRDB notes) and the `Validator` rule that guards it:
/// a plan GRDB would stop on, the message arbor gives instead, and a plan next to it
/// that GRDB runs, which must pass (so that a rule refusing too much fails too).
struct TrapRow {
    var trap: String
    /// The GRDB source line that traps, relative to GRDB.swift's root.
    var grdbLine: String
    var what: String
    var plan: RequestPlan
    var message: String
    var neighbour: RequestPlan
}

enum TrapTable {
    typealias P = Plans

    static let a = AliasID(id: 1, name: nil)
    static let b = AliasID(id: 2, name: nil)
    static let namedX1 = AliasID(id: 3, name: "x")
    static let namedX2 = AliasID(id: 4, name: "x")
    static let namedY = AliasID(id: 5, name: "y")

    /// `Author.book`: a to-one `hasOne(Book.self, key:)` to the same table as `Author.books`.
    static func authorBook(_ key: String) -> AssociationPlan {
        P.direct(.hasOne, "author", "book", "Author.book", [.forKey(key)])
    }

    static func table(_ name: String, _ operations: [RequestOperation]) -> RequestPlan {
        RequestPlan(table: name, operations: operations)
    }

    /// `SQLRequest<Row>(sql:arguments:)`.
    static func rawSQL(_ sql: String, _ arguments: SQLArguments) -> RequestPlan {
        var plan = RequestPlan(table: "")
        plan.rawSQL = SQLFragment(sql: sql, arguments: arguments)
        return plan
    }

    static let rows: [TrapRow] = [
        TrapRow(
            trap: "T1", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLQueryGenerator.swift:811",
            what: "a required join below an optional one",
            plan: table("bookTag", [.including(.optional, P.bookTagBook([.including(.required, P.bookAuthor())]))]),
            message: "`Book.author` is required inside an optional association: GRDB can not join it",
            neighbour: table(
                "bookTag", [.including(.required, P.bookTagBook([.including(.required, P.bookAuthor())]))])),
        TrapRow(
            trap: "T1", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLQueryGenerator.swift:811",
            // Aggregates join optionally: the validator says why the join can not be required.
            what: "a required join inside an aggregated association",
            plan: table(
                "author",
                [.annotated([.expression(.aggregate(.count(P.authorBooks([.joining(.required, P.bookTags())]))))])]),
            message: "an aggregated association can not require `Book.bookTags`: aggregates join optionally",
            neighbour: table(
                "author",
                [.annotated([.expression(.aggregate(.count(P.authorBooks([.joining(.optional, P.bookTags())]))))])])),
        TrapRow(
            trap: "T2", grdbLine: "GRDB/QueryInterface/SQLGeneration/TableAlias.swift:194",
            what: "one TableAlias for two tables",
            plan: table("book", [.aliased(a), .including(.required, P.bookAuthor([.aliased(a)]))]),
            message: "one TableAlias can not refer to two tables (`book` and `author`)",
            neighbour: table("book", [.aliased(a), .including(.required, P.bookAuthor([.aliased(b)]))])),
        TrapRow(
            trap: "T3", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLGenerationContext.swift:258",
            what: "one TableAlias for two joins of the same table",
            plan: table(
                "book",
                [
                    .including(.required, P.bookAuthor([.aliased(a), .forKey("a1")])),
                    .including(.required, P.bookAuthor([.aliased(a), .forKey("a2")])),
                ]),
            message: "one TableAlias can not be used for two joins: create one alias per join",
            neighbour: table(
                "book",
                [
                    .including(.required, P.bookAuthor([.aliased(a), .forKey("a1")])),
                    .including(.required, P.bookAuthor([.aliased(b), .forKey("a2")])),
                ])),
        TrapRow(
            trap: "T4", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLGenerationContext.swift:270",
            what: "two aliases of one name in a statement",
            plan: table("book", [.aliased(namedX1), .including(.required, P.bookAuthor([.aliased(namedX2)]))]),
            message: "two aliases are named \"x\" in one request",
            neighbour: table("book", [.aliased(namedX1), .including(.required, P.bookAuthor([.aliased(namedY)]))])),
        TrapRow(
            trap: "T5", grdbLine: "GRDB/QueryInterface/SQLGeneration/TableAlias.swift:81",
            what: "an alias used but never attached",
            plan: table("book", [.filter(.binary(.equal, P.column("title", alias: a), .value(.text("x"))))]),
            message: "a TableAlias is used in an expression but never attached with `aliased(_:)`",
            neighbour: table(
                "book", [.aliased(a), .filter(.binary(.equal, P.column("title", alias: a), .value(.text("x"))))])),
        TrapRow(
            trap: "T6", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:1241",
            what: "a direct and a through association prefetched under one key",
            plan: table("book", [.including(.all, P.bookTagsThrough()), .including(.all, P.bookTags())]),
            message:
                "GRDB can not include `Book.bookTags` and `Book.bookTags` with `including(all:)` under one key \"bookTags\"",
            neighbour: table(
                "book", [.including(.all, P.bookTagsThrough()), .including(.all, P.bookTags([.forKey("bookTagList")]))])
        ),
        TrapRow(
            trap: "T7", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:533",
            what: "one association key for two tables",
            plan: table(
                "bookTag",
                [
                    .including(.required, P.bookTagBook([.forKey("x")])),
                    .including(.required, P.bookTagTag([.forKey("x")])),
                ]),
            message: "the association key \"x\" is ambiguous: `BookTag.book` and `BookTag.tag` both use it",
            neighbour: table(
                "bookTag",
                [
                    .including(.required, P.bookTagBook([.forKey("x")])),
                    .including(.required, P.bookTagTag([.forKey("y")])),
                ])),
        TrapRow(
            trap: "T7", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:533",
            what: "one key for a prefetch and a to-one join",
            plan: table("author", [.including(.all, P.authorBooks()), .including(.optional, authorBook("books"))]),
            message: "the association key \"books\" is ambiguous: `Author.books` and `Author.book` both use it",
            neighbour: table(
                "author", [.including(.all, P.authorBooks()), .including(.optional, authorBook("firstBook"))])
        ),
        TrapRow(
            trap: "T8", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:135",
            what: "a joined association with distinct()",
            plan: table("book", [.including(.required, P.bookAuthor([.distinct]))]),
            message: "GRDB can not join `Book.author` with `distinct()`: only `including(all:)` accepts it",
            neighbour: table("author", [.including(.all, P.authorBooks([.distinct]))])),
        TrapRow(
            trap: "T8", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:138",
            what: "a joined association with a GROUP BY",
            plan: table("author", [.including(.optional, P.authorBooks([.group([P.column("year")])]))]),
            message: "GRDB can not join `Author.books` with a GROUP BY: only `including(all:)` accepts it",
            neighbour: table("author", [.including(.all, P.authorBooks([.group([P.column("year")])]))])),
        TrapRow(
            trap: "T8", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:138",
            what: "a joined association with a GROUP BY written in SQL (`group(sql:)`, `group(literal:)`)",
            plan: table("author", [.joining(.required, P.authorBooks([.groupLiteral(SQLFragment(sql: "year"))]))]),
            message: "GRDB can not join `Author.books` with a GROUP BY: only `including(all:)` accepts it",
            neighbour: table("author", [.including(.all, P.authorBooks([.groupLiteral(SQLFragment(sql: "year"))]))])),
        TrapRow(
            trap: "T8", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:138",
            what: "a joined association with a HAVING written in SQL (`having(sql:)`)",
            plan: table(
                "author", [.including(.optional, P.authorBooks([.havingLiteral(SQLFragment(sql: "COUNT(*) > 1"))]))]),
            message: "GRDB can not join `Author.books` with a GROUP BY: only `including(all:)` accepts it",
            neighbour: table(
                "author",
                [
                    .including(
                        .all,
                        P.authorBooks([
                            .groupLiteral(SQLFragment(sql: "year")), .havingLiteral(SQLFragment(sql: "COUNT(*) > 1")),
                        ]))
                ])),
        TrapRow(
            trap: "T8", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:138",
            what: "a joined association annotated with an aggregate",
            plan: table(
                "bookTag",
                [.including(.required, P.bookTagBook([.annotated([.expression(.aggregate(.count(P.bookTags())))])]))]),
            message:
                "GRDB can not join `BookTag.book` annotated with an aggregate: only `including(all:)` accepts it",
            neighbour: table(
                "author",
                [.including(.all, P.authorBooks([.annotated([.expression(.aggregate(.count(P.bookTags())))])]))])),
        TrapRow(
            trap: "T9", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:83",
            what: "two foreign keys to the destination and none chosen",
            plan: table(
                "message", [.including(.required, P.direct(.belongsTo, "message", "person", "Message.person"))]),
            message: "`Message.person`: `message` has several foreign keys to `person`",
            neighbour: table(
                "message",
                [
                    .including(
                        .required,
                        P.direct(.belongsTo, "message", "person", "Message.person", foreignKey: P.keys(["senderId"])))
                ])),
        TrapRow(
            trap: "T10", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:114",
            what: "no foreign key between the tables",
            plan: table("author", [.including(.all, P.direct(.hasMany, "author", "note", "Author.notes"))]),
            message: "`Author.notes`: no foreign key from `note` to `author`",
            neighbour: table("author", [.including(.all, P.authorBooks())])),
        TrapRow(
            trap: "T10", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:114",
            what: "a misspelled destination table",
            plan: table("book", [.including(.required, P.direct(.belongsTo, "book", "nope", "Book.nope"))]),
            message: "no table `nope` for `Book.nope`",
            neighbour: table("book", [.including(.required, P.bookAuthor())])),
        TrapRow(
            trap: "T10", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:114",
            what: "an association applied to another origin",
            plan: table("book", [.including(.all, P.authorBooks())]),
            message: "`Author.books` starts from `author`, not from `book`",
            neighbour: table("author", [.including(.all, P.authorBooks())])),
        TrapRow(
            trap: "T11", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:47",
            what: "a view as origin, without the key's columns",
            plan: table(
                "bookView", [.including(.required, P.direct(.belongsTo, "bookView", "author", "BookView.author"))]),
            message: "`BookView.author`: GRDB can not infer a foreign key from the view `bookView`",
            neighbour: table(
                "bookView",
                [
                    .including(
                        .required,
                        P.direct(.belongsTo, "bookView", "author", "BookView.author", foreignKey: P.keys(["authorId"])))
                ])),
        TrapRow(
            trap: "T12", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:98",
            what: "a view as destination, without its columns",
            plan: table(
                "author",
                [
                    .including(
                        .optional,
                        P.direct(.belongsTo, "author", "bookView", "Author.bookView", foreignKey: P.keys(["id"])))
                ]),
            message: "`Author.bookView`: the view `bookView` has no primary key",
            neighbour: table(
                "author",
                [
                    .including(
                        .optional,
                        P.direct(
                            .belongsTo, "author", "bookView", "Author.bookView",
                            foreignKey: P.keys(["id"], to: ["authorId"])))
                ])),
        TrapRow(
            trap: "T13", grdbLine: "GRDB/QueryInterface/SQL/SQLForeignKeyRequest.swift:27",
            what: "a ForeignKey with more columns on one side",
            plan: table(
                "book",
                [
                    .including(
                        .required,
                        P.direct(
                            .belongsTo, "book", "author", "Book.author",
                            foreignKey: P.keys(["authorId", "title"], to: ["id"])))
                ]),
            message: "`ForeignKey` needs as many columns on both sides, and at least one",
            neighbour: table(
                "book",
                [
                    .including(
                        .required,
                        P.direct(
                            .belongsTo, "book", "author", "Book.author", foreignKey: P.keys(["authorId"], to: ["id"]))
                    )
                ])),
        TrapRow(
            trap: "T14", grdbLine: "GRDB/QueryInterface/SQL/SQLExpression.swift:1467",
            what: "count of a WITHOUT ROWID table with a composite primary key",
            plan: table("country", [.annotated([.expression(.aggregate(.count(P.countryCities())))])]),
            message:
                "GRDB can not count `Country.cities`: `city` is a WITHOUT ROWID table with a composite primary key",
            neighbour: table(
                "country", [.annotated([.expression(.aggregate(.max(P.countryCities(), P.column("name"))))])])
        ),
        TrapRow(
            trap: "T15", grdbLine: "GRDB/QueryInterface/SQL/SQLSelection.swift:323",
            what: "a selection in SQL on a request that joins",
            plan: table(
                "book",
                [.selectSQL("book.id, title", arguments: SQLArguments()), .including(.required, P.bookAuthor())]),
            message:
                "GRDB can not count the columns of a selection written in SQL when the request joins associations",
            neighbour: table("book", [.selectSQL("book.id, title", arguments: SQLArguments())])),
        TrapRow(
            trap: "T15", grdbLine: "GRDB/QueryInterface/SQL/SQLSelection.swift:323",
            what: "a selection in SQL on a joined association",
            plan: table("book", [.including(.required, P.bookAuthor([.selectSQL("name", arguments: SQLArguments())]))]),
            message: "a selection written in SQL can not be used on a joined association",
            neighbour: table(
                "book",
                [
                    .including(
                        .required,
                        P.bookAuthor([.select([.expression(.named(.literal(SQLFragment(sql: "name")), "n"))])]))
                ]
            )),
        TrapRow(
            trap: "T15", grdbLine: "GRDB/QueryInterface/SQL/SQLSelection.swift:323",
            what: "a selection in SQL on a through association that is prefetched",
            plan: table("book", [.including(.all, P.bookTagsThrough([.selectSQL("name", arguments: SQLArguments())]))]),
            message:
                "GRDB can not count the columns of a selection written in SQL on a through association it prefetches",
            neighbour: table(
                "author", [.including(.all, P.authorBooks([.selectSQL("title", arguments: SQLArguments())]))])
        ),
        TrapRow(
            trap: "T16", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLQueryGenerator.swift:32",
            what: "an empty selection",
            plan: table("book", [.select([])]),
            message: "`select` needs at least one column",
            neighbour: table("book", [.select([.expression(P.column("title"))])])),
        TrapRow(
            trap: "T17", grdbLine: "GRDB/QueryInterface/SQL/SQLOrdering.swift:121",
            what: "reversing an ordering written in SQL",
            plan: table("book", [.orderSQL("title", arguments: SQLArguments()), .reversed]),
            message: "GRDB can not reverse an ordering written in SQL",
            neighbour: table("book", [.order([OrderingTerm(P.column("title"), .none)]), .reversed])),
        TrapRow(
            trap: "T17", grdbLine: "GRDB/QueryInterface/SQL/SQLOrdering.swift:121",
            what: "reversing a joined association's ordering written in SQL",
            plan: table(
                "book",
                [.including(.required, P.bookAuthor([.orderSQL("name", arguments: SQLArguments())])), .reversed]),
            message: "GRDB can not reverse an ordering written in SQL",
            neighbour: table(
                "book", [.including(.required, P.bookAuthor([.orderSQL("name", arguments: SQLArguments())]))])),
        TrapRow(
            trap: "T18", grdbLine: "GRDB/Core/Database+Schema.swift:389",
            what: "a scalar key on a composite primary key",
            plan: table("bookTag", [.filterKeys([.integer(1)])]),
            message: "`bookTag` has a composite primary key (bookId, tagId): filter it with a dictionary",
            neighbour: table("bookTag", [.filterKeyDictionaries([["bookId": .integer(1), "tagId": .integer(2)]])])),
        TrapRow(
            trap: "T18", grdbLine: "GRDB/Core/Database+Schema.swift:389",
            what: "a scalar key on a view",
            plan: table("bookView", [.filterKeys([.integer(1)])]),
            message: "`filter(key:)` needs a table with a primary key; `bookView` is a view",
            neighbour: table("book", [.filterKeys([.integer(1)])])),
        TrapRow(
            trap: "T19", grdbLine: "GRDB/QueryInterface/Request/RequestProtocols.swift:835",
            what: "a key dictionary that covers no unique key",
            plan: table("book", [.filterKeyDictionaries([["title": .text("Dune")]])]),
            message: "table `book` has no unique key on title",
            neighbour: table("book", [.filterKeyDictionaries([["id": .integer(1), "title": .text("Dune")]])])),
        TrapRow(
            trap: "T19", grdbLine: "GRDB/QueryInterface/Request/RequestProtocols.swift:835",
            what: "an empty key dictionary",
            plan: table("book", [.filterKeyDictionaries([[:]])]),
            message: "an empty key dictionary names no unique key of table `book`",
            neighbour: table("book", [.filterKeyDictionaries([["id": .integer(2)]])])),
        TrapRow(
            trap: "T19", grdbLine: "GRDB/QueryInterface/Request/RequestProtocols.swift:830",
            what: "a key dictionary on a view",
            plan: table("bookView", [.filterKeyDictionaries([["id": .integer(1)]])]),
            message: "`filter(key:)` needs a table with a primary key; `bookView` is a view",
            neighbour: table("book", [.filterKeyDictionaries([["id": .integer(1)]])])),
        TrapRow(
            trap: "T20", grdbLine: "GRDB/QueryInterface/SQL/SQLRelation.swift:941",
            what: "a prefetch whose parent key is not selected",
            plan: table("author", [.select([.expression(P.column("name"))]), .including(.all, P.authorBooks())]),
            message: "`including(all: Author.books)` needs the column id of `author` in the selection",
            neighbour: table(
                "author",
                [
                    .select([.expression(P.column("id")), .expression(P.column("name"))]),
                    .including(.all, P.authorBooks()),
                ]
            )),
        TrapRow(
            trap: "T21", grdbLine: "GRDB/QueryInterface/Request/QueryInterfaceRequest.swift:2390",
            what: "a prefetch whose composite parent key is not selected",
            plan: table("country", [.select([.expression(P.column("name"))]), .including(.all, P.countryCities())]),
            message: "`including(all: Country.cities)` needs the columns code, lang of `country` in the selection",
            neighbour: table(
                "country",
                [
                    .select([.expression(P.column("code")), .expression(P.column("lang"))]),
                    .including(.all, P.countryCities()),
                ])),
        TrapRow(
            trap: "T23", grdbLine: "GRDB/Core/Statement.swift:274",
            what: "a `?` without its argument",
            plan: table("book", [.filterSQL("id = ?", arguments: SQLArguments())]),
            message: "the SQL has 1 `?` placeholder but 0 arguments",
            neighbour: table("book", [.filterSQL("id = ?", arguments: SQLArguments(positional: [.integer(1)]))])),
        TrapRow(
            trap: "T23", grdbLine: "GRDB/Core/Statement.swift:274",
            what: "an argument without its `?`",
            plan: table("book", [.filterSQL("id = 1", arguments: SQLArguments(positional: [.integer(1)]))]),
            message: "the SQL has 0 `?` placeholders but 1 argument",
            neighbour: table("book", [.filterSQL("id = 1", arguments: SQLArguments())])),
        TrapRow(
            trap: "T17", grdbLine: "GRDB/QueryInterface/SQL/SQLOrdering.swift:121",
            what: "reversing an `SQL` given as an ordering (`SQL(\"year DESC\").sqlOrdering`)",
            plan: table("book", [.order([.sqlLiteral(SQLFragment([.text("year DESC")]))]), .reversed]),
            message: "GRDB can not reverse an ordering written in SQL",
            // An expression literal (`SQL("year").sqlExpression.desc`) reverses.
            neighbour: table(
                "book", [.order([OrderingTerm(.literal(SQLFragment([.text("year")])), .desc)]), .reversed])),
        TrapRow(
            trap: "T23", grdbLine: "GRDB/Core/Statement.swift:274",
            what: "a `?` without its argument in a raw SQL subquery of a request",
            plan: table(
                "book",
                [.filter(.binary(.equal, P.column("year"), .subquery(rawSQL("SELECT ?", SQLArguments()))))]),
            message: "the SQL has 1 `?` placeholder but 0 arguments",
            neighbour: table(
                "book",
                [
                    .filter(
                        .binary(
                            .equal, P.column("year"),
                            .subquery(rawSQL("SELECT ?", SQLArguments(positional: [.integer(1)])))))
                ])),
        TrapRow(
            trap: "T23", grdbLine: "GRDB/Core/Statement.swift:274",
            what: "a named placeholder without its argument",
            plan: table("book", [.filterSQL("id = :id", arguments: SQLArguments(named: ["other": .integer(1)]))]),
            message: "the SQL uses the named argument `:id` but the arguments have no \"id\"",
            neighbour: table("book", [.filterSQL("id = :id", arguments: SQLArguments(named: ["id": .integer(1)]))])),
        TrapRow(
            trap: "T24", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLGenerationContext.swift:193",
            what: "all columns but some of a common table expression read",
            plan: P.cteAll([.select([.allColumnsExcluding(["authorId"])])]),
            message:
                "GRDB can not list the columns of the common table expression `x`: `.allColumns(excluding:)` can not select from it",
            neighbour: P.cteAll([.select([.expression(P.column("b"))])])),
        TrapRow(
            trap: "T24", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLGenerationContext.swift:193",
            what: "all columns but some of a common table expression joined",
            plan: table(
                "author",
                [.with(P.cte), .including(.required, P.authorCTE([.select([.allColumnsExcluding(["b"])])]))]),
            message:
                "GRDB can not list the columns of the common table expression `x`: `.allColumns(excluding:)` can not select from it",
            neighbour: table(
                "author", [.with(P.cte), .including(.required, P.authorCTE([.select([.expression(P.column("b"))])]))])
        ),
        TrapRow(
            trap: "T1", grdbLine: "GRDB/QueryInterface/SQLGeneration/SQLQueryGenerator.swift:811",
            what: "a required annotation inside an aggregated association",
            plan: table(
                "author",
                [
                    .annotated([
                        .expression(.aggregate(.count(P.authorBooks([.annotatedWithRequired(P.bookTags())]))))
                    ])
                ]),
            message: "an aggregated association can not hold `annotated(withRequired:)`: aggregates join optionally",
            neighbour: table(
                "author",
                [
                    .annotated([
                        .expression(.aggregate(.count(P.authorBooks([.annotatedWithOptional(P.bookTags())]))))
                    ])
                ])),
        TrapRow(
            trap: "T25", grdbLine: "GRDB/QueryInterface/Request/QueryInterfaceRequest.swift:2175",
            what: "a through association prefetched whose pivot is an association to a common table expression",
            plan: table(
                "author",
                [
                    .with(P.cte),
                    .including(
                        .all,
                        P.through(
                            .hasManyThrough, "author", pivot: P.authorCTE(),
                            target: P.direct(
                                .belongsTo, "x", "author", "X.author", foreignKey: P.keys(["authorId"], to: ["id"])),
                            "Author.coauthors")),
                ]),
            message:
                "GRDB can not prefetch `Author.coauthors`: its pivot joins the common table expression `x` by a condition, not by a foreign key",
            neighbour: table("book", [.including(.all, P.bookTagsThrough())])),
        TrapRow(
            trap: "T26", grdbLine: "GRDB/QueryInterface/SQLGeneration/TableAlias.swift:127",
            what: "two named aliases on one source (an assert in debug builds)",
            plan: table("book", [.aliased(namedX1), .aliased(namedY)]),
            message: "a request or association takes one `aliased(_:)`",
            neighbour: table("book", [.aliased(namedY)])),
    ]
}
