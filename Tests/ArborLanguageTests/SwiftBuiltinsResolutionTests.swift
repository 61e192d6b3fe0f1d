import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// Swift's own values and members in app code (`Date`, arrays with optionals, closures,
/// `SortOrder`, static helpers returning an expression), each run by arbor and compared
/// with the same Swift compiled against GRDB here.
final class SwiftBuiltinsResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER, title TEXT, publishedAt TEXT);
        """

    /// The app code, as text for arbor; the same code is compiled below for GRDB.
    static let appCode = """
        extension Book {
            static func byAuthor(_ id: Int64) -> SQLSpecificExpressible { Column("authorId") == id }
        }
        extension DerivableRequest<Book> {
            func withIds(_ ids: [Int64?]) -> Self {
                if ids.contains(nil) { return self }
                if ids == [] { return none() }
                return filter(ids.compactMap { $0 }.contains(Column("id")))
            }
            func ordered(_ order: SortOrder) -> Self {
                order == .forward ? self.order(Column("title")) : self.order(Column("title").desc)
            }
            func publishedBefore(_ date: Date) -> Self {
                filter(Column("publishedAt") < date)
            }
            func publishedInTheWeekBefore(_ date: Date) -> Self {
                let start = Calendar.current.date(byAdding: .day, value: -7, to: date)!
                return filter(Column("publishedAt") >= start && Column("publishedAt") < date)
            }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testAStaticHelperReturningAnExpression() throws {
        XCTAssertEqual(
            try harness().sql("Book.filter(Book.byAuthor(3))"),
            try harness().grdbSQL(Book.filter(Book.byAuthor(3))))
    }

    func testArraysWithOptionalsHaveSwiftsSemantics() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().withIds([1, 2])"), try harness.grdbSQL(Book.all().withIds([1, 2])))
        XCTAssertEqual(
            try harness.sql("Book.all().withIds([1, nil])"), try harness.grdbSQL(Book.all().withIds([1, nil])))
        XCTAssertEqual(try harness.sql("Book.all().withIds([])"), try harness.grdbSQL(Book.all().withIds([])))
    }

    func testSortOrderWrittenOut() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("Book.all().ordered(SortOrder.reverse)"),
            try harness.grdbSQL(Book.all().ordered(SortOrder.reverse)))
        XCTAssertEqual(
            try harness.sql("Book.all().ordered(.forward)"), try harness.grdbSQL(Book.all().ordered(.forward)))
    }

    func testDatesBecomeWhatGRDBStores() throws {
        let harness = try harness()
        let date = Date(timeIntervalSince1970: 86_400 * 365 + 0.25)
        XCTAssertEqual(
            try harness.sql("Book.all().publishedBefore(Date(timeIntervalSince1970: 86_400 * 365 + 0.25))"),
            try harness.grdbSQL(Book.all().publishedBefore(date)))
        XCTAssertEqual(
            try harness.sql(
                "Book.all().publishedInTheWeekBefore(Date(timeIntervalSince1970: 0).addingTimeInterval(3_600))"),
            try harness.grdbSQL(Book.all().publishedInTheWeekBefore(Date(timeIntervalSince1970: 3_600))))
        // The storage text is GRDB's own.
        for seconds in [0, 1.5, -86_400, 1_700_000_000.123] {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(
                SwiftValue.date(date).databaseValue, .text(try XCTUnwrap(String.fromDatabaseValue(date.databaseValue))))
        }
    }

    func testAValueOfAnotherTypeIsTheCompilersError() throws {
        let error = try XCTUnwrap(try harness().error("Book.all().publishedBefore(3)"))
        XCTAssertEqual(error.message, "cannot convert value of type 'Int' to expected argument type 'Date'")
        XCTAssertEqual(error.range, SourceRange(27, 28))
    }

    func testClosuresAndArrayMembers() throws {
        let harness = try harness()
        XCTAssertEqual(try description(harness, "[1, nil, 3].compactMap { $0 }"), "[1, 3]")
        XCTAssertEqual(try description(harness, "[3, 1, 2].sorted()"), "[1, 2, 3]")
        XCTAssertEqual(try description(harness, "[1, 2, 3].filter { $0 > 1 }.map { $0 * 10 }"), "[20, 30]")
        XCTAssertEqual(try description(harness, "[1, 2, 3].reduce(0) { $0 + $1 }"), "6")
        XCTAssertEqual(try description(harness, #"["a", "b"].joined(separator: ", ")"#), #""a, b""#)
        // `{ _ in }` is valid Swift: a closure returning `()`, no error.
        XCTAssertNil(harness.error("let c = [1, 2].map { _ in }"))
        let loaded = harness.load("extension Book { static let c = [1, 2].map { _ in } }", name: "C.swift")
        XCTAssertEqual(loaded.filter { $0.severity == .error }, [])
    }

    private func description(_ harness: LanguageHarness, _ text: String) throws -> String {
        switch try harness.run(text) {
        case .expression(.value(let value))?: return value.description
        case .array(let values)?:
            return "[" + values.map { $0.knownValue?.description ?? "?" }.joined(separator: ", ") + "]"
        case let other: return "\(String(describing: other))"
        }
    }
}

// The same app code, compiled against GRDB.
private struct Book: TableRecord {}

extension Book {
    fileprivate static func byAuthor(_ id: Int64) -> SQLSpecificExpressible { Column("authorId") == id }
}

extension DerivableRequest<Book> {
    fileprivate func withIds(_ ids: [Int64?]) -> Self {
        if ids.contains(nil) { return self }
        if ids == [] { return none() }
        return filter(ids.compactMap { $0 }.contains(Column("id")))
    }
    fileprivate func ordered(_ order: SortOrder) -> Self {
        order == .forward ? self.order(Column("title")) : self.order(Column("title").desc)
    }
    fileprivate func publishedBefore(_ date: Date) -> Self {
        filter(Column("publishedAt") < date)
    }
    fileprivate func publishedInTheWeekBefore(_ date: Date) -> Self {
        let start = Calendar.current.date(byAdding: .day, value: -7, to: date) ?? date
        return filter(Column("publishedAt") >= start && Column("publishedAt") < date)
    }
}
