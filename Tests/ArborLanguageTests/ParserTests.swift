import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

final class ParserTests: XCTestCase {
    // MARK: - Helpers

    /// The only statement of `text`, an expression, with no error.
    private func expr(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Expr? {
        let result = Parser.parse(text)
        XCTAssertEqual(result.errors, [], "in \(text)", file: file, line: line)
        guard result.statements.count == 1, case .expression(let expr) = result.statements[0] else {
            XCTFail("expected one expression in \(text), got \(result.statements)", file: file, line: line)
            return nil
        }
        return expr
    }

    /// The tree of `text` as an S-expression, to check its shape.
    private func tree(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        expr(text, file: file, line: line).map(sexp) ?? "<none>"
    }

    private func errors(_ text: String) -> [ArborError] { Parser.parse(text).errors }

    private func declarations(_ result: ParseResult, file: StaticString = #filePath, line: UInt = #line)
        -> [TypeDeclaration]
    {
        XCTAssertEqual(result.errors, [], file: file, line: line)
        guard result.statements.count == 1, case .declarations(let declarations) = result.statements[0] else {
            XCTFail("expected one declarations statement, got \(result.statements)", file: file, line: line)
            return []
        }
        return declarations
    }

    /// `name = value` for each static let, `name { … }` for nested types.
    private func outline(_ declaration: TypeDeclaration) -> [String] {
        declaration.members.compactMap { member in
            switch member {
            case .property(let p) where p.isStatic:
                if case .initializer(let value)? = p.value { "\(p.name) = \(sexp(value))" } else { "\(p.name) { … }" }
            case .nested(let nested):
                "\(nested.keyword.rawValue) \(nested.name) { \(outline(nested).joined(separator: "; ")) }"
            default: nil
            }
        }
    }

    // MARK: - Literals and primaries

    func testLiterals() {
        XCTAssertEqual(tree("42"), "42")
        XCTAssertEqual(tree("1.5"), "1.5")
        XCTAssertEqual(tree(#""a\n😀""#), "\"a\n😀\"")
        XCTAssertEqual(tree("true"), "true")
        XCTAssertEqual(tree("false"), "false")
        XCTAssertEqual(tree("nil"), "nil")
        XCTAssertEqual(tree("`nil`"), "nil-identifier")
        XCTAssertEqual(tree("$0"), "$0")
        XCTAssertEqual(tree("0x10 + 0b11 + 0o7 + 1_000"), "(+ (+ (+ 16 3) 7) 1000)")
    }

    func testNegativeLiterals() {
        XCTAssertEqual(tree("-1"), "-1")
        XCTAssertEqual(tree("-1.5"), "-1.5")
        XCTAssertEqual(tree("-9223372036854775808"), "-9223372036854775808")
        XCTAssertEqual(tree("- 1"), "(-1)")
        XCTAssertEqual(tree("a - 1"), "(- a 1)")
        XCTAssertEqual(tree("a -1"), "(- a 1)")
        XCTAssertEqual(
            errors("9223372036854775808").map(\.message), ["integer literal `9223372036854775808` overflows Int64"])
    }

    func testArraysAndDictionaries() {
        XCTAssertEqual(tree("[]"), "[]")
        XCTAssertEqual(tree("[1, 2, 3,]"), "[1, 2, 3]")
        XCTAssertEqual(tree("[:]"), "[:]")
        XCTAssertEqual(tree(#"["id": 1, "name": "x"]"#), #"["id": 1, "name": "x"]"#)
        XCTAssertEqual(tree("[[1], [2: 3]]"), "[[1], [2: 3]]")
        XCTAssertEqual(tree("[1, 2].contains(Column(\"x\"))"), "(call (. [1, 2] contains) (call Column \"x\"))")
        XCTAssertEqual(errors("[1: 2, 3]").map(\.range), [SourceRange(8, 9)])
        XCTAssertEqual(errors("[1, 2: 3]").map(\.range), [SourceRange(5, 6)])
    }

    func testParenthesesAreKept() {
        XCTAssertEqual(tree("(a + b) * c"), "(* (paren (+ a b)) c)")
        guard let e = expr("(1...3).contains(x)"), case .call(let callee, _) = e.kind,
            case .member(let base, _, _) = callee.kind
        else { return XCTFail() }
        XCTAssertEqual(base.range, SourceRange(0, 7))
        XCTAssertEqual(errors("()").count, 1)
        XCTAssertEqual(errors("(1, 2)").map(\.message), ["tuples are not supported"])
    }

    func testImplicitMembers() {
        XCTAssertEqual(tree(".nocase"), ".nocase")
        XCTAssertEqual(
            tree("Column(\"name\").collating(.nocase)"), "(call (. (call Column \"name\") collating) .nocase)")
        XCTAssertEqual(tree("cast(x, as: .integer)"), "(call cast x as: .integer)")
    }

    func testKeyPaths() {
        XCTAssertEqual(tree(#"\.name"#), #"\.name"#)
        XCTAssertEqual(tree(#"\.$name"#), #"\.name"#)
        XCTAssertEqual(tree(#"\Book.name"#), #"\Book.name"#)
        XCTAssertEqual(tree(#"\Book.author.name"#), #"\Book.author.name"#)
        XCTAssertEqual(tree(#"Book.order(\.title, \.year)"#), #"(call (. Book order) \.title \.year)"#)
        XCTAssertEqual(expr(#"x(\Book.name)"#).flatMap(firstArgument)?.range, SourceRange(2, 12))
        XCTAssertEqual(errors(#"\Book"#).count, 1)
        XCTAssertEqual(errors(#"\."#).count, 1)
    }

    func testClosures() {
        XCTAssertEqual(tree("{ $0.name }"), "{(. $0 name)}")
        XCTAssertEqual(tree("{ book in book.year > 2000 }"), "{book in (> (. book year) 2000)}")
        XCTAssertEqual(tree("{ a, b in a }"), "{a b in a}")
        XCTAssertEqual(tree("{ (a) in a }"), "{a in a}")
        XCTAssertEqual(tree("{ (a: Book, b: [String: Int]) -> Bool in return a.x }"), "{a b in (. a x)}")
        XCTAssertEqual(tree("{ a -> Bool in a.x }"), "{a in (. a x)}")
        XCTAssertEqual(tree("{ _ in true }"), "{_ in true}")
        XCTAssertEqual(tree("{ return $0 }"), "{$0}")
        XCTAssertEqual(tree("{ ($0.a) }"), "{(paren (. $0 a))}")
        XCTAssertEqual(tree("{ book in\n    book.year > 2000\n}"), "{book in (> (. book year) 2000)}")
    }

    func testMalformedClosures() {
        XCTAssertEqual(errors("{ }").map(\.message), ["expected an expression in the closure"])
        // A closure of several statements parses; what it returns is the evaluator's business.
        XCTAssertEqual(errors("{ a; b }").map(\.message), [])
        XCTAssertEqual(errors("{ a b }").map(\.range), [SourceRange(4, 5)])
        XCTAssertEqual(errors("{ a").map(\.message), ["expected `}` to close `{`"])
    }

    func testTryAndAwaitAreIgnored() {
        XCTAssertEqual(tree("try Author.fetchAll(db)"), "(call (. Author fetchAll) db)")
        XCTAssertEqual(tree("try? x"), "x")
        XCTAssertEqual(tree("try! x"), "x")
        XCTAssertEqual(tree("try await x"), "x")
        XCTAssertEqual(tree("!try x"), "(!x)")
        XCTAssertEqual(expr("try x")?.range, SourceRange(4, 5))
    }

    // MARK: - Operators

    func testPrecedenceOfEveryOperatorGroup() {
        // Each group binds tighter than the next one (Swift's standard groups).
        let groups: [[String]] = [
            ["<<", ">>"], ["*", "/", "%", "&"], ["+", "-", "|", "^"], ["...", "..<"], ["??"],
            ["==", "!=", "===", "!==", "<", "<=", ">", ">="], ["&&"], ["||"],
        ]
        for (index, tighter) in groups.enumerated() {
            for looser in groups[(index + 1)...] {
                for high in tighter {
                    for low in looser {
                        XCTAssertEqual(tree("a \(low) b \(high) c"), "(\(low) a (\(high) b c))", "\(low) \(high)")
                        XCTAssertEqual(tree("a \(high) b \(low) c"), "(\(low) (\(high) a b) c)", "\(high) \(low)")
                    }
                }
            }
        }
    }

    func testAssociativity() {
        for op in ["<<", ">>", "*", "/", "%", "&", "+", "-", "|", "^", "&&", "||"] {
            XCTAssertEqual(tree("a \(op) b \(op) c"), "(\(op) (\(op) a b) c)", op)
        }
        XCTAssertEqual(tree("a + b - c"), "(- (+ a b) c)")
        XCTAssertEqual(tree("a * b / c % d"), "(% (/ (* a b) c) d)")
        XCTAssertEqual(tree("a ?? b ?? c"), "(?? a (?? b c))")
    }

    func testComparisonsAndRangesDoNotChain() {
        for (first, second) in [("<", "<"), ("==", "<"), ("...", "..<"), ("!==", "=="), (">=", "<=")] {
            let errors = errors("a \(first) b \(second) c")
            XCTAssertEqual(errors.count, 1, "\(first) \(second)")
            XCTAssertEqual(
                errors.first?.message, "adjacent operators `\(first)` and `\(second)` cannot be chained",
                "\(first) \(second)")
            XCTAssertEqual(errors.first?.suggestion, "add parentheses")
        }
        XCTAssertEqual(errors("a < b < c").first?.range, SourceRange(6, 7))
        XCTAssertEqual(tree("(a < b) == c"), "(== (paren (< a b)) c)")
        XCTAssertEqual(tree("a == b && c < d"), "(&& (== a b) (< c d))")
        XCTAssertEqual(tree("a ?? b == c"), "(== (?? a b) c)")
        XCTAssertEqual(tree("a...b == c"), "(== (... a b) c)")
    }

    func testPrefixOperators() {
        XCTAssertEqual(tree("!a && b"), "(&& (!a) b)")
        XCTAssertEqual(tree("-a.b"), "(-(. a b))")
        XCTAssertEqual(tree("~a + +b"), "(+ (~a) (+b))")
        XCTAssertEqual(tree("!!a"), "(!(!a))")
        XCTAssertEqual(tree("-(1)"), "(-(paren 1))")
    }

    // MARK: - Postfix expressions

    func testMemberAccessAndCalls() {
        XCTAssertEqual(
            tree("Author.including(all: Author.books).having(Author.books.count >= 2)"),
            "(call (. (call (. Author including) all: (. Author books)) having) (>= (. (. Author books) count) 2))")
        XCTAssertEqual(tree("Author.self"), "(. Author self)")
        XCTAssertEqual(tree("belongsTo(Author.self)"), "(call belongsTo (. Author self))")
        XCTAssertEqual(tree("Book.all().fetchAll(db)"), "(call (. (call (. Book all)) fetchAll) db)")
        XCTAssertEqual(tree("Book.limit(10, offset: 5)"), "(call (. Book limit) 10 offset: 5)")
        XCTAssertEqual(tree("f()"), "(call f)")
        XCTAssertEqual(tree("f(1,)"), "(call f 1)")
        XCTAssertEqual(tree("Book.`order`"), "(. Book order)")
        XCTAssertEqual(tree("f(in: 1, for: 2)"), "(call f in: 1 for: 2)")
    }

    func testSubscripts() {
        XCTAssertEqual(tree(#"alias[Column("x")]"#), #"(sub alias (call Column "x"))"#)
        XCTAssertEqual(tree("TableAlias()[\"x\"] == 1"), "(== (sub (call TableAlias) \"x\") 1)")
    }

    func testTrailingClosures() {
        XCTAssertEqual(tree("Book.filter { $0.year > 2000 }"), "(call (. Book filter) trailing:{(> (. $0 year) 2000)})")
        XCTAssertEqual(tree("filter { $0.a }"), "(call filter trailing:{(. $0 a)})")
        XCTAssertEqual(
            tree("Book.including(all: Author.books) { $0.x }"),
            "(call (. Book including) all: (. Author books) trailing:{(. $0 x)})")
        XCTAssertEqual(
            tree(#"Book.filter { $0.a }.order(\.b)"#),
            #"(call (. (call (. Book filter) trailing:{(. $0 a)}) order) \.b)"#)
        guard let e = expr("f(a) { $0 }"), case .call(_, let arguments) = e.kind else { return XCTFail() }
        XCTAssertEqual(arguments.map(\.isTrailingClosure), [false, true])
        XCTAssertEqual(e.range, SourceRange(0, 11))
    }

    func testMemberChainsContinueAcrossLines() {
        let text = """
            Author
                .including(all: Author.books)
                .filter(Column("x") > 1)
            """
        XCTAssertEqual(
            tree(text), "(call (. (call (. Author including) all: (. Author books)) filter) (> (call Column \"x\") 1))")
        XCTAssertEqual(tree("a\n  && b\n  || c"), "(|| (&& a b) c)")
        XCTAssertEqual(tree("f(\n  a,\n  b\n)"), "(call f a b)")
        // A call, a subscript or a closure on the next line is not a suffix, and `-1` starts a statement.
        XCTAssertEqual(Parser.parse("f\n(1)").statements.count, 2)
        XCTAssertEqual(Parser.parse("a\n[1]").statements.count, 2)
        XCTAssertEqual(Parser.parse("a\n-1").statements.count, 2)
        XCTAssertEqual(Parser.parse("a\n...\nb").errors.count, 1)
    }

    // MARK: - Ranges

    func testRangesOfNodes() {
        // "Author.filter(Column("é") == "😀" && x)": é takes 2 bytes, 😀 takes 4.
        guard let e = expr(#"Author.filter(Column("é") == "😀" && x)"#), case .call(let callee, let arguments) = e.kind,
            case .member(let author, "filter", let nameRange) = callee.kind,
            case .binary(.and, let comparison, let x) = arguments.first?.value.kind,
            case .binary(.equal, let column, let emoji) = comparison.kind
        else { return XCTFail() }
        XCTAssertEqual(e.range, SourceRange(0, 42))
        XCTAssertEqual(author.range, SourceRange(0, 6))
        XCTAssertEqual(nameRange, SourceRange(7, 13))
        XCTAssertEqual(callee.range, SourceRange(0, 13))
        XCTAssertEqual(column.range, SourceRange(14, 26))
        XCTAssertEqual(emoji.range, SourceRange(30, 36))
        XCTAssertEqual(comparison.range, SourceRange(14, 36))
        XCTAssertEqual(x.range, SourceRange(40, 41))
        XCTAssertEqual(arguments.first?.value.range, SourceRange(14, 41))
    }

    func testRangesOfLabelsClosuresAndCollections() {
        guard let e = expr("é.f(all: [1, 2]) { $0 }"), case .call(let callee, let arguments) = e.kind else {
            return XCTFail()
        }
        XCTAssertEqual(callee.range, SourceRange(0, 4))
        XCTAssertEqual(arguments[0].labelRange, SourceRange(5, 8))
        XCTAssertEqual(arguments[0].value.range, SourceRange(10, 16))
        XCTAssertEqual(arguments[0].range, SourceRange(5, 16))
        XCTAssertEqual(arguments[1].value.range, SourceRange(18, 24))
        XCTAssertEqual(e.range, SourceRange(0, 24))
        XCTAssertEqual(expr("-😀")?.range, SourceRange(0, 5))
        XCTAssertEqual(expr(".nocase")?.range, SourceRange(0, 7))
        XCTAssertEqual(expr("(a)")?.range, SourceRange(0, 3))
    }

    func testRangesAcrossStatements() {
        let result = Parser.parse("let é = 1\n:schema book\n  😀.x")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.statements.map(\.range), [SourceRange(0, 10), SourceRange(11, 23), SourceRange(26, 32)])
        guard case .letBinding(let name, let nameRange, _, _) = result.statements[0] else { return XCTFail() }
        XCTAssertEqual(name, "é")
        XCTAssertEqual(nameRange, SourceRange(4, 6))
    }

    // MARK: - Statements

    func testLetBindings() {
        let result = Parser.parse(
            "let books = Author.books\nvar x: QueryInterfaceRequest<Author> = Author.all(); let d: [String: Int] = [:]")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.statements.count, 3)
        guard case .letBinding("books", SourceRange(4, 9), let value, SourceRange(0, 24)) = result.statements[0],
            case .varBinding("x", _, let second, _) = result.statements[1],
            case .letBinding("d", _, let third, _) = result.statements[2]
        else { return XCTFail("\(result.statements)") }
        XCTAssertEqual(sexp(value), "(. Author books)")
        XCTAssertEqual(sexp(second), "(call (. Author all))")
        XCTAssertEqual(sexp(third), "[:]")
    }

    func testMalformedLetBindings() {
        XCTAssertEqual(errors("let = 3").map(\.message), ["expected a name after `let`, found `=`"])
        XCTAssertEqual(errors("let x: Int").map(\.message), ["expected `=` and a value after `let x`"])
        XCTAssertEqual(errors("let x: Int").map(\.range), [SourceRange(10, 10)])
        XCTAssertEqual(errors("let x 3").map(\.range), [SourceRange(6, 7)])
    }

    func testCommands() {
        let result = Parser.parse(":schema book\nAuthor.all()\n  :load My Models.swift  \n:quit")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(
            result.statements.filter { if case .command = $0 { true } else { false } },
            [
                .command(name: "schema", argument: "book", range: SourceRange(0, 12)),
                .command(name: "load", argument: "My Models.swift", range: SourceRange(28, 49)),
                .command(name: "quit", argument: "", range: SourceRange(52, 57)),
            ])
        XCTAssertEqual(result.statements.count, 4)
        // Not in source files.
        XCTAssertEqual(Parser.parseSourceFile(":schema book").statements, [])
    }

    func testStatementSeparators() {
        XCTAssertEqual(Parser.parse("a; b\nc ;; d\n\n").statements.count, 4)
        XCTAssertEqual(Parser.parse("").statements, [])
        XCTAssertEqual(Parser.parse("  // only a comment\n/* and another */").statements, [])
        XCTAssertEqual(errors("a b").map(\.message), ["consecutive statements on a line must be separated by `;`"])
        XCTAssertEqual(errors("a b").map(\.range), [SourceRange(2, 3)])
        // `x = 1` gives a `var` a new value; only a name can be assigned.
        guard
            case .assignment("x", SourceRange(0, 1), let value, SourceRange(0, 5))? = Parser.parse("x = 1").statements
                .first
        else { return XCTFail("\(Parser.parse("x = 1").statements)") }
        XCTAssertEqual(sexp(value), "1")
        XCTAssertEqual(errors("a.b = 1").map(\.message), ["only a name can be assigned at the prompt"])
        XCTAssertEqual(errors("a.b = 1").map(\.suggestion), ["declare it with `var name = value` first"])
        XCTAssertEqual(errors("a)").map(\.range), [SourceRange(1, 2)])
    }

    // MARK: - Declarations

    func testExtensionWithAStaticLet() {
        let text = "extension Book { static let translator = belongsTo(Person.self, using: Book.translatorForeignKey) }"
        let declarations = declarations(Parser.parse(text))
        XCTAssertEqual(declarations.count, 1)
        guard let book = declarations.first else { return }
        XCTAssertEqual(book.keyword, .extension)
        XCTAssertEqual(book.name, "Book")
        XCTAssertEqual(book.nameRange, SourceRange(10, 14))
        XCTAssertEqual(book.range, SourceRange(0, 99))
        XCTAssertEqual(
            outline(book), ["translator = (call belongsTo (. Person self) using: (. Book translatorForeignKey))"])
        guard case .property(let property) = book.members[0] else { return XCTFail() }
        XCTAssertEqual(property.nameRange, SourceRange(28, 38))
        XCTAssertEqual(property.range, SourceRange(17, 97))
    }

    func testDeclarationsFromTheAssociationsGuide() {
        let text = """
            struct Book: TableRecord {
                // Define foreign keys
                static let authorForeignKey = ForeignKey(["authorId"])
                static let translatorForeignKey = ForeignKey(["translatorId"])

                // Use foreign keys to define associations:
                static let author = belongsTo(Person.self, using: authorForeignKey)
                static let translator = belongsTo(Person.self, using: translatorForeignKey)
                ...
            }

            struct Person: TableRecord {
                static let writtenBooks = hasMany(Book.self, using: Book.authorForeignKey)
                static let translatedBooks = hasMany(Book.self, using: Book.translatorForeignKey)
            }

            extension Team {
                static let playerRoles = hasMany(PlayerRole.self).order(Column("position"))

                static let players = hasMany(Player.self, through: playerRoles, using: PlayerRole.player)

                var players: QueryInterfaceRequest<Player> {
                    request(for: Team.players)
                }
            }

            struct Document: TableRecord {
                static let paragraphs = hasMany(
                    Paragraph.self,
                    through: Document.hasMany(Section.self),
                    using: Section.hasMany(Paragraph.self))
                ...
            }

            struct PostalAddress: TableRecord {
                // Customized table name
                static let databaseTableName = "postal_address"
            }

            struct Author {
                static let books = hasMany(Book.self, using: ForeignKey(...))
            }
            """
        let declarations = declarations(Parser.parse(text))
        XCTAssertEqual(declarations.map(\.name), ["Book", "Person", "Team", "Document", "PostalAddress", "Author"])
        XCTAssertEqual(
            declarations.map(outline),
            [
                [
                    "authorForeignKey = (call ForeignKey [\"authorId\"])",
                    "translatorForeignKey = (call ForeignKey [\"translatorId\"])",
                    "author = (call belongsTo (. Person self) using: authorForeignKey)",
                    "translator = (call belongsTo (. Person self) using: translatorForeignKey)",
                ],
                [
                    "writtenBooks = (call hasMany (. Book self) using: (. Book authorForeignKey))",
                    "translatedBooks = (call hasMany (. Book self) using: (. Book translatorForeignKey))",
                ],
                [
                    "playerRoles = (call (. (call hasMany (. PlayerRole self)) order) (call Column \"position\"))",
                    "players = (call hasMany (. Player self) through: playerRoles using: (. PlayerRole player))",
                ],
                [
                    "paragraphs = (call hasMany (. Paragraph self) through: (call (. Document hasMany) (. Section self)) using: (call (. Section hasMany) (. Paragraph self)))"
                ],
                ["databaseTableName = \"postal_address\""],
                // `...` is Swift's closed-range operator passed as a function: valid Swift, read.
                ["books = (call hasMany (. Book self) using: (call ForeignKey ...))"],
            ])
    }

    func testDeclarationModifiersAndMembersThatAreSkipped() {
        let text = """
            @MainActor
            public final class Player: Record, @unchecked Sendable {
                public nonisolated(unsafe) static var count: Int = 0
                private(set) var id: Int64?
                enum Kind { static let a = 1 }
                var ids: Array<Int64>
                static let afterGeneric = 2
                var force: String!
                @Published var name = ""
                var score: Int { get { 1 } set { } }
                lazy var formatter = { () -> Int in
                    return 1
                }()
                public static let team = belongsTo(Team.self)
                class var defaultName: String { "x" }
                class func make() -> Player { Player() }
                static func helper(_ x: Int)
                    -> Int
                {
                    x * 2
                }
                init(id: Int64?,
                     name: String) {
                    self.id = id
                }
                deinit {}
                subscript(index: Int) -> Int { index }
                typealias ID = Int64
                static let description = "Player: \\(name)"
                static let ok = 1; static let alsoOk = 2
                @available(iOS 15, *) static let available = 3
            }
            """
        let declarations = declarations(Parser.parse(text))
        XCTAssertEqual(declarations.first?.keyword, .class)
        XCTAssertEqual(declarations.first?.range.lowerBound, 0)
        XCTAssertEqual(
            declarations.first.map(outline),
            [
                "count = 0", "enum Kind { a = 1 }", "afterGeneric = 2", "team = (call belongsTo (. Team self))",
                "defaultName { … }",
                // Kept since interpolations parse (for `SQL("…\(x)")`); evaluating it fails, so it is skipped then.
                #"description = (interpolated "Player: " (\name))"#,
                "ok = 1",
                "alsoOk = 2", "available = 3",
            ])
    }

    func testNestedTypesAndEnums() {
        let text = """
            extension Author {
                enum Columns: String, ColumnExpression {
                    case id, name, country
                    indirect case other(Columns)
                    static let all = [id, name]
                }
                struct Nested<T> where T: Hashable {
                    enum Deeper { static let x = 1 }
                }
            }
            extension Author.Columns {
                static let countryCode = Column("country_code")
            }
            actor Store { static let shared = Store() }
            """
        let declarations = declarations(Parser.parse(text))
        XCTAssertEqual(declarations.map(\.name), ["Author", "Author.Columns", "Store"])
        XCTAssertEqual(declarations[1].nameRange, SourceRange(274, 288))
        XCTAssertEqual(
            declarations.map(outline),
            [
                ["enum Columns { all = [id, name] }", "struct Nested { enum Deeper { x = 1 } }"],
                ["countryCode = (call Column \"country_code\")"],
                ["shared = (call Store)"],
            ])
        XCTAssertEqual(declarations[2].keyword, .actor)
    }

    func testConsecutiveDeclarationsAreOneStatement() {
        let result = Parser.parse("extension A {}\nextension B { static let c = d }\nAuthor.all()\nstruct C {}")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.statements.count, 3)
        guard case .declarations(let first) = result.statements[0], case .declarations(let last) = result.statements[2]
        else { return XCTFail() }
        XCTAssertEqual(first.map(\.name), ["A", "B"])
        XCTAssertEqual(last.map(\.name), ["C"])
        XCTAssertEqual(result.statements[0].range, SourceRange(0, 47))
    }

    func testMalformedDeclarations() {
        XCTAssertEqual(errors("struct Foo").map(\.message), ["expected `{` after `struct Foo`"])
        XCTAssertEqual(errors("struct Foo\nAuthor.all()").map(\.range), [SourceRange(11, 17)])
        XCTAssertEqual(
            errors("extension Foo {\n static let x = 1\n").map(\.message),
            ["expected `}` to close the body of `extension Foo`"])
        XCTAssertEqual(errors("extension Foo {}").count, 0)
        XCTAssertEqual(errors("extension A {} extension B {}").count, 1)
        // A value arbor does not interpret is valid Swift: read, an error only if evaluated.
        let result = Parser.parse("extension Foo { static let x = a is B\n static let y = 1 }")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(declarations(result).map(outline), [["x = (unsupported an `is` test)", "y = 1"]])
        // The ternary operator is read (an enum's method chooses a direction with it).
        let ternary = Parser.parse("extension Foo { static let x = a ? b : c\n static let y = 1 }")
        XCTAssertEqual(declarations(ternary).map(outline), [["x = (? a b c)", "y = 1"]])
    }

    /// A static property that is not Swift (no value after `=`, no name) is a
    /// located error, pasted or in a loaded file; app code we do not read is not.
    func testAStaticPropertyThatDoesNotParseIsALocatedError() {
        let missingValue = errors("extension Band { static let broken = }")
        XCTAssertEqual(missingValue.map(\.message), ["expected a value after `=` in `static let broken`"])
        XCTAssertEqual(missingValue.map(\.range), [SourceRange(37, 38)])
        XCTAssertEqual(
            errors("extension Band { static var broken: Int = ; static let ok = 1 }").map(\.message),
            ["expected a value after `=` in `static var broken`"])
        let missingName = errors("extension Band {\n static let = 1\n}")
        XCTAssertEqual(missingName.map(\.message), ["expected a name after `static let`, found `=`"])
        XCTAssertEqual(missingName.map(\.range), [SourceRange(29, 30)])
        XCTAssertEqual(
            errors("struct Band { static let }").map(\.message), ["expected a name after `static let`, found `}`"])
        let loaded = Parser.parseSourceFile("import GRDB\nextension Book {\n  static let broken =\n}\n")
        XCTAssertEqual(loaded.errors.map(\.message), ["expected a value after `=` in `static let broken`"])
        XCTAssertEqual(loaded.errors.map(\.range), [SourceRange(51, 52)])
        // A value or a type cut short by the end of the member.
        XCTAssertEqual(
            errors("extension Band { static let broken = 1 + }").map(\.message), ["expected an expression, found `}`"])
        XCTAssertEqual(
            errors("extension Band { static let broken = a.b. ; static let ok = 1 }").map(\.range),
            [SourceRange(40, 41)])
        XCTAssertEqual(
            errors("extension Band { static var broken: = 1 }").map(\.message),
            ["expected a type after `:` in `static var broken`"])
        // Valid Swift that is not ours stays skipped without error.
        XCTAssertEqual(errors("struct Band { static let (a, b) = (1, 2); static let c =\n    d ? e : f }"), [])
        XCTAssertEqual(
            errors("struct Band { static let f: () -> Void = { return }; static let g = { $0 ? 1 : 2 } }"), [])
    }

    func testConditionalCompilationKeepsTheBranchesOfTheFlags() {
        let text = """
            extension Book {
            #if DEBUG
                static let a = 1
            #elseif os(iOS)
                static let b = 2
            #else
                static let c = 3
            #endif
                static let d = Book
                    #if X
                    .all()
                    #endif
            }
            """
        XCTAssertEqual(declarations(Parser.parse(text)).map(outline), [["a = 1", "d = Book"]])
        XCTAssertEqual(
            declarations(Parser.parse(text, flags: ["X"])).map(outline), [["c = 3", "d = (call (. Book all))"]])
    }

    // MARK: - Source files

    func testRealisticModelFile() {
        let text = """
            // Models.swift
            import Foundation
            @preconcurrency import GRDB

            protocol Named {
                var name: String { get }
                static var defaultName: String { get }
            }

            let sharedFormatter = DateFormatter()
            private var counter = 0

            func makeQueue() throws -> DatabaseQueue {
                let queue = try DatabaseQueue()
                try queue.write { db in
                    try db.execute(sql: "CREATE TABLE t(a)")
                }
                return queue
            }

            #if canImport(GRDB)
            @MainActor
            public struct Author: Codable, FetchableRecord, MutablePersistableRecord, Identifiable, Named {
                public var id: Int64?
                public var name: String
                var countryCode: String?

                enum CodingKeys: String, CodingKey {
                    case id, name
                    case countryCode = "country_code"
                }

                public enum Columns {
                    static let id = Column(CodingKeys.id)
                    static let name = Column(CodingKeys.name)
                }

                static var defaultName: String { "Anonymous" }
                public static let databaseTableName = "author"
                static let books = hasMany(Book.self)
                    .order(Column("year").desc)
                static let country = belongsTo(Country.self, using: ForeignKey(["country_code"], to: ["code"]))
                static let formatter: DateFormatter = {
                    let f = DateFormatter()
                    f.dateStyle = .short
                    return f
                }()

                var books: QueryInterfaceRequest<Book> {
                    request(for: Author.books)
                }

                var description: String { "\\(name) from \\(countryCode ?? "?")" }

                mutating func didInsert(_ inserted: InsertionSuccess) {
                    id = inserted.rowID
                }

                @available(iOS 15, macOS 12, *)
                func fetchBooks(_ db: Database) async throws -> [Book] {
                    try await Task { [] }.value
                }
            }
            #else
            struct Author {}
            #endif

            final class Book: Record, @unchecked Sendable {
                static let authorForeignKey = ForeignKey(["authorId"])
                static let author = belongsTo(Author.self, using: authorForeignKey)
                override class var databaseTableName: String { "book" }
                required init(row: Row) throws {
                    try super.init(row: row)
                }
            }

            extension DerivableRequest where RowDecoder == Author {
                func orderByName() -> Self {
                    order(Author.Columns.name.collating(.localizedCaseInsensitiveCompare))
                }
            }

            @main
            struct App {
                static func main() {
                    print("\\(Author.books)")
                }
            }
            """
        let result = Parser.parseSourceFile(text)
        let declarations = declarations(result)
        XCTAssertEqual(declarations.map(\.name), ["Author", "Book", "DerivableRequest", "App"])
        XCTAssertEqual(
            declarations.map(outline),
            [
                [
                    "enum CodingKeys {  }",
                    "enum Columns { id = (call Column (. CodingKeys id)); name = (call Column (. CodingKeys name)) }",
                    "defaultName { … }",
                    "databaseTableName = \"author\"",
                    "books = (call (. (call hasMany (. Book self)) order) (. (call Column \"year\") desc))",
                    "country = (call belongsTo (. Country self) using: (call ForeignKey [\"country_code\"] to: [\"code\"]))",
                    // `static let formatter: DateFormatter = { … }()`: valid Swift, read (used, it is said unsupported).
                    "formatter = (call {nil})",
                ],
                [
                    "authorForeignKey = (call ForeignKey [\"authorId\"])",
                    "author = (call belongsTo (. Author self) using: authorForeignKey)",
                    "databaseTableName { … }",
                ],
                [],
                [],
            ])
        // The declaration starts at its attribute.
        XCTAssertEqual(
            declarations.first.map {
                String(decoding: text.utf8.dropFirst($0.range.lowerBound).prefix(10), as: UTF8.self)
            },
            "@MainActor")
    }

    func testSourceFilesReportBrokenDeclarationsOnly() {
        XCTAssertEqual(Parser.parseSourceFile("func f( { ] \"\\q\" let = ").errors, [])
        // A type without a body is refused by the compiler: an error, located.
        XCTAssertEqual(Parser.parseSourceFile("struct A").errors.map(\.message), ["expected `{` after `struct A`"])
        let result = Parser.parseSourceFile("struct A { static let x = 1 }\nstruct B {\n static let y = 2")
        XCTAssertEqual(result.errors.map(\.message), ["expected `}` to close the body of `struct B`"])
        XCTAssertEqual(declarations(ParseResult(statements: result.statements)).map(\.name), ["A"])
    }

    // MARK: - Errors and recovery

    func testSeveralErrorsInOneInput() {
        let text = "Author.filter(1 +)\nBook.order(,)\nBook.filter(a b) ; (1, 2) ; \"\\q\"\nf(a"
        let errors = errors(text)
        XCTAssertEqual(
            errors.map(\.message),
            [
                "expected an expression, found `)`",
                "expected an expression, found `,`",
                "expected `,` or `)` after an argument, found `b`",
                "tuples are not supported",
                "invalid escape sequence `\\q` in string literal",
                "expected `)` to close `(`",
            ])
        XCTAssertEqual(
            errors.map(\.range),
            [
                SourceRange(17, 18), SourceRange(30, 31), SourceRange(47, 48), SourceRange(54, 55),
                SourceRange(62, 64), SourceRange(69, 69),
            ])
        // Statements without errors are still returned.
        XCTAssertEqual(Parser.parse("f(1 +)\nBook.all()").statements.count, 1)
    }

    func testErrorsAtTheEndOfInput() {
        XCTAssertEqual(errors("f(a").map(\.range), [SourceRange(3, 3)])
        XCTAssertEqual(errors("1 +").map(\.message), ["expected an expression"])
        XCTAssertEqual(errors("[1, 2").map(\.message), ["expected `]` to close `[`"])
        XCTAssertEqual(errors("((((").count, 1)
        XCTAssertEqual(errors("x.").map(\.message), ["expected a member name after `.`"])
    }

    /// `TableAlias<Author>()`: the type argument is read and left out. `CommonTableExpression<Player>(…)`
    /// keeps it: it is what the CTE's `all()` decodes.
    func testExplicitGenericArgumentsOfATypeAreSkipped() {
        XCTAssertEqual(
            tree(#"CommonTableExpression<Book>(named: "x")"#), #"(call CommonTableExpression<Book> named: "x")"#)
        XCTAssertEqual(tree("TableAlias<Author>()"), "(call TableAlias)")
        XCTAssertEqual(tree("A<B.C<D>>.x"), "(. A x)")
        // Not after a value, nor with spaces: comparisons stay comparisons.
        XCTAssertEqual(tree("a<b"), "(< a b)")
        XCTAssertEqual(tree("A < B"), "(< A B)")
    }

    func testInterpolationsAreParsedAsArguments() {
        XCTAssertEqual(
            tree(#"SQL("name = \(name) AND \(sql: "x = ?", arguments: [1])")"#),
            #"(call SQL (interpolated "name = " (\name) " AND " (\sql: "x = ?" arguments: [1])))"#)
        XCTAssertEqual(
            tree(#"Book.filter(literal: "\(Column("title").lowercased) = \("a")")"#),
            #"(call (. Book filter) literal: (interpolated (\(. (call Column "title") lowercased)) " = " (\"a")))"#)
        XCTAssertEqual(errors(#""\(a b)""#).map(\.range), [SourceRange(5, 6)])
    }

    func testLexicalErrorsAreReported() {
        XCTAssertEqual(errors("Book.filter(Column(\"title\") == 'x')").map(\.suggestion), ["write \"x\""])
        XCTAssertEqual(errors("a ¶").map(\.message), ["unexpected character `¶`"])
        XCTAssertEqual(errors("a /* open").map(\.message), ["unterminated comment: `/*` without a matching `*/`"])
        XCTAssertEqual(errors("\"a \\(x.)\"").map(\.message), ["expected a member name after `.`"])
    }

    // MARK: - Limits

    func testDeepNestingIsAnErrorNotACrash() {
        for (text, offset) in [
            (String(repeating: "(", count: 100_000), 200),
            (String(repeating: "[", count: 100_000), 200),
            (String(repeating: "{", count: 100_000), 200),
            (String(repeating: "!", count: 100_000) + "x", 199),
            (String(repeating: "f(", count: 100_000), 400),
        ] {
            let result = Parser.parse(text)
            XCTAssertEqual(result.statements, [])
            XCTAssertEqual(result.errors.map(\.message), ["nesting too deep (limit 200)"], String(text.prefix(10)))
            XCTAssertEqual(result.errors.first?.range?.lowerBound, offset, String(text.prefix(10)))
        }
        // Declarations are read by swift-syntax, whose limit is 256 levels: a located error, not a
        // crash, and the unclosed bodies said (at most 20 errors for one text).
        let pasted = Parser.parse(String(repeating: "struct A {", count: 100_000))
        XCTAssertEqual(pasted.statements, [])
        XCTAssertEqual(pasted.errors.map(\.message), ["expected `}` to close the body of `struct A`"])
        let file = Parser.parseSourceFile(String(repeating: "struct A {", count: 100_000))
        XCTAssertEqual(file.errors.first?.message, "nesting too deep (limit 256)")
        XCTAssertEqual(file.errors.first?.range?.lowerBound, 2_570)
        XCTAssertLessThanOrEqual(file.errors.count, 20)
    }

    func testLongChainsCountAsNesting() {
        XCTAssertEqual(errors(Array(repeating: "1", count: 100_000).joined(separator: " + ")).count, 1)
        XCTAssertEqual(errors(Array(repeating: "a", count: 100_000).joined(separator: " ?? ")).count, 1)
        XCTAssertEqual(errors("a" + String(repeating: ".b", count: 100_000)).count, 1)
        XCTAssertEqual(errors("a" + String(repeating: "()", count: 100_000)).count, 1)
        // Up to the limit, all is fine.
        XCTAssertEqual(errors(String(repeating: "(", count: 199) + "1" + String(repeating: ")", count: 199)), [])
        XCTAssertEqual(errors(String(repeating: "f(", count: 199) + "1" + String(repeating: ")", count: 199)), [])
        XCTAssertEqual(errors(Array(repeating: "1", count: 150).joined(separator: " + ")), [])
    }

    func testParsingGoesOnAfterANestingError() {
        let deep = String(repeating: "(", count: 1_000) + "1" + String(repeating: ")", count: 1_000)
        let result = Parser.parse(deep + "\nBook.all()")
        XCTAssertEqual(result.errors.count, 1)
        XCTAssertEqual(result.statements.count, 1)
        // Within swift-syntax's limit, every level is read; past it, a located error.
        let declarations = Parser.parseSourceFile(
            String(repeating: "struct A {", count: 250) + String(repeating: "}", count: 250) + "\nstruct B {}")
        XCTAssertEqual(declarations.errors, [])
        XCTAssertEqual(declarations.statements.count, 1)
        let tooDeep = Parser.parseSourceFile(
            String(repeating: "struct A {", count: 300) + String(repeating: "}", count: 300) + "\nstruct B {}")
        XCTAssertEqual(tooDeep.errors.first?.message, "nesting too deep (limit 256)")
    }

    func testGarbageNeverCrashes() {
        var random = SplitMix64(seed: 7)
        let seeds = [
            "Author.including(all: Author.books).having(Author.books.count >= 2)",
            "extension Book { static let translator = belongsTo(Person.self, using: Book.translatorForeignKey) }",
            "let x: [String: Int] = [\"a\": 1]\n:schema book\nBook.filter { $0.year > 2000 }.order(\\.title)",
            "struct A: B { var x: Int { 1 }\n static let y = f(a: { (a: Int) -> Bool in a > 1 })\n#if X\n func f() {}\n#endif\n }",
        ]
        for index in 0..<3_000 {
            let text: String
            if index % 2 == 0 {
                text = random.garbage(maxLength: 80)
            } else {
                // Mutations of valid inputs reach deeper into the parser.
                var bytes = Array(seeds[index % seeds.count].utf8)
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let position = Int.random(in: 0...bytes.count, using: &random)
                    if Bool.random(using: &random), position < bytes.count {
                        bytes.remove(at: position)
                    } else {
                        bytes.insert(Array(random.garbage(maxLength: 1).utf8).first ?? 0, at: position)
                    }
                }
                text = String(decoding: bytes, as: UTF8.self)
            }
            let length = text.utf8.count
            for result in [Parser.parse(text), Parser.parseSourceFile(text)] {
                for error in result.errors {
                    let range = error.range ?? SourceRange(0, 0)
                    XCTAssertTrue(range.lowerBound >= 0 && range.upperBound <= length, text.debugDescription)
                }
                for statement in result.statements {
                    XCTAssertTrue(statement.range.upperBound <= length, text.debugDescription)
                }
            }
        }
    }

    func testParsingIsLinear() {
        // 20,000 statements and 20,000 declarations: quadratic work would take minutes.
        let statements = String(repeating: "Author.filter(Column(\"x\") > 1).order(\\.y)\n", count: 20_000)
        XCTAssertEqual(Parser.parse(statements).statements.count, 20_000)
        let declarations = String(
            repeating: "extension A { static let b = hasMany(B.self)\n var x: Int { 1 } }\n", count: 20_000)
        guard case .declarations(let parsed) = Parser.parse(declarations).statements.first else { return XCTFail() }
        XCTAssertEqual(parsed.count, 20_000)
        XCTAssertEqual(Parser.parse(String(repeating: "@a\n", count: 20_000)).errors.count, 20_000)
    }
}

private func firstArgument(_ expr: Expr) -> Expr? {
    if case .call(_, let arguments) = expr.kind { return arguments.first?.value }
    return nil
}

/// A compact description of a tree: `(op left right)`, `(. base name)`,
/// `(call callee label: argument trailing:{closure})`.
func sexp(_ expr: Expr) -> String {
    switch expr.kind {
    case .identifier(let name): return name == "nil" ? "nil-identifier" : name
    case .integer(let value): return "\(value)"
    case .double(let value): return "\(value)"
    case .string(let value): return "\"\(value)\""
    case .interpolatedString(let segments):
        return "(interpolated"
            + segments.map { segment in
                switch segment {
                case .text(let text): " \"\(text)\""
                case .interpolation(let arguments, _): " (\\" + arguments.map(sexp).joined(separator: " ") + ")"
                }
            }.joined() + ")"
    case .bool(let value): return "\(value)"
    case .nilLiteral: return "nil"
    case .array(let elements): return "[" + elements.map(sexp).joined(separator: ", ") + "]"
    case .dictionary(let entries):
        return entries.isEmpty
            ? "[:]" : "[" + entries.map { sexp($0.key) + ": " + sexp($0.value) }.joined(separator: ", ") + "]"
    case .member(let base, let name, _): return "(. \(sexp(base)) \(name))"
    case .implicitMember(let name): return ".\(name)"
    case .call(let callee, let arguments):
        return "(call \(sexp(callee))" + arguments.map { " " + sexp($0) }.joined() + ")"
    case .subscripted(let base, let arguments):
        return "(sub \(sexp(base))" + arguments.map { " " + sexp($0) }.joined() + ")"
    case .binary(let op, let left, let right): return "(\(op.rawValue) \(sexp(left)) \(sexp(right)))"
    case .prefix(let op, let operand): return "(\(op.rawValue)\(sexp(operand)))"
    case .closure(let closure):
        let parameters = closure.parameters.isEmpty ? "" : closure.parameters.joined(separator: " ") + " in "
        return "{" + parameters + sexp(closure.body) + "}"
    case .keyPath(let root, let components): return "\\" + (root ?? "") + components.map { "." + $0 }.joined()
    case .anonymousArgument(let index): return "$\(index)"
    case .parenthesized(let inner): return "(paren \(sexp(inner)))"
    // `!` changes no SQL: shown as its operand, as the parser once read it.
    case .forceUnwrapped(let inner): return sexp(inner)
    case .conditional(let condition, let then, let otherwise):
        return "(? \(sexp(condition)) \(sexp(then)) \(sexp(otherwise)))"
    case .unsupported(let what): return "(unsupported \(what))"
    }
}

private func sexp(_ argument: Argument) -> String {
    (argument.isTrailingClosure ? "trailing:" : "") + (argument.label.map { "\($0): " } ?? "") + sexp(argument.value)
}
