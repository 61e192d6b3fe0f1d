import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// Swift values with their types: integer raw values of every width, enum cases that
/// stay cases until GRDB takes their raw value, integer parameters checked for their
/// width, sets holding each value once, types parsed once. Compared with the same
/// Swift compiled against GRDB here.
final class TypedValueResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, year INTEGER, priority INTEGER, shelf INTEGER,
            weight REAL, rank INTEGER);
        """

    static let appCode = """
        struct Book: TableRecord {
            enum Priority: UInt16 { case low, normal, high = 10, urgent }
            enum Shelf: Int8 { case bottom = -1, middle, top }
            enum Weight: Double { case light, heavy }
            enum Ordering { case byTitle, byYear }
        }
        extension Book.Priority: DatabaseValueConvertible {}
        extension Book.Ordering {
            var column: Column {
                switch self {
                case .byTitle: Column("title")
                case .byYear: Column("year")
                }
            }
        }
        extension DerivableRequest<Book> {
            func priority(_ priority: Book.Priority) -> Self { filter(Column("priority") == priority) }
            func shelf(_ shelf: Book.Shelf) -> Self { filter(Column("shelf") == shelf.rawValue) }
            func heavier(than weight: Book.Weight) -> Self { filter(Column("weight") > weight.rawValue) }
            func ranked(_ rank: UInt16) -> Self { filter(Column("rank") >= rank) }
            func ordered(by ordering: Book.Ordering) -> Self { order(ordering.column) }
            func priorities(_ priorities: [Book.Priority]) -> Self {
                filter(priorities.map(\\.rawValue).contains(Column("priority")))
            }
            func urgency(_ priority: Book.Priority) -> Self {
                switch priority {
                case .low, .normal: return filter(Column("priority") <= Book.Priority.normal.rawValue)
                case .high, .urgent: return filter(Column("priority") >= priority.rawValue)
                }
            }
            func byTitleFirst(_ ordering: Book.Ordering) -> Self {
                ordering == .byTitle ? order(Column("title")) : order(Column("year").desc)
            }
            func ids(_ ids: Set<Int64>) -> Self { filter(ids.contains(Column("id"))) }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testRawValuesOfEveryIntegerWidthAndOfDouble() throws {
        let harness = try harness()
        for (text, request) in [
            ("Book.all().priority(.normal)", Book.all().priority(.normal)),
            ("Book.all().priority(.urgent)", Book.all().priority(.urgent)),
            ("Book.all().shelf(.bottom)", Book.all().shelf(.bottom)),
            ("Book.all().shelf(.top)", Book.all().shelf(.top)),
            ("Book.all().heavier(than: .heavy)", Book.all().heavier(than: .heavy)),
        ] {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(request), text)
        }
        XCTAssertEqual(harness.evaluator.environment.enums["Book.Priority"]?["urgent"], .integer(11))
        XCTAssertEqual(harness.evaluator.environment.enums["Book.Shelf"]?["top"], .integer(1))
        XCTAssertEqual(harness.evaluator.environment.enums["Book.Weight"]?["heavy"], .real(1))
    }

    func testAnEnumCaseKeepsItsType() throws {
        let harness = try harness()
        guard case .swift(.enumCase(let value))? = try harness.run("Book.Priority.high") else {
            return XCTFail("not a typed case")
        }
        XCTAssertEqual(value, EnumCaseValue(type: "Book.Priority", name: "high", rawValue: .integer(10)))
        guard case .expression(.value(.integer(10)))? = try harness.run("Book.Priority.high.rawValue") else {
            return XCTFail("no raw value")
        }
        for (text, request) in [
            ("Book.all().ordered(by: .byYear)", Book.all().ordered(by: .byYear)),
            ("Book.all().priorities([.low, .high])", Book.all().priorities([.low, .high])),
            ("Book.all().urgency(.normal)", Book.all().urgency(.normal)),
            ("Book.all().urgency(.urgent)", Book.all().urgency(.urgent)),
            ("Book.all().byTitleFirst(.byTitle)", Book.all().byTitleFirst(.byTitle)),
            ("Book.all().byTitleFirst(Book.Ordering.byYear)", Book.all().byTitleFirst(Book.Ordering.byYear)),
        ] {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(request), text)
        }
    }

    func testACaseWithoutRawValueOrOfAnotherEnumIsRefused() throws {
        let harness = try harness()
        // GRDB takes no value of an enum without raw values (Swift refuses the comparison).
        let error = try XCTUnwrap(harness.error(#"Book.filter(Column("title") == Book.Ordering.byTitle)"#))
        XCTAssertTrue(error.message.contains("Book.Ordering"), error.message)
        XCTAssertEqual(
            harness.error("Book.all().priority(Book.Shelf.top)")?.message,
            "cannot convert value of type 'Book.Shelf' to expected argument type 'Book.Priority'")
    }

    func testAnIntegerParameterIsCheckedForItsWidth() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().ranked(65535)"), try harness.grdbSQL(Book.all().ranked(65535)))
        XCTAssertEqual(
            harness.error("Book.all().ranked(65536)")?.message,
            "integer literal '65536' overflows when stored into 'UInt16'")
        XCTAssertEqual(
            harness.error("Book.all().ranked(-1)")?.message,
            "negative integer '-1' overflows when stored into unsigned type 'UInt16'")
    }

    func testASetHoldsEachValueOnce() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().ids([2, 2])"), try harness.grdbSQL(Book.all().ids([2, 2])))
    }

    func testTypesAreParsedOnceIntoValues() {
        XCTAssertEqual(SwiftType(parsing: "Int64?"), .optional(.named("Int64", arguments: [])))
        XCTAssertEqual(SwiftType(parsing: "[Book.Kind]"), .array(.named("Book.Kind", arguments: [])))
        XCTAssertEqual(SwiftType(parsing: "Set<UUID>"), .set(.named("UUID", arguments: [])))
        XCTAssertEqual(
            SwiftType(parsing: "[String: Int]!"),
            .optional(.dictionary(key: .named("String", arguments: []), value: .named("Int", arguments: []))))
        XCTAssertEqual(SwiftType(parsing: "Optional<Array<Int8>>"), .optional(.array(.named("Int8", arguments: []))))
        XCTAssertEqual(SwiftType(parsing: "(any DatabaseReader)?"), .optional(.named("DatabaseReader", arguments: [])))
        XCTAssertEqual(SwiftType(parsing: "inout Database"), .named("Database", arguments: []))
        XCTAssertEqual(
            SwiftType(parsing: "QueryInterfaceRequest<Book>"),
            .named("QueryInterfaceRequest", arguments: [.named("Book", arguments: [])]))
        XCTAssertEqual(SwiftType(parsing: "(Int) -> Bool"), .other("(Int) -> Bool"))
        XCTAssertEqual(SwiftType(parsing: "UInt16??").integerType?.name, "UInt16")
        XCTAssertEqual(SwiftType(parsing: "[Int64]").element, .named("Int64", arguments: []))
    }
}

// The same app code, compiled against GRDB.
private struct Book: TableRecord {
    enum Priority: UInt16 {
        case low, normal
        case high = 10
        case urgent
    }
    enum Shelf: Int8 {
        case bottom = -1
        case middle, top
    }
    enum Weight: Double { case light, heavy }
    enum Ordering { case byTitle, byYear }
}

extension Book.Priority: DatabaseValueConvertible {}

extension Book.Ordering {
    fileprivate var column: Column {
        switch self {
        case .byTitle: Column("title")
        case .byYear: Column("year")
        }
    }
}

extension DerivableRequest<Book> {
    fileprivate func priority(_ priority: Book.Priority) -> Self { filter(Column("priority") == priority) }
    fileprivate func shelf(_ shelf: Book.Shelf) -> Self { filter(Column("shelf") == shelf.rawValue) }
    fileprivate func heavier(than weight: Book.Weight) -> Self { filter(Column("weight") > weight.rawValue) }
    fileprivate func ranked(_ rank: UInt16) -> Self { filter(Column("rank") >= rank) }
    fileprivate func ordered(by ordering: Book.Ordering) -> Self { order(ordering.column) }
    fileprivate func priorities(_ priorities: [Book.Priority]) -> Self {
        filter(priorities.map(\.rawValue).contains(Column("priority")))
    }
    fileprivate func urgency(_ priority: Book.Priority) -> Self {
        switch priority {
        case .low, .normal: return filter(Column("priority") <= Book.Priority.normal.rawValue)
        case .high, .urgent: return filter(Column("priority") >= priority.rawValue)
        }
    }
    fileprivate func byTitleFirst(_ ordering: Book.Ordering) -> Self {
        ordering == .byTitle ? order(Column("title")) : order(Column("year").desc)
    }
    fileprivate func ids(_ ids: Set<Int64>) -> Self { filter(ids.contains(Column("id"))) }
}
