import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborLanguage

private struct Work: TableRecord { static let databaseTableName = "book" }

/// GRDB's `contains(_:)` of arrays and ranges (`Sequence`, `Range`, `ClosedRange`) are
/// registry entries, each giving GRDB's SQL, compiled against GRDB here.
final class MembershipParityResolutionTests: XCTestCase {
    func testArraysAndRangesContainAColumnAsGRDBWritesIt() throws {
        let harness = try LanguageHarness.demo()
        let year = Column("year")
        XCTAssertEqual(
            try harness.sql(#"Book.filter([1900, 2000].contains(Column("year")))"#),
            try harness.grdbSQL(Work.filter([1900, 2000].contains(year))))
        XCTAssertEqual(
            try harness.sql(#"Book.filter((1900...2000).contains(Column("year")))"#),
            try harness.grdbSQL(Work.filter((1900...2000).contains(year))))
        XCTAssertEqual(
            try harness.sql(#"Book.filter((1900..<2000).contains(Column("year")))"#),
            try harness.grdbSQL(Work.filter((1900..<2000).contains(year))))
        let served = GRDBAPI.members(named: "contains", kind: .method).flatMap(\.symbols)
        for symbol in ["Sequence.contains(_:)", "Range.contains(_:)", "ClosedRange.contains(_:)"] {
            XCTAssertTrue(served.contains(symbol), symbol)
        }
    }

    func testOtherMethodsOfRangesAreRefused() throws {
        let harness = try LanguageHarness.demo()
        let error = harness.error(#"Book.filter((1...2).first(Column("year")))"#)
        XCTAssertEqual(error?.message, "a range offers `contains(_:)` here")
        XCTAssertEqual(error?.range, SourceRange(20, 25))
    }
}
