import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// Enum cases with associated values, as Swift builds and matches them: `.tag("swift")`
/// passed where the app's `Filter` is expected (or `Filter.tag("swift")`), a `switch` whose
/// cases bind the values (`case .tag(let name)`, `case let .years(from:to:)`), `if case` and
/// `guard case`, a typed `let`, a default argument, and the enum's own computed property.
/// Compared with the same Swift compiled against GRDB here.
final class AssociatedValueCasesTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT NOT NULL, tag TEXT, year INTEGER NOT NULL);
        """

    static let appCode = """
        import GRDB
        struct Book: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var title: String
            var tag: String?
            var year: Int
        }
        enum Filter {
            case tag(String)
            case years(from: Int, to: Int)
            case all
        }
        extension Filter {
            var label: String {
                switch self {
                case .tag(let name): return name
                case .years(_, let end): return "until \\(end)"
                case .all: return "all"
                }
            }
        }
        extension DerivableRequest<Book> {
            func matching(_ choice: Filter) -> Self {
                switch choice {
                case .tag(let name): return filter(Column("tag") == name)
                case let .years(from: start, to: end): return filter(Column("year") >= start && Column("year") <= end)
                case .all: return self
                }
            }
            func taggedFirst(_ choice: Filter) -> Self {
                if case .tag(let name) = choice { return filter(Column("tag") == name).order(Column("title")) }
                return order(Column("year"))
            }
        }
        extension Book {
            static func recent(_ choice: Filter = .years(from: 2000, to: 2030)) -> QueryInterfaceRequest<Book> {
                Book.all().matching(choice)
            }
            static func tagged(_ name: String) -> QueryInterfaceRequest<Book> {
                let choice: Filter = .tag(name)
                guard case .tag(let written) = choice else { return Book.none() }
                return Book.filter(Column("tag") == written)
            }
            static func titled(like choice: Filter) -> QueryInterfaceRequest<Book> {
                Book.filter(Column("title") == choice.label)
            }
        }
        """

    private func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).map(\.error.message), [])
        return harness
    }

    func testASwitchBindsTheCasesValues() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Book.all().matching(.tag("swift"))"#),
            try harness.grdbSQL(Book.all().matching(.tag("swift"))))
        XCTAssertEqual(
            try harness.sql("Book.all().matching(.years(from: 1990, to: 2000))"),
            try harness.grdbSQL(Book.all().matching(.years(from: 1990, to: 2000))))
        XCTAssertEqual(try harness.sql("Book.all().matching(.all)"), try harness.grdbSQL(Book.all().matching(.all)))
        // Written with its type.
        XCTAssertEqual(
            try harness.sql(#"Book.all().matching(Filter.tag("swift"))"#),
            try harness.grdbSQL(Book.all().matching(Filter.tag("swift"))))
    }

    func testIfCaseGuardCaseAndATypedLet() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Book.all().taggedFirst(.tag("swift"))"#),
            try harness.grdbSQL(Book.all().taggedFirst(.tag("swift"))))
        XCTAssertEqual(
            try harness.sql("Book.all().taggedFirst(.all)"), try harness.grdbSQL(Book.all().taggedFirst(.all)))
        XCTAssertEqual(try harness.sql(#"Book.tagged("poetry")"#), try harness.grdbSQL(Book.tagged("poetry")))
    }

    func testADefaultArgumentAndTheEnumsOwnProperty() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.recent()"), try harness.grdbSQL(Book.recent()))
        XCTAssertEqual(
            try harness.sql(#"Book.titled(like: .tag("Dune"))"#), try harness.grdbSQL(Book.titled(like: .tag("Dune"))))
        XCTAssertEqual(
            try harness.sql("Book.titled(like: .years(from: 1, to: 2))"),
            try harness.grdbSQL(Book.titled(like: .years(from: 1, to: 2))))
    }

    func testTheCaseKeepsItsTypes() throws {
        let harness = try harness()
        guard case .swift(.enumCase(let value))? = try harness.run(#"Filter.tag("swift")"#) else {
            return XCTFail("a case with its values")
        }
        XCTAssertEqual(value.type, "Filter")
        XCTAssertEqual(value.name, "tag")
        XCTAssertEqual(value.associatedValues.map(\.label), [nil])
        guard case .expression(.value(.text("swift"))) = value.associatedValues.first?.value else {
            return XCTFail("the string it holds")
        }
        // The compiler's checks: the value's type, the labels, how many.
        XCTAssertEqual(
            harness.error("Book.all().matching(.tag(1))")?.message, "expected a string, as the parameter is `String`")
        XCTAssertEqual(
            harness.error("Book.all().matching(.years(1990, 2000))")?.message,
            "`Filter.years(from:to:)` expects the label `from:` here")
        XCTAssertEqual(
            harness.error(#"Book.all().matching(.tag("a", "b"))"#)?.message,
            "`Filter.tag(_:)` takes 1 associated value, not 2")
        // Swift's `==` compares the values too.
        guard case .expression(.value(.bool(false)))? = try harness.run(#"Filter.tag("a") == Filter.tag("b")"#),
            case .expression(.value(.bool(true)))? = try harness.run(#"Filter.tag("a") == .tag("a")"#)
        else { return XCTFail("cases compared with their values") }
        // Swift never stores such a case: GRDB takes no value of it.
        XCTAssertNotNil(harness.error(#"Book.filter(Column("tag") == Filter.tag("swift"))"#))
    }
}

// The same app code, compiled against GRDB.
private struct Book: Codable, FetchableRecord, TableRecord {
    var id: Int64
    var title: String
    var tag: String?
    var year: Int
}

private enum Filter {
    case tag(String)
    case years(from: Int, to: Int)
    case all
}

extension Filter {
    fileprivate var label: String {
        switch self {
        case .tag(let name): return name
        case .years(_, let end): return "until \(end)"
        case .all: return "all"
        }
    }
}

extension DerivableRequest<Book> {
    fileprivate func matching(_ choice: Filter) -> Self {
        switch choice {
        case .tag(let name): return filter(Column("tag") == name)
        case .years(from: let start, to: let end): return filter(Column("year") >= start && Column("year") <= end)
        case .all: return self
        }
    }
    fileprivate func taggedFirst(_ choice: Filter) -> Self {
        if case .tag(let name) = choice { return filter(Column("tag") == name).order(Column("title")) }
        return order(Column("year"))
    }
}

extension Book {
    fileprivate static func recent(_ choice: Filter = .years(from: 2000, to: 2030)) -> QueryInterfaceRequest<Book> {
        Book.all().matching(choice)
    }
    fileprivate static func tagged(_ name: String) -> QueryInterfaceRequest<Book> {
        let choice: Filter = .tag(name)
        guard case .tag(let written) = choice else { return Book.none() }
        return Book.filter(Column("tag") == written)
    }
    fileprivate static func titled(like choice: Filter) -> QueryInterfaceRequest<Book> {
        Book.filter(Column("title") == choice.label)
    }
}
