import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborTerminal

/// A row's summary line shows what the request asked for first (issue 21, item 10):
/// its annotations, then (on a closed row) its to-one includes, then its plain
/// columns; so that on a wide row they are seen before the line is cut.
final class RowSummaryOrderScreenTests: XCTestCase {
    static let topCustomers =
        #"Customer.annotated(with: Customer.invoices.sum(Column("Total"))).including(optional: Customer.supportRep)"#
        + #".order(Column("CustomerId"))"#

    func lines(_ state: AppState) -> [String] {
        View.render(state).buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testAnnotationAndIncludeComeBeforeThePlainColumns() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let state = try Fixtures.state(after: Self.topCustomers, width: 100, height: 20, in: session)
        let row = try XCTUnwrap(lines(state).first { $0.contains("▸ Customer  ") })
        // `▸ Customer  invoiceTotalSum:4.95  supportRep(EmployeeId:3, …)  CustomerId:1  …`
        let sum = try XCTUnwrap(row.range(of: "invoiceTotalSum:4.95"), row)
        let rep = try XCTUnwrap(row.range(of: "supportRep(EmployeeId:3"), row)
        XCTAssertLessThan(sum.lowerBound, rep.lowerBound, row)
        if let id = row.range(of: "CustomerId:1") { XCTAssertLessThan(rep.lowerBound, id.lowerBound, row) }
        // Before, both sat past the cut of the line.
        XCTAssertTrue(row.hasSuffix("…") || row.hasSuffix("… "), row)
    }

    /// An open row shows its to-one include below it, not on its line; the
    /// annotation still comes first.
    func testAnOpenRowKeepsItsIncludeBelow() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        var state = try Fixtures.state(after: Self.topCustomers, width: 100, height: 20, in: session)
        _ = state.update(.key(.character(" ")))
        let screen = lines(state)
        let row = try XCTUnwrap(screen.first { $0.contains("▾ Customer  ") }, screen.joined(separator: "\n"))
        XCTAssertTrue(row.contains("▾ Customer  invoiceTotalSum:4.95  CustomerId:1"), row)
        XCTAssertFalse(row.contains("supportRep"), row)
        XCTAssertTrue(screen.contains { $0.contains("supportRep  EmployeeId:3") }, screen.joined(separator: "\n"))
    }

    /// A missing include says so first too, and a row without annotations or
    /// includes reads as before.
    func testANilIncludeAndAPlainRow() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let state = try Fixtures.state(
            after: #"Employee.including(optional: Employee.reportsTo).order(Column("EmployeeId"))"#, width: 120,
            height: 20, in: session)
        let screen = lines(state)
        XCTAssertTrue(
            screen.contains { $0.contains("▸ Employee  reportsTo:nil  EmployeeId:1  LastName:\"Adams\"") },
            screen.joined(separator: "\n"))
        let plain = try Fixtures.state(after: "Genre.all()", width: 100, height: 20, in: session)
        XCTAssertTrue(
            lines(plain).contains { $0.contains("  Genre  GenreId:1  Name:\"Rock\"") },
            lines(plain).joined(separator: "\n"))
    }
}
