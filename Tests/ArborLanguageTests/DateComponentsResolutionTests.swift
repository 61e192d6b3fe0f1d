import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `Calendar.current.dateComponents(_:from:)` (Foundation's components, in the current time
/// zone) and GRDB's `DatabaseDateComponents(_:format:)`, stored as GRDB formats them, as a
/// reading app compares a date column with "31 days ago". Compared with the same Swift
/// compiled against GRDB here, on fixed dates (the app's own code reads `Date()`).
final class DateComponentsResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE chapter(id INTEGER PRIMARY KEY, readAt TEXT, status TEXT NOT NULL);
        """

    // Modelled on a manga reader's history filter.
    static let appCode = """
        import Foundation
        import GRDB
        struct Chapter: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var readAt: Date?
            var status: String
            static func read(since now: Date) -> QueryInterfaceRequest<Chapter> {
                guard let last30days = Calendar.current.date(byAdding: .day, value: -31, to: now) else { return Chapter.all() }
                let dc = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: last30days)
                let date = DatabaseDateComponents(dc, format: .YMD_HMSS)
                return Chapter.filter(Column("readAt") >= date).filter(Column("status") == "read")
            }
            static func readOn(_ day: Date) -> QueryInterfaceRequest<Chapter> {
                let dc = Calendar.current.dateComponents([.year, .month, .day], from: day)
                return Chapter.filter(Column("readAt") >= DatabaseDateComponents(dc, format: .YMD))
            }
            static func readAfter(_ time: Date) -> QueryInterfaceRequest<Chapter> {
                let dc = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: time)
                return Chapter.filter(Column("readAt") > DatabaseDateComponents(dc, format: .HMSS))
            }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testDateComponentsAreStoredAsGRDBFormatsThem() throws {
        let harness = try harness()
        for seconds in [1_700_000_000.0, 1_709_251_199.25, 0] {
            let date = Date(timeIntervalSince1970: seconds)
            let argument = "Date(timeIntervalSince1970: \(seconds))"
            XCTAssertEqual(
                try harness.sql("Chapter.read(since: \(argument))"), try harness.grdbSQL(Chapter.read(since: date)))
            XCTAssertEqual(try harness.sql("Chapter.readOn(\(argument))"), try harness.grdbSQL(Chapter.readOn(date)))
            XCTAssertEqual(
                try harness.sql("Chapter.readAfter(\(argument))"), try harness.grdbSQL(Chapter.readAfter(date)))
        }
    }

    func testAFormatGRDBDoesNotHaveIsAnError() throws {
        let harness = try harness()
        let error = harness.error(
            "Chapter.filter(Column(\"readAt\") >= DatabaseDateComponents(Calendar.current.dateComponents([.year], from: Date()), format: .YMDHMS))"
        )
        XCTAssertEqual(
            error?.message, "a format of `DatabaseDateComponents`: .HM, .HMS, .HMSS, .YMD, .YMD_HM, .YMD_HMS, .YMD_HMSS"
        )
        let notComponents = harness.error(
            "Chapter.filter(Column(\"readAt\") >= DatabaseDateComponents(Date(), format: .YMD))")
        XCTAssertEqual(
            notComponents?.message, "cannot convert value of type 'Date' to expected argument type 'DateComponents'")
    }
}

// The same app code, compiled against GRDB.
private struct Chapter: Codable, FetchableRecord, TableRecord {
    var id: Int64
    var readAt: Date?
    var status: String
    static func read(since now: Date) -> QueryInterfaceRequest<Chapter> {
        guard let last30days = Calendar.current.date(byAdding: .day, value: -31, to: now) else { return Chapter.all() }
        let dc = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: last30days)
        let date = DatabaseDateComponents(dc, format: .YMD_HMSS)
        return Chapter.filter(Column("readAt") >= date).filter(Column("status") == "read")
    }
    static func readOn(_ day: Date) -> QueryInterfaceRequest<Chapter> {
        let dc = Calendar.current.dateComponents([.year, .month, .day], from: day)
        return Chapter.filter(Column("readAt") >= DatabaseDateComponents(dc, format: .YMD))
    }
    static func readAfter(_ time: Date) -> QueryInterfaceRequest<Chapter> {
        let dc = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: time)
        return Chapter.filter(Column("readAt") > DatabaseDateComponents(dc, format: .HMSS))
    }
}
